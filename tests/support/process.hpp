// Running the real plab binary from a test: arguments, environment, exit code, output.
#pragma once

#include <string>
#include <vector>

namespace plab::test {

struct ProcessResult {
  int exit_code = -1;
  std::string out;  // stdout
  std::string err;  // stderr
};

// Runs `program` with `args` (no shell), in `cwd` if given, with extra environment
// assignments "NAME=value". Waits for it to end.
ProcessResult run_process(const std::string& program, const std::vector<std::string>& args,
                          const std::string& cwd = "", const std::vector<std::string>& env = {});

// Like run_process, but sends `signal` to the child `delay_ms` after starting it, or, with
// `after_file`, `delay_ms` after that file first holds a complete line.
ProcessResult run_process_and_signal(const std::string& program,
                                     const std::vector<std::string>& args, int signal, int delay_ms,
                                     const std::string& cwd = "",
                                     const std::string& after_file = "");

// Runs the plab binary with a file size limit (RLIMIT_FSIZE, bytes): writes past it fail as
// on a full disk, without needing a small file system.
ProcessResult run_plab_with_file_size_limit(const std::vector<std::string>& args,
                                            unsigned long long bytes);

// Runs the plab binary under test.
ProcessResult run_plab(const std::vector<std::string>& args, const std::string& cwd = "",
                       const std::vector<std::string>& env = {});

}  // namespace plab::test
