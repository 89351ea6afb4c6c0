#include "base/machine_memory.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <fstream>

namespace plab {

namespace {

// A cgroup v2 limit ("max" or a byte count), or 0 if there is none or it cannot be read.
std::uint64_t cgroup_limit() {
  std::ifstream in("/sys/fs/cgroup/memory.max");
  std::string text;
  if (!(in >> text) || text == "max") return 0;
  std::uint64_t bytes = 0;
  for (const char c : text) {
    if (c < '0' || c > '9') return 0;
    bytes = bytes * 10 + static_cast<std::uint64_t>(c - '0');
  }
  return bytes;
}

}  // namespace

std::uint64_t machine_memory_bytes() {
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long page_size = sysconf(_SC_PAGE_SIZE);
  std::uint64_t bytes = pages > 0 && page_size > 0 ? static_cast<std::uint64_t>(pages) *
                                                         static_cast<std::uint64_t>(page_size)
                                                   : 0;
  const std::uint64_t limit = cgroup_limit();
  if (limit != 0 && (bytes == 0 || limit < bytes)) bytes = limit;
  return bytes;
}

std::string gibibytes_text(long double bytes) {
  char text[48];
  std::snprintf(text, sizeof text, "%.1Lf GiB", bytes / static_cast<long double>(1u << 30));
  return text;
}

}  // namespace plab
