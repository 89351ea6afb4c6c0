// Room kept for a session's last words. On a full disk the records stop, and the files that
// say so (manifest.json with status "failed", the summaries) need blocks of their own: a
// results folder holds `.plab.reserve`, blocks allocated when the runs start and given back
// just before those files are written at the end. Best effort: where the blocks cannot be
// had (a disk full already, a file size limit) there is no reserve, and the session goes on.
#pragma once

#include <cstdint>
#include <filesystem>

namespace plab {

inline constexpr const char* kReserveFileName = ".plab.reserve";

class SpaceReserve {
 public:
  SpaceReserve() = default;
  // Allocates `bytes` in DIR/.plab.reserve (replacing one a killed plab left).
  SpaceReserve(const std::filesystem::path& dir, std::uintmax_t bytes);
  ~SpaceReserve();
  SpaceReserve(SpaceReserve&& other) noexcept;
  SpaceReserve& operator=(SpaceReserve&& other) noexcept;
  SpaceReserve(const SpaceReserve&) = delete;
  SpaceReserve& operator=(const SpaceReserve&) = delete;

  // Deletes the file, freeing its blocks for the writes that follow.
  void release();

 private:
  std::filesystem::path file_;  // empty when there is none
};

}  // namespace plab
