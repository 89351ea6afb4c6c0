#include "base/input_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <string>

#include "error.hpp"

namespace plab {

namespace {

std::string kind_of(mode_t mode) {
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISDIR(mode)) return "a folder";
  if (S_ISSOCK(mode)) return "a socket";
  if (S_ISCHR(mode) || S_ISBLK(mode)) return "a device";
  return "of another kind";
}

}  // namespace

InputFile open_regular_input(const std::filesystem::path& file) {
  InputFile none(nullptr, &std::fclose);
  const int fd = ::open(file.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return none;
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    throw DataError("'" + file.string() + "' is not a regular file (it is " + kind_of(st.st_mode) +
                    "); a results folder holds the files plab wrote: remove it, or put back the "
                    "file plab wrote there");
  }
  // Reads of a regular file never block; the flag is cleared all the same so that the
  // stream behaves as one fopen made.
  ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
  std::FILE* f = ::fdopen(fd, "rb");
  if (f == nullptr) {
    ::close(fd);
    return none;
  }
  return InputFile(f, &std::fclose);
}

}  // namespace plab

namespace plab {

void refuse_irregular_input(const std::filesystem::path& file) { (void)open_regular_input(file); }

}  // namespace plab
