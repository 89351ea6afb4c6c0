// Free space on the file system that holds, or will hold, a path: so that a run whose records
// cannot fit is refused before it writes hundreds of gigabytes and fills the disk.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

namespace plab {

struct DiskSpace {
  std::filesystem::path measured_at;  // the folder statvfs was asked about
  std::uint64_t free_bytes = 0;       // what an unprivileged process may still write there
};

// statvfs of `target`, or of its nearest existing parent folder when it does not exist yet
// (a results folder about to be made); nothing when no folder on the way can be asked.
std::optional<DiskSpace> free_space_for(const std::filesystem::path& target);

// "123456789 bytes (117.7 MiB)": a byte count for messages, exact and readable.
std::string byte_count_text(std::uint64_t bytes);

}  // namespace plab
