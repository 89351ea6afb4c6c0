#include "base/input_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <string>

#include "error.hpp"

namespace plab {

namespace {

std::string kind_of(mode_t mode) {
  if (S_ISLNK(mode)) return "a symbolic link";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISDIR(mode)) return "a folder";
  if (S_ISSOCK(mode)) return "a socket";
  if (S_ISCHR(mode) || S_ISBLK(mode)) return "a device";
  return "of another kind";
}

[[noreturn]] void refuse_not_regular(const std::filesystem::path& file, mode_t mode) {
  throw DataError("'" + file.string() + "' is not a regular file (it is " + kind_of(mode) +
                  "); a results folder holds the files plab wrote: remove it, or put back the "
                  "file plab wrote there");
}

}  // namespace

InputFile open_regular_input(const std::filesystem::path& file) {
  InputFile none(nullptr, &std::fclose);
  const int fd = ::open(file.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    // A socket cannot be opened at all (ENXIO): it is no regular file all the same.
    struct stat st {};
    if (errno != ENOENT && ::stat(file.c_str(), &st) == 0 && !S_ISREG(st.st_mode))
      refuse_not_regular(file, st.st_mode);
    return none;
  }
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    refuse_not_regular(file, st.st_mode);
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

namespace {

// open_own_file, the refusal of other names left to the caller (`refuse_other_names`).
int open_own(const std::filesystem::path& file, int flags, bool refuse_other_names) {
  // O_NOFOLLOW: a link planted at the name fails with ELOOP instead of being followed out of
  // the folder; O_NONBLOCK: a FIFO opens at once (and is refused below) instead of waiting.
  const int fd = ::open(file.c_str(), flags | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0644);
  if (fd < 0) {
    // Whatever is at the name and is no regular file gets the one answer, however the open
    // failed on it: ELOOP for a link, EISDIR for a folder opened to write, ENXIO for a FIFO or
    // socket opened to write with no reader.
    const int error = errno;
    struct stat st {};
    if (error != ENOENT && ::lstat(file.c_str(), &st) == 0 && !S_ISREG(st.st_mode))
      refuse_not_regular(file, st.st_mode);
    errno = error;
    return -1;
  }
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    refuse_not_regular(file, st.st_mode);
  }
  // A second name (a hard link) may be a file outside the folder: writing or emptying this one
  // would change that one too.
  if (refuse_other_names && st.st_nlink > 1) {
    ::close(fd);
    throw DataError("'" + file.string() + "' has other names (" + std::to_string(st.st_nlink) +
                    " hard links to one file): plab writes in a results folder only files of "
                    "its own, never one that is also elsewhere; remove it, or put back the file "
                    "plab wrote there");
  }
  ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
  return fd;
}

}  // namespace

int open_own_file(const std::filesystem::path& file, int flags) {
  return open_own(file, flags, true);
}

int open_own_file_to_read(const std::filesystem::path& file) {
  return open_own(file, O_RDONLY, false);
}

void refuse_foreign_own_file(const std::filesystem::path& file) {
  const int fd = open_own_file(file, O_RDONLY);
  if (fd >= 0) ::close(fd);
}

int create_own_temp_file(const std::filesystem::path& file) {
  if (::unlink(file.c_str()) != 0 && errno != ENOENT) return -1;
  // O_EXCL: a name taken again between the unlink and here is an error, not a file to open.
  return ::open(file.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
}

}  // namespace plab
