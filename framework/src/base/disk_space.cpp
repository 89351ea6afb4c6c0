#include "base/disk_space.hpp"

#include <sys/statvfs.h>

#include <array>
#include <cstdio>

namespace plab {

std::optional<DiskSpace> free_space_for(const std::filesystem::path& target) {
  std::error_code ec;
  std::filesystem::path folder = std::filesystem::absolute(target, ec);
  if (ec) return std::nullopt;
  for (;;) {
    struct statvfs fs {};
    if (std::filesystem::is_directory(folder, ec) && statvfs(folder.c_str(), &fs) == 0) {
      return DiskSpace{folder, static_cast<std::uint64_t>(fs.f_bavail) *
                                   static_cast<std::uint64_t>(fs.f_frsize)};
    }
    if (!folder.has_relative_path()) return std::nullopt;  // the root could not be asked
    folder = folder.parent_path();
  }
}

std::string byte_count_text(std::uint64_t bytes) {
  static constexpr std::array<const char*, 6> kUnits = {"bytes", "KiB", "MiB", "GiB", "TiB", "PiB"};
  auto scaled = static_cast<long double>(bytes);
  std::size_t unit = 0;
  while (scaled >= 1024 && unit + 1 < kUnits.size()) {
    scaled /= 1024;
    ++unit;
  }
  std::string text = std::to_string(bytes) + " bytes";
  if (unit == 0) return text;
  std::array<char, 32> readable{};
  std::snprintf(readable.data(), readable.size(), " (%.1Lf %s)", scaled, kUnits[unit]);
  return text + readable.data();
}

}  // namespace plab
