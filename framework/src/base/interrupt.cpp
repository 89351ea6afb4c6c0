#include "base/interrupt.hpp"

#include <unistd.h>

#include <algorithm>
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

// exit_at_once_on_signal's words, set before the handler is installed.
char g_exit_message[1024] = {};

void write_text(const char* text) {
  std::size_t n = 0;
  while (text[n] != '\0') ++n;
  while (n > 0) {
    const ssize_t wrote = ::write(STDERR_FILENO, text, n);
    if (wrote <= 0) return;
    text += wrote;
    n -= static_cast<std::size_t>(wrote);
  }
}

// Only async-signal-safe calls: write(2) and _exit(2).
extern "C" void exit_on_signal(int signal) {
  const char* name = signal == SIGINT    ? "2 (Interrupt)"
                     : signal == SIGTERM ? "15 (Terminated)"
                                         : "1 (Hangup)";
  write_text("plab: interrupted by signal ");
  write_text(name);
  write_text("; ");
  write_text(g_exit_message);
  write_text("\n");
  ::_exit(kExitInterrupted);
}

}  // namespace

void exit_at_once_on_signal(const std::string& consequence) {
  const std::size_t n = std::min(consequence.size(), sizeof g_exit_message - 1);
  std::memcpy(g_exit_message, consequence.data(), n);
  g_exit_message[n] = '\0';
  for (const int signal : {SIGINT, SIGTERM, SIGHUP}) std::signal(signal, exit_on_signal);
}

void restore_default_signals() {
  for (const int signal : {SIGINT, SIGTERM, SIGHUP}) std::signal(signal, SIG_DFL);
}

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

void throw_if_interrupted(const std::string& doing, const std::string& consequence) {
  const int signal = g_signal.load();
  if (signal == 0) return;
  throw InterruptedError("interrupted by signal " + std::to_string(signal) + " (" +
                         ::strsignal(signal) + ") while " + doing + "; " + consequence);
}

void throw_if_interrupted_while_preparing() {
  throw_if_interrupted(
      "preparing the experiment (reading data, loading plugins, computing margins)",
      "nothing was written");
}

}  // namespace plab
