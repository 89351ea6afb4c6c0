// One writer per results folder: an exclusive flock(2) on DIR/.plab.lock.
//
// `plab run` (new folder or --resume) and `plab merge` hold it from before they look at the
// folder until they exit, so two writers can never interleave their records; a second one is
// refused naming the holder's PID. The kernel drops a flock when its holder dies, so a lock
// file left by a killed plab never blocks. `plab report` writes into the folder, so it takes a
// shared lock and is refused while a plab writes there. `plab verify` only reads: it takes no
// lock (a reader never blocks a writer) but says, as a note, that the folder is being written.
#pragma once

#include <filesystem>
#include <string>

namespace plab {

inline constexpr const char* kLockFileName = ".plab.lock";

class FolderLock {
 public:
  FolderLock() = default;
  FolderLock(FolderLock&& other) noexcept;
  FolderLock& operator=(FolderLock&& other) noexcept;
  FolderLock(const FolderLock&) = delete;
  FolderLock& operator=(const FolderLock&) = delete;
  // Empties the lock file (no PID of a finished plab stays behind), then releases it.
  ~FolderLock();

  // Takes the exclusive lock of the existing folder `dir`, creating the lock file if needed,
  // and writes this process's PID into it. Throws ResultsError naming the holder's PID if
  // another process holds it, WriteError if the lock file cannot be made or written.
  static FolderLock exclusive(const std::filesystem::path& dir);

  // For reading a folder that must not change meanwhile (a shard being merged): a shared lock
  // if the folder has a lock file, nothing otherwise (a folder written before locks existed).
  // Throws ResultsError naming the writer's PID if one holds the folder.
  // `advice` ends the refusal ("wait for it to end").
  static FolderLock shared_if_present(const std::filesystem::path& dir,
                                      const char* advice = "wait for it to end");

  // The PID of a plab writing `dir` now ("unknown" if it has not yet written it), or "" if
  // none does. It probes with a shared lock dropped at once; a plab taking the folder for
  // writing in that instant is refused as usual (and can simply be started again).
  static std::string writer_pid(const std::filesystem::path& dir);

 private:
  explicit FolderLock(int fd, bool exclusive) : fd_(fd), exclusive_(exclusive) {}
  int fd_ = -1;
  bool exclusive_ = false;
};

// True if `dir` holds nothing but (perhaps) its lock file.
bool folder_is_empty_but_lock(const std::filesystem::path& dir);

}  // namespace plab
