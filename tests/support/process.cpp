#include "support/process.hpp"

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <filesystem>
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

ProcessResult spawn_and_wait(const std::string& program, const std::vector<std::string>& args,
                             const std::string& cwd, const std::vector<std::string>& env,
                             int signal, int delay_ms, const std::string& after_file,
                             unsigned long long file_size_limit = 0) {
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
    if (file_size_limit != 0) {
      const rlimit limit{file_size_limit, file_size_limit};
      if (setrlimit(RLIMIT_FSIZE, &limit) != 0) _exit(127);
    }
    for (const std::string& assignment : env) putenv(const_cast<char*>(assignment.c_str()));
    std::vector<char*> argv;
    argv.push_back(const_cast<char*>(program.c_str()));
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    execv(program.c_str(), argv.data());
    _exit(127);
  }
  if (signal != 0) {
    if (!after_file.empty()) wait_for_line(after_file);
    usleep(static_cast<useconds_t>(delay_ms) * 1000);
    kill(pid, signal);
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
  return spawn_and_wait(program, args, cwd, env, 0, 0, "");
}

ProcessResult run_process_and_signal(const std::string& program,
                                     const std::vector<std::string>& args, int signal, int delay_ms,
                                     const std::string& cwd, const std::string& after_file) {
  return spawn_and_wait(program, args, cwd, {}, signal, delay_ms, after_file);
}

ProcessResult run_plab_with_file_size_limit(const std::vector<std::string>& args,
                                            unsigned long long bytes) {
  return spawn_and_wait(PLAB_BINARY, args, "", {}, 0, 0, "", bytes);
}

ProcessResult run_plab(const std::vector<std::string>& args, const std::string& cwd,
                       const std::vector<std::string>& env) {
  return spawn_and_wait(PLAB_BINARY, args, cwd, env, 0, 0, "");
}

}  // namespace plab::test
