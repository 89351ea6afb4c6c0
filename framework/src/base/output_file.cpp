#include "base/output_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <system_error>

#include "base/interrupt.hpp"
#include "error.hpp"

namespace plab {

namespace fs = std::filesystem;

namespace {

// What a path that exists but is no regular file is, for the refusal below.
std::string kind_of_path(const fs::file_status& status) {
  switch (status.type()) {
    case fs::file_type::symlink:
      return "a symbolic link";
    case fs::file_type::directory:
      return "a folder";
    case fs::file_type::fifo:
      return "a FIFO (named pipe)";
    case fs::file_type::character:
      return "a character device";
    case fs::file_type::block:
      return "a block device";
    case fs::file_type::socket:
      return "a socket";
    default:
      return "not a regular file";
  }
}

// Only a regular file may be replaced: renaming over a device node, a FIFO or a socket would
// destroy it (as root, a system device), and over a symbolic link would replace the link, not
// the file it names.
void refuse_non_regular_output(const fs::path& out, const std::string& command) {
  std::error_code ec;
  const fs::file_status status = fs::symlink_status(out, ec);
  // A name ending in '/' names a folder even where none exists yet: no file can take it.
  const bool folder_name = !out.empty() && !out.has_filename();
  if (!folder_name && (!fs::exists(status) || fs::is_regular_file(status))) return;
  const std::string kind =
      fs::exists(status) ? kind_of_path(status) : "a folder's name (it ends in '/')";
  throw UsageError("output '" + out.string() + "' is " + kind + "; " + command +
                   " writes a regular file and replaces only a regular file "
                   "(with --force), never a link, folder, device, FIFO or socket: give a file "
                   "name");
}

}  // namespace

OutputFile::OutputFile(const fs::path& out, bool force, std::string command)
    : out_(out), command_(std::move(command)), force_(force) {
  refuse_non_regular_output(out, command_);
  std::error_code ec;
  if (fs::exists(fs::symlink_status(out, ec)) && !force) {
    throw UsageError("output file '" + out.string() + "' exists; " + command_ +
                     " does not replace it unless given --force");
  }
  const fs::path folder = out.has_parent_path() ? out.parent_path() : fs::path(".");
  temp_ = folder / ("." + out.filename().string() + ".tmp-" + std::to_string(::getpid()));
  // A new file of our own: a name already taken (a FIFO planted there would block the
  // open, a link would send the bytes elsewhere) is an error, not a file to write through.
  const int fd = ::open(temp_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
  if (fd < 0) {
    const int why = errno;
    // A folder that cannot be written is named as such: the output itself may well be
    // writable, and a message naming only the file would send the user to the wrong place.
    if (why == EACCES || why == EPERM || why == EROFS) {
      throw WriteError("output file '" + out.string() + "' cannot be written: its folder '" +
                       folder.string() +
                       "' cannot be written (the output is written to a temporary file there and "
                       "renamed into place): " +
                       std::strerror(why));
    }
    throw WriteError("output file '" + out.string() + "' cannot be written: its temporary file '" +
                     temp_.string() + "': " + std::strerror(why));
  }
  created_ = true;
  file_ = ::fdopen(fd, "wb");
  if (file_ == nullptr) {
    ::close(fd);
    throw WriteError("output file '" + out.string() +
                     "' cannot be written: " + std::strerror(errno));
  }
}

OutputFile::~OutputFile() {
  if (file_ != nullptr) std::fclose(file_);
  if (created_ && !committed_) {
    std::error_code ec;
    fs::remove(temp_, ec);
  }
}

void OutputFile::write(std::string_view text) {
  if (std::fwrite(text.data(), 1, text.size(), file_) != text.size()) fail();
}

void OutputFile::stop_if_interrupted(std::string_view verb, const fs::path& source) const {
  if (!interrupt_requested()) return;
  throw_if_interrupted(std::string(verb) + " '" + source.string() + "' to '" + out_.string() + "'",
                       "the output was not written (its temporary file is removed)");
}

void OutputFile::commit() {
  const bool flushed = std::fflush(file_) == 0 && std::ferror(file_) == 0;
  const bool closed = std::fclose(file_) == 0;
  file_ = nullptr;
  if (!flushed || !closed) fail();
  // The output may have been replaced while the input was read.
  refuse_non_regular_output(out_, command_);
  if (!force_) {
    publish_without_replacing();
  } else {
    std::error_code ec;
    fs::rename(temp_, out_, ec);
    if (ec) {
      throw WriteError("output file '" + out_.string() + "' cannot be written: " + ec.message());
    }
  }
  committed_ = true;
}

// Without --force the output must still be absent when it is put in place: a file made there
// while plab wrote (another plab, another program) is not replaced. renameat2's
// RENAME_NOREPLACE does that in one step; where the file system lacks it, a hard link does.
void OutputFile::publish_without_replacing() {
  int rc = ::renameat2(AT_FDCWD, temp_.c_str(), AT_FDCWD, out_.c_str(), RENAME_NOREPLACE);
  if (rc != 0 && (errno == EINVAL || errno == ENOSYS)) {
    rc = ::link(temp_.c_str(), out_.c_str());
    if (rc == 0) ::unlink(temp_.c_str());
  }
  if (rc == 0) return;
  if (errno == EEXIST) {
    throw UsageError("output file '" + out_.string() + "' was made by someone else while " +
                     command_ + " wrote it; it is left as it is and nothing was written (" +
                     command_ + " replaces a file only when given --force)");
  }
  throw WriteError("output file '" + out_.string() +
                   "' cannot be written: " + std::strerror(errno));
}

void OutputFile::fail() const {
  throw WriteError("output file '" + out_.string() +
                   "' could not be written: " + std::strerror(errno != 0 ? errno : EIO));
}

}  // namespace plab
