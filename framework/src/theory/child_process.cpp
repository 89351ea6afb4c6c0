#include "theory/child_process.hpp"

#include <poll.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <new>

#include "base/interrupt.hpp"

namespace plab {

namespace {

bool write_all(int fd, const std::string& bytes) {
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<std::size_t>(n);
  }
  return true;
}

// The child's exit status says what became of `work`: its bytes sent, or why not.
constexpr int kChildSent = 0;
constexpr int kChildCouldNotSend = 1;
constexpr int kChildThrew = 2;  // the pipe holds the exception's message instead
constexpr int kChildOutOfMemory = 3;

[[noreturn]] void child_main(int fd, const std::function<std::string()>& work) {
  // Die with plab, and of Ctrl-C like any foreground job, rather than run on orphaned.
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  restore_default_signals();
  // No exception may leave the child: it would unwind into the parent's copied stack and run
  // plab's own error handling (its messages, its exit code) in the child, while the parent
  // went on. Out of memory is told apart so that the parent ends as out of memory too.
  int status = kChildSent;
  try {
    status = write_all(fd, work()) ? kChildSent : kChildCouldNotSend;
  } catch (const std::bad_alloc&) {
    status = kChildOutOfMemory;
  } catch (const std::exception& e) {
    status = write_all(fd, e.what()) ? kChildThrew : kChildCouldNotSend;
  } catch (...) {
    status = kChildCouldNotSend;
  }
  ::_exit(status);  // no atexit handlers, no flushing of the parent's buffers
}

}  // namespace

ChildOutcome run_in_child(const std::function<std::string()>& work, double seconds) {
  ChildOutcome out;
  int fds[2];
  if (::pipe(fds) != 0) {
    out.bytes = work();
    return out;
  }
  const pid_t pid = ::fork();
  if (pid < 0) {
    ::close(fds[0]);
    ::close(fds[1]);
    out.bytes = work();
    return out;
  }
  if (pid == 0) {
    ::close(fds[0]);
    child_main(fds[1], work);
  }
  ::close(fds[1]);
  const auto deadline = std::chrono::steady_clock::now() +
                        std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                            std::chrono::duration<double>(std::max(seconds, 0.0)));
  std::string bytes;
  bool eof = false;
  // A signal that asks plab to stop ends the wait at once (poll returns EINTR): the child
  // is killed and reaped, and the interruption is reported, instead of waiting out the budget.
  const auto stop_child = [&] {
    ::close(fds[0]);
    ::kill(pid, SIGKILL);  // only the child started above
    int ignored = 0;
    while (::waitpid(pid, &ignored, 0) < 0 && errno == EINTR) {
    }
  };
  while (!eof) {
    if (interrupt_requested()) {
      stop_child();
      throw_if_interrupted_while_preparing();
    }
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                          deadline - std::chrono::steady_clock::now())
                          .count();
    if (left <= 0) break;
    pollfd p{fds[0], POLLIN, 0};
    const int ready = ::poll(&p, 1, static_cast<int>(std::min<long long>(left, 100)));
    if (ready < 0 && errno != EINTR) break;
    if (ready <= 0) continue;
    char buffer[65536];
    const ssize_t n = ::read(fds[0], buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      eof = true;
    } else {
      bytes.append(buffer, static_cast<std::size_t>(n));
    }
  }
  ::close(fds[0]);
  if (!eof) ::kill(pid, SIGKILL);  // only the child started above
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (!eof) {
    out.timed_out = true;
    out.failure = "stopped at the time limit";
  } else if (WIFSIGNALED(status)) {
    out.failure = std::string("crashed (") + ::strsignal(WTERMSIG(status)) + ")";
  } else if (WIFEXITED(status) && WEXITSTATUS(status) == kChildOutOfMemory) {
    // Out of memory in the child is out of memory of plab: the caller's handler names it.
    throw std::bad_alloc();
  } else if (WIFEXITED(status) && WEXITSTATUS(status) == kChildThrew) {
    out.failure = "failed: " + bytes;
  } else if (!WIFEXITED(status) || WEXITSTATUS(status) != kChildSent) {
    out.failure = "could not send its result";
  } else {
    out.bytes = std::move(bytes);
  }
  return out;
}

}  // namespace plab
