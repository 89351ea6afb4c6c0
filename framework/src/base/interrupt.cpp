#include "base/interrupt.hpp"

#include <atomic>
#include <csignal>
#include <cstring>
#include <string>

#include "error.hpp"

namespace plab {

namespace {

std::atomic<int> g_signal{0};
static_assert(std::atomic<int>::is_always_lock_free, "the signal flag must be async-signal-safe");

extern "C" void on_signal(int signal) {
  g_signal.store(signal);
  // A second signal takes the default action: a user who presses Ctrl-C twice means it.
  std::signal(signal, SIG_DFL);
}

}  // namespace

void install_interrupt_handlers() {
  std::signal(SIGINT, on_signal);
  std::signal(SIGTERM, on_signal);
  // A closed terminal (SIGHUP) is a request to stop like Ctrl-C: the folder is closed cleanly.
  std::signal(SIGHUP, on_signal);
  // A closed stdout (`plab run ... | head -1`) must not kill plab half-way: writes to it then
  // fail with EPIPE and are dropped, while the results, the manifest and the report are
  // finished and the exit code is the usual one.
  std::signal(SIGPIPE, SIG_IGN);
}

bool interrupt_requested() { return g_signal.load() != 0; }
int interrupt_signal() { return g_signal.load(); }

void throw_if_interrupted_while_preparing() {
  const int signal = g_signal.load();
  if (signal == 0) return;
  throw InterruptedError("interrupted by signal " + std::to_string(signal) + " (" +
                         ::strsignal(signal) +
                         ") while preparing the experiment (reading data, loading plugins, "
                         "computing margins); nothing was written");
}

}  // namespace plab
