// Runs a computation that cannot be interrupted (LIBLINEAR's train() has no time limit and
// may abort) in a child process, so that the oracle's budget holds and a crash in it stays
// a method's failure. The child inherits the data copy-on-write and sends back
// bytes through a pipe.
#pragma once

#include <functional>
#include <optional>
#include <string>

namespace plab {

struct ChildOutcome {
  std::optional<std::string> bytes;  // what `work` returned, if the child finished
  bool timed_out = false;            // killed at the time limit
  std::string failure;               // otherwise why there are no bytes
};

// `work` runs in the child; the child is killed after `seconds`. Where fork() is refused,
// `work` runs here instead, without a time limit. Out of memory in the child (std::bad_alloc)
// is thrown here as std::bad_alloc; any other exception in it is a failure with its message.
ChildOutcome run_in_child(const std::function<std::string()>& work, double seconds);

}  // namespace plab
