// Errors a user can cause, each mapped by the CLI to its exit code (docs/exit-codes.md).
//
// Every message is a full sentence: what was wrong, where (file:line:column, JSON Pointer or
// plugin path) and what would be accepted. Internal invariants use PLAB_CHECK instead, which
// names the source line: those are bugs, not user errors.
#pragma once

#include <stdexcept>
#include <string>

namespace plab {

enum ExitCode : int {
  kExitSuccess = 0,
  kExitViolation = 1,  // `plab verify` found a violated bound
  kExitBadInput = 2,   // command line, config or data
  kExitPluginFailure = 3,
  kExitWriteFailure = 4,    // results or output could not be written (disk full, permission)
  kExitUndecided = 5,       // `plab check`: a claim the records cannot decide
  kExitInternalError = 70,  // a bug: an exception no check foresaw (sysexits' EX_SOFTWARE)
  kExitInterrupted = 130,
};

class Error : public std::runtime_error {
 public:
  // A NUL byte in `message` (a name read from a config may hold one) is kept as the six
  // characters \u0000, as JSON writes it: what() is read up to the first NUL, so the message
  // would otherwise end there.
  Error(int exit_code, const std::string& message);
  int exit_code() const { return exit_code_; }

 private:
  int exit_code_;
};

struct UsageError : Error {
  explicit UsageError(const std::string& m) : Error(kExitBadInput, m) {}
};
struct ConfigError : Error {
  explicit ConfigError(const std::string& m) : Error(kExitBadInput, m) {}
};
struct DataError : Error {
  explicit DataError(const std::string& m) : Error(kExitBadInput, m) {}
};
// A runs.jsonl record that is JSON but not one plab could have written (a field missing, of
// the wrong type, a negative count, null where its status needs a number). For readers of a
// folder it is bad input (exit 2) like any DataError; `plab verify` judges the folder
// inconsistent instead (exit 1), since that is what an edited record makes it.
struct InconsistentRecordError : DataError {
  explicit InconsistentRecordError(const std::string& m) : DataError(m) {}
};
struct PluginError : Error {
  explicit PluginError(const std::string& m) : Error(kExitPluginFailure, m) {}
};
// A results folder given as input (to resume, merge or verify) is damaged, unreadable,
// not what was asked for, or in use by another plab.
struct ResultsError : Error {
  explicit ResultsError(const std::string& m) : Error(kExitBadInput, m) {}
};
// Writing results or output failed (disk full, a file size limit, permission, memory):
// the input was fine, the environment not. Records written before stay intact.
struct WriteError : Error {
  explicit WriteError(const std::string& m) : Error(kExitWriteFailure, m) {}
};

// A signal asked plab to stop before anything was written: exit 130 for SIGINT, SIGTERM and
// SIGHUP, 128 + N for the other signals plab handles (base/interrupt.hpp).
struct InterruptedError : Error {
  explicit InterruptedError(const std::string& m, int exit_code = kExitInterrupted)
      : Error(exit_code, m) {}
};

// The exit code of an exception that ends a command: a plab::Error's own; any other
// exception (a failed PLAB_CHECK among them) is a bug, kExitInternalError.
int exit_code_for(const std::exception& error);

[[noreturn]] void fail_check(const char* expression, const char* file, int line);

}  // namespace plab

#define PLAB_CHECK(condition) \
  ((condition) ? static_cast<void>(0) : ::plab::fail_check(#condition, __FILE__, __LINE__))
