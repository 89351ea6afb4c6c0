#include "results/folder/folder_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <string>
#include <thread>
#include <utility>

#include "base/input_file.hpp"
#include "error.hpp"

namespace plab {

namespace fs = std::filesystem;

namespace {

std::string read_pid(int fd) {
  char buffer[32] = {};
  const ssize_t got = pread(fd, buffer, sizeof buffer - 1, 0);
  if (got <= 0) return "";
  std::string text(buffer, static_cast<std::size_t>(got));
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  return text;
}

// The holder writes its PID right after taking the lock; a refused process may look in
// between, so it waits a moment for the PID rather than name nobody.
std::string holder_pid(int fd) {
  std::string pid;
  for (int attempt = 0; attempt < 100 && pid.empty(); ++attempt) {
    pid = read_pid(fd);
    if (pid.empty()) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return pid;
}

[[noreturn]] void refuse_busy(int fd, const fs::path& dir, const char* what) {
  const std::string pid = holder_pid(fd);
  close(fd);
  throw ResultsError("'" + dir.string() + "' is in use: another plab (PID " +
                     (pid.empty() ? std::string("unknown") : pid) + ") is writing it (" +
                     (dir / kLockFileName).string() + " is locked); " + what);
}

}  // namespace

FolderLock::FolderLock(FolderLock&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)), exclusive_(other.exclusive_) {}

FolderLock& FolderLock::operator=(FolderLock&& other) noexcept {
  if (this != &other) {
    FolderLock old(std::move(*this));
    fd_ = std::exchange(other.fd_, -1);
    exclusive_ = other.exclusive_;
  }
  return *this;
}

FolderLock::~FolderLock() {
  if (fd_ < 0) return;
  if (exclusive_) (void)ftruncate(fd_, 0);
  close(fd_);  // releases the flock
}

FolderLock FolderLock::exclusive(const fs::path& dir) {
  const fs::path file = dir / kLockFileName;
  const int fd = open_own_file(file, O_RDWR | O_CREAT);
  if (fd < 0) {
    throw WriteError("cannot create the lock file '" + file.string() +
                     "': " + std::strerror(errno));
  }
  if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
    if (errno == EWOULDBLOCK) {
      refuse_busy(fd, dir, "wait for it to end, or choose another folder");
    }
    const int error = errno;
    close(fd);
    throw WriteError("cannot lock '" + file.string() + "': " + std::strerror(error));
  }
  const std::string pid = std::to_string(getpid()) + "\n";
  if (ftruncate(fd, 0) != 0 ||
      pwrite(fd, pid.data(), pid.size(), 0) != static_cast<ssize_t>(pid.size())) {
    const int error = errno;
    close(fd);
    throw WriteError("cannot write the lock file '" + file.string() + "': " + std::strerror(error));
  }
  return FolderLock(fd, true);
}

FolderLock FolderLock::shared_if_present(const fs::path& dir, const char* advice) {
  const fs::path file = dir / kLockFileName;
  // A reader's lock writes nothing: a hard-linked lock (a `cp -al` backup beside) is fine.
  const int fd = open_own_file_to_read(file);
  if (fd < 0) return FolderLock();
  if (flock(fd, LOCK_SH | LOCK_NB) != 0) {
    if (errno == EWOULDBLOCK) refuse_busy(fd, dir, advice);
    close(fd);
    return FolderLock();  // a lock that cannot be taken for reading protects nothing here
  }
  return FolderLock(fd, false);
}

std::string FolderLock::writer_pid(const fs::path& dir) {
  const int fd = open_own_file_to_read(dir / kLockFileName);
  if (fd < 0) return "";
  // A shared lock taken and dropped at once: it fails only while a writer holds the folder.
  std::string pid;
  if (flock(fd, LOCK_SH | LOCK_NB) == 0) {
    (void)flock(fd, LOCK_UN);
  } else if (errno == EWOULDBLOCK) {
    pid = holder_pid(fd);
    if (pid.empty()) pid = "unknown";
  }
  close(fd);
  return pid;
}

bool folder_is_empty_but_lock(const fs::path& dir) {
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().filename() != kLockFileName) return false;
  }
  return true;
}

}  // namespace plab
