#include "report/gnuplot.hpp"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

namespace plab {

std::string gnuplot_quote(const std::string& text) {
  std::string out = "'";
  for (char c : text) {
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) continue;
    out += c == '\'' ? std::string("''") : std::string(1, c);
  }
  return out + "'";
}

namespace {

// Why the child could not become gnuplot: the step that failed and its errno, sent up a
// close-on-exec pipe, so that a missing program, a memory limit and a folder that cannot be
// entered are told apart (an exit status alone cannot: the loader's failures are 127 too).
struct StartFailure {
  int step = 0;  // kOpenLog, kEnterFolder or kExec
  int error = 0;
};
constexpr int kOpenLog = 1;
constexpr int kEnterFolder = 2;
constexpr int kExec = 3;

[[noreturn]] void report_start_failure(int pipe_fd, int step) {
  const StartFailure failure{step, errno};
  (void)!write(pipe_fd, &failure, sizeof failure);
  _exit(127);
}

std::string start_failure_text(const StartFailure& f, const std::filesystem::path& folder) {
  if (f.step == kExec && f.error == ENOENT) {
    return "gnuplot is not installed: no program gnuplot on PATH (Debian package gnuplot-nox; "
           "scripts/setup-deps installs it)";
  }
  const std::string why = std::strerror(f.error);
  if (f.step == kExec) {
    return "could not start gnuplot: " + why +
           (f.error == ENOMEM || f.error == E2BIG || f.error == EAGAIN
                ? " (a memory limit such as ulimit -v may be too low for it)"
                : "");
  }
  return "could not start gnuplot: " +
         std::string(f.step == kOpenLog ? "its log file in '" : "the folder '") + folder.string() +
         "': " + why;
}

}  // namespace

std::string run_gnuplot(const std::filesystem::path& script, const std::filesystem::path& folder) {
  const std::filesystem::path errors = folder / (script.stem().string() + ".log");
  int report[2];
  if (pipe2(report, O_CLOEXEC) != 0) {
    return std::string("could not start gnuplot: no pipe to it: ") + std::strerror(errno);
  }
  const pid_t pid = fork();
  if (pid < 0) {
    const int error = errno;
    close(report[0]);
    close(report[1]);
    return std::string("could not start gnuplot: fork failed: ") + std::strerror(error);
  }
  if (pid == 0) {
    close(report[0]);
    // Never through a link: the report removed the figure's files before drawing it.
    const int err = open(errors.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, 0644);
    const int null = open("/dev/null", O_RDWR);
    if (err < 0 || null < 0) report_start_failure(report[1], kOpenLog);
    if (chdir(folder.c_str()) != 0) report_start_failure(report[1], kEnterFolder);
    dup2(null, 0);
    dup2(null, 1);
    dup2(err, 2);
    const std::string name = script.filename().string();
    execlp("gnuplot", "gnuplot", name.c_str(), static_cast<char*>(nullptr));
    report_start_failure(report[1], kExec);
  }
  close(report[1]);
  StartFailure failure;
  ssize_t got = 0;
  do {
    got = read(report[0], &failure, sizeof failure);
  } while (got < 0 && errno == EINTR);
  close(report[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (got == static_cast<ssize_t>(sizeof failure)) {
    std::error_code ec;
    std::filesystem::remove(errors, ec);
    return start_failure_text(failure, folder);
  }
  std::ifstream in(errors);
  std::ostringstream log;
  log << in.rdbuf();
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
    std::error_code ec;
    std::filesystem::remove(errors, ec);
    return "";
  }
  // gnuplot started; its own errors and the dynamic loader's (a library it cannot map under a
  // memory limit ends it with 127 before main) are in its log.
  std::string text = log.str();
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  if (text.size() > 400) text = text.substr(0, 400) + "...";
  if (text.empty()) {
    text = WIFSIGNALED(status) ? "it was ended by signal " + std::to_string(WTERMSIG(status))
                               : "it ended with status " + std::to_string(WEXITSTATUS(status)) +
                                     " and wrote nothing";
  }
  return "gnuplot failed on " + script.filename().string() + ": " + text;
}

}  // namespace plab
