#include "support/process.hpp"

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <functional>
#include <stdexcept>

#include "support/temp_dir.hpp"

namespace plab::test {

namespace {

// Waits (at most 20 s) until `file` holds a newline, polling every 2 ms.
void wait_for_line(const std::string& file) {
  for (int k = 0; k < 10000; ++k) {
    std::error_code ec;
    if (std::filesystem::exists(file, ec) && read_file(file).find('\n') != std::string::npos) {
      return;
    }
    usleep(2000);
  }
}

// How a child is started and when it is signalled.
struct SpawnOptions {
  int signal = 0;
  int delay_ms = 0;
  std::string after_file;
  std::function<bool()> ready;  // signal once this is true (instead of after_file)
  ProcessLimits limits;
  int ignored_on_entry = 0;  // a signal the child starts with ignored (0: none)
};

ProcessResult spawn_and_wait(const std::string& program, const std::vector<std::string>& args,
                             const std::string& cwd, const std::vector<std::string>& env,
                             const SpawnOptions& options) {
  // Output goes to files rather than pipes: no deadlock however much the child prints.
  TempDir io;
  const std::string out_path = (io / "stdout").string();
  const std::string err_path = (io / "stderr").string();
  const std::string work = cwd.empty() ? std::filesystem::current_path().string() : cwd;

  pid_t pid = fork();
  if (pid < 0) throw std::runtime_error("fork failed");
  if (pid == 0) {
    const int out = open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int err = open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int in = open("/dev/null", O_RDONLY);
    if (out < 0 || err < 0 || in < 0 || chdir(work.c_str()) != 0) _exit(127);
    dup2(in, 0);
    dup2(out, 1);
    dup2(err, 2);
    if (options.limits.file_size != 0) {
      const rlimit limit{options.limits.file_size, options.limits.file_size};
      if (setrlimit(RLIMIT_FSIZE, &limit) != 0) _exit(127);
    }
    if (options.limits.address_space != 0) {
      const rlimit limit{options.limits.address_space, options.limits.address_space};
      if (setrlimit(RLIMIT_AS, &limit) != 0) _exit(127);
    }
    // A hang-up this test process ignores (a CI started under nohup) is not passed on.
    std::signal(SIGHUP, SIG_DFL);
    if (options.ignored_on_entry != 0) std::signal(options.ignored_on_entry, SIG_IGN);
    for (const std::string& assignment : env) putenv(const_cast<char*>(assignment.c_str()));
    std::vector<char*> argv;
    argv.push_back(const_cast<char*>(program.c_str()));
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    execv(program.c_str(), argv.data());
    _exit(127);
  }
  if (options.signal != 0) {
    if (!options.after_file.empty()) wait_for_line(options.after_file);
    for (int k = 0; options.ready && k < 10000 && !options.ready(); ++k) usleep(2000);
    usleep(static_cast<useconds_t>(options.delay_ms) * 1000);
    kill(pid, options.signal);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  ProcessResult r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  r.out = read_file(out_path);
  r.err = read_file(err_path);
  return r;
}

}  // namespace

ProcessResult run_process(const std::string& program, const std::vector<std::string>& args,
                          const std::string& cwd, const std::vector<std::string>& env) {
  return spawn_and_wait(program, args, cwd, env, {});
}

ProcessResult run_process_and_signal(const std::string& program,
                                     const std::vector<std::string>& args, int signal, int delay_ms,
                                     const std::string& cwd, const std::string& after_file) {
  SpawnOptions options;
  options.signal = signal;
  options.delay_ms = delay_ms;
  options.after_file = after_file;
  return spawn_and_wait(program, args, cwd, {}, options);
}

ProcessResult run_plab_with_file_size_limit(const std::vector<std::string>& args,
                                            unsigned long long bytes) {
  return run_plab_with_limits(args, ProcessLimits{bytes, 0});
}

ProcessResult run_plab_with_limits(const std::vector<std::string>& args,
                                   const ProcessLimits& limits, const std::string& cwd) {
  SpawnOptions options;
  options.limits = limits;
  return spawn_and_wait(PLAB_BINARY, args, cwd, {}, options);
}

ProcessResult run_plab_and_signal_when(const std::vector<std::string>& args, int signal,
                                       const std::function<bool()>& ready, const std::string& cwd,
                                       bool sigint_ignored) {
  SpawnOptions options;
  options.signal = signal;
  options.ready = ready;
  options.ignored_on_entry = sigint_ignored ? SIGINT : 0;
  return spawn_and_wait(PLAB_BINARY, args, cwd, {}, options);
}

ProcessResult run_plab_ignoring_and_signal_when(const std::vector<std::string>& args, int ignored,
                                                int signal, const std::function<bool()>& ready) {
  SpawnOptions options;
  options.signal = signal;
  options.ready = ready;
  options.ignored_on_entry = ignored;
  return spawn_and_wait(PLAB_BINARY, args, "", {}, options);
}

bool under_sanitizer() {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
  return true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
  return true;
#else
  return false;
#endif
#else
  return false;
#endif
}

ProcessResult run_plab(const std::vector<std::string>& args, const std::string& cwd,
                       const std::vector<std::string>& env) {
  return spawn_and_wait(PLAB_BINARY, args, cwd, env, {});
}

ProcessResult plab_signalled_at(const std::string& calls, const std::string& path,
                                const std::vector<std::string>& args, const std::string& signal) {
  std::vector<std::string> strace = {"-f",
                                     "-o",
                                     "/dev/null",
                                     "-P",
                                     path,
                                     "-e",
                                     "trace=" + calls,
                                     "-e",
                                     "inject=" + calls + ":signal=" + signal + ":when=1",
                                     PLAB_BINARY};
  strace.insert(strace.end(), args.begin(), args.end());
  return run_process("/usr/bin/strace", strace, "",
                     {"ASAN_OPTIONS=detect_leaks=0:abort_on_error=0"});
}

}  // namespace plab::test
