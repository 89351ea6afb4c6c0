// A results folder made whole or not at all (`plab merge OUT ...`): its files are written into
// a hidden folder beside OUT, `.NAME.merging-PID`, and publish() renames that folder to OUT.
// Dropped without publish() (an error, a signal), the hidden folder goes, with the parent
// folders it had to make, and OUT is as it was: never a folder without its manifest that
// blocks the next attempt. A process killed outright (SIGKILL) leaves at most the hidden
// folder, never a partial OUT.
#pragma once

#include <filesystem>
#include <vector>

#include "results/folder/folder_lock.hpp"

namespace plab {

class StagedFolder {
 public:
  // ResultsError when OUT exists and is no folder or holds files (results are never
  // overwritten); UsageError when OUT is a link to nothing or inside a results folder
  // (checked_new_out; a link to a folder is followed); WriteError when the hidden folder
  // cannot be made. The hidden folder comes locked (folder_lock.hpp); the lock moves with it
  // to OUT.
  explicit StagedFolder(const std::filesystem::path& out);
  StagedFolder(const StagedFolder&) = delete;
  StagedFolder& operator=(const StagedFolder&) = delete;
  ~StagedFolder();

  // Where the files are written: the hidden folder until publish(), OUT after.
  const std::filesystem::path& path() const { return published_ ? out_ : staging_; }

  // Renames the hidden folder to OUT. ResultsError when OUT was given files meanwhile, or
  // another plab holds it; WriteError when the rename fails otherwise (the hidden folder is
  // then removed as without publish()).
  void publish();

 private:
  std::filesystem::path out_;
  std::filesystem::path staging_;
  std::vector<std::filesystem::path> made_parents_;  // deepest first
  FolderLock lock_;
  bool published_ = false;
};

}  // namespace plab
