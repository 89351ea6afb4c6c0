#include "results/folder/space_reserve.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <utility>

namespace plab {

SpaceReserve::SpaceReserve(const std::filesystem::path& dir, std::uintmax_t bytes) {
  const std::filesystem::path file = dir / kReserveFileName;
  // Whatever is at the name (one left by a killed plab, or a FIFO or link planted there) is
  // removed, never opened: opening a FIFO to write waits for a reader, and a link would lead
  // out of the folder. The reserve is then made afresh, a new file of its own.
  ::unlink(file.c_str());
  const int fd = ::open(file.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (fd < 0) return;
  // posix_fallocate takes real blocks (a sparse file would free nothing when deleted).
  const bool allocated = ::posix_fallocate(fd, 0, static_cast<off_t>(bytes)) == 0;
  ::close(fd);
  if (allocated) {
    file_ = file;
  } else {
    ::unlink(file.c_str());
  }
}

SpaceReserve::~SpaceReserve() { release(); }

SpaceReserve::SpaceReserve(SpaceReserve&& other) noexcept : file_(std::exchange(other.file_, {})) {}

SpaceReserve& SpaceReserve::operator=(SpaceReserve&& other) noexcept {
  if (this != &other) {
    release();
    file_ = std::exchange(other.file_, {});
  }
  return *this;
}

void SpaceReserve::release() {
  if (file_.empty()) return;
  ::unlink(file_.c_str());
  file_.clear();
}

}  // namespace plab
