// Running the real plab binary from a test: arguments, environment, exit code, output.
#pragma once

#include <functional>
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

// Resource limits for a plab child (0: none).
struct ProcessLimits {
  unsigned long long file_size = 0;      // RLIMIT_FSIZE, bytes: writes past it fail (EFBIG)
  unsigned long long address_space = 0;  // RLIMIT_AS, bytes: allocations past it fail
};

// Runs the plab binary under `limits`, in `cwd` if given.
ProcessResult run_plab_with_limits(const std::vector<std::string>& args,
                                   const ProcessLimits& limits, const std::string& cwd = "");

// Runs the plab binary and sends it `signal` as soon as `ready()` is true (polled every 2 ms,
// for at most 20 s; signalled then all the same), then waits for it. With `sigint_ignored`
// the child starts with SIGINT ignored, as a background job of a shell does.
ProcessResult run_plab_and_signal_when(const std::vector<std::string>& args, int signal,
                                       const std::function<bool()>& ready,
                                       const std::string& cwd = "", bool sigint_ignored = false);

// As above, with the signal `ignored` ignored when the child starts (as `nohup` ignores SIGHUP).
ProcessResult run_plab_ignoring_and_signal_when(const std::vector<std::string>& args, int ignored,
                                                int signal, const std::function<bool()>& ready);

// True in a build under AddressSanitizer or ThreadSanitizer, whose runtimes reserve terabytes
// of address space: plab cannot start there under an RLIMIT_AS limit. The tests that need one
// are named MemoryLimit.*; the asan preset leaves them out by name and the tsan preset never
// includes them (CMakePresets.json, docs/trust-model.md). Run there anyway, they fail saying so.
bool under_sanitizer();

// Runs the plab binary under strace, which sends `signal` ("SIGTERM") on entry to the first of
// the system calls `calls` ("openat", "rename,renameat,renameat2") whose first path is `path`
// (a rename is matched by the file it renames). The call itself completes; plab's handler runs
// when it returns: a signal at an exact point, with no timing involved. LeakSanitizer, which
// needs ptrace itself, is off there.
ProcessResult plab_signalled_at(const std::string& calls, const std::string& path,
                                const std::vector<std::string>& args,
                                const std::string& signal = "SIGTERM");

// Runs the plab binary under test.
ProcessResult run_plab(const std::vector<std::string>& args, const std::string& cwd = "",
                       const std::vector<std::string>& env = {});

}  // namespace plab::test
