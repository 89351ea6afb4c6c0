#include "base/interrupt.hpp"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <iterator>
#include <string>
#include <vector>

#include "error.hpp"

namespace plab {

namespace {

std::atomic<int> g_signal{0};
static_assert(std::atomic<int>::is_always_lock_free, "the signal flag must be async-signal-safe");

// SIGINT and SIGTERM are always taken (a background job's ignored SIGINT too: Ctrl-C and kill
// must reach `plab run ... &`); the others, SIGHUP among them, only where their action on entry
// is the default one, so that `nohup plab run ...` survives the terminal it was started from.
constexpr int kAlwaysTaken[] = {SIGINT, SIGTERM};

// Signals whose default action dumps core. Sent by another process (kill, sigqueue) they ask
// plab to stop as the others do; raised by plab itself (abort() from an assert or
// std::terminate, a breakpoint, a seccomp trap) they must still end it with a core dump.
constexpr int kCoreSignals[] = {SIGQUIT, SIGABRT, SIGSYS, SIGTRAP};

// Signals the kernel raises for plab's own write: SIGPIPE for a pipe without reader, SIGXFSZ
// past the file size limit (ulimit -f). Raised so, they are ignored and the write fails (EPIPE:
// a closed stdout ends quietly; EFBIG: an I/O error, exit 4); sent by another process, they
// ask plab to stop as SIGINT does.
constexpr int kOwnWriteSignals[] = {SIGPIPE, SIGXFSZ};

// Whether a second signal ends plab at once (run) or is noted as well (the short cleanups).
bool g_second_ends_at_once = true;

// SIGXFSZ's action before main() ignored it for every command (ignore_file_size_signal()):
// whether plab may take it is decided on what it was when plab started.
struct sigaction g_file_size_on_entry {};
bool g_file_size_on_entry_known = false;

std::vector<int> signals_to_take() {
  std::vector<int> out(std::begin(kAlwaysTaken), std::end(kAlwaysTaken));
  for (const int s :
       {SIGHUP, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGIO, SIGPWR, SIGSTKFLT, SIGXCPU}) {
    out.push_back(s);
  }
  out.insert(out.end(), std::begin(kCoreSignals), std::end(kCoreSignals));
  out.insert(out.end(), std::begin(kOwnWriteSignals), std::end(kOwnWriteSignals));
  for (int s = SIGRTMIN; s <= SIGRTMAX; ++s) out.push_back(s);
  return out;
}

bool always_taken(int signal) {
  return std::find(std::begin(kAlwaysTaken), std::end(kAlwaysTaken), signal) !=
         std::end(kAlwaysTaken);
}

// The signals plab took over, and their action before, for restore_default_signals().
constexpr int kMaxSignal = 65;
bool g_taken[kMaxSignal] = {};
struct sigaction g_before[kMaxSignal] = {};

bool dumps_core(int signal) {
  return std::find(std::begin(kCoreSignals), std::end(kCoreSignals), signal) !=
         std::end(kCoreSignals);
}

bool raised_by_own_write(int signal) {
  return std::find(std::begin(kOwnWriteSignals), std::end(kOwnWriteSignals), signal) !=
         std::end(kOwnWriteSignals);
}

bool default_when_plab_started(int signal, const struct sigaction& now) {
  if (signal == SIGXFSZ && g_file_size_on_entry_known)
    return g_file_size_on_entry.sa_handler == SIG_DFL;
  return now.sa_handler == SIG_DFL;
}

// kill(2) and sigqueue(3) from another process say SI_USER or SI_QUEUE with its pid. The
// kernel's SIGPIPE and SIGXFSZ for a write say SI_USER with plab's own pid.
bool sent_by_another_process(const siginfo_t* info) {
  return info != nullptr && (info->si_code == SI_USER || info->si_code == SI_QUEUE) &&
         info->si_pid != ::getpid();
}

void take(int signal, void (*handler)(int, siginfo_t*, void*)) {
  if (signal <= 0 || signal >= kMaxSignal) return;
  struct sigaction now {};
  struct sigaction before {};
  if (::sigaction(signal, nullptr, &before) != 0) return;
  if (!g_taken[signal]) {
    if (!always_taken(signal) && !default_when_plab_started(signal, before)) return;
    g_before[signal] = before;
    g_taken[signal] = true;
  }
  now.sa_sigaction = handler;
  // SA_RESTART as signal(2) installs a handler: reads and writes go on.
  now.sa_flags = SA_RESTART | SA_SIGINFO;
  sigemptyset(&now.sa_mask);
  ::sigaction(signal, &now, nullptr);
}

// False for a core-dumping signal plab raised itself: its default action is restored and the
// signal raised again, pending until the handler returns, so that the process dies of it
// with a core dump as it would have without plab's handler. Only a signal another process
// sent (kill(2) and sigqueue(3) say SI_USER and SI_QUEUE; raise(3) and abort(3) say SI_TKILL,
// a trap the kernel raises a positive code) asks plab to stop.
// SIGPIPE or SIGXFSZ of plab's own write asks nothing either: the handler returns and the
// write fails with EPIPE or EFBIG, as if the signal were ignored.
bool asks_to_stop(int signal, const siginfo_t* info) {
  if (raised_by_own_write(signal)) return sent_by_another_process(info);
  if (!dumps_core(signal)) return true;
  if (sent_by_another_process(info)) return true;
  std::signal(signal, SIG_DFL);
  ::raise(signal);
  return false;
}

extern "C" void on_signal(int signal, siginfo_t* info, void* /*context*/) {
  if (!asks_to_stop(signal, info)) return;
  int none = 0;
  const bool first = g_signal.compare_exchange_strong(none, signal);
  if (!g_second_ends_at_once) return;  // noted: the first signal's cleanup goes on
  // A second signal takes the default action: a user who presses Ctrl-C twice means it.
  // SIGPIPE and SIGXFSZ keep the handler, which must go on ignoring plab's own writes: a
  // second one sent ends plab here.
  if (!raised_by_own_write(signal)) {
    std::signal(signal, SIG_DFL);
  } else if (!first) {
    ::_exit(interrupted_exit_code(signal));
  }
}

// exit_at_once_on_signal's words and each signal's "N (NAME)", set before the handler is
// installed: the handler may not call strsignal or allocate.
char g_exit_message[1024] = {};
char g_signal_names[kMaxSignal][64] = {};

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

// Only async-signal-safe calls: write(2) and _exit(2) (and asks_to_stop's signal and raise).
extern "C" void exit_on_signal(int signal, siginfo_t* info, void* /*context*/) {
  if (!asks_to_stop(signal, info)) return;
  write_text("plab: interrupted by signal ");
  write_text(signal > 0 && signal < kMaxSignal ? g_signal_names[signal] : "?");
  write_text("; ");
  write_text(g_exit_message);
  write_text("\n");
  ::_exit(interrupted_exit_code(signal));
}

}  // namespace

int interrupted_exit_code(int signal) {
  return signal == SIGINT || signal == SIGTERM || signal == SIGHUP ? kExitInterrupted
                                                                   : 128 + signal;
}

void exit_at_once_on_signal(const std::string& consequence) {
  const std::size_t n = std::min(consequence.size(), sizeof g_exit_message - 1);
  std::memcpy(g_exit_message, consequence.data(), n);
  g_exit_message[n] = '\0';
  for (const int signal : signals_to_take()) {
    if (signal <= 0 || signal >= kMaxSignal) continue;
    const std::string name = std::to_string(signal) + " (" + ::strsignal(signal) + ")";
    std::snprintf(g_signal_names[signal], sizeof g_signal_names[signal], "%s", name.c_str());
    take(signal, exit_on_signal);
  }
}

void restore_default_signals() {
  for (int signal = 1; signal < kMaxSignal; ++signal) {
    if (!g_taken[signal]) continue;
    if (always_taken(signal)) {
      std::signal(signal, SIG_DFL);
    } else {
      ::sigaction(signal, &g_before[signal], nullptr);
    }
  }
}

void ignore_file_size_signal() {
  g_file_size_on_entry_known = ::sigaction(SIGXFSZ, nullptr, &g_file_size_on_entry) == 0;
  std::signal(SIGXFSZ, SIG_IGN);
}

void install_interrupt_handlers(SecondSignal second) {
  g_second_ends_at_once = second == SecondSignal::kEndsAtOnce;
  // A closed terminal (SIGHUP) is a request to stop like Ctrl-C: the folder is closed cleanly
  // (unless SIGHUP was ignored when plab started: nohup asked plab to outlive the terminal).
  // A closed stdout (`plab run ... | head -1`) must not kill plab half-way: the handler
  // ignores the kernel's SIGPIPE, writes to stdout fail with EPIPE and are dropped, while the
  // results, the manifest and the report are finished and the exit code is the usual one.
  // A SIGPIPE ignored when plab started stays ignored.
  for (const int signal : signals_to_take()) take(signal, on_signal);
}

bool interrupt_requested() { return g_signal.load() != 0; }
int interrupt_signal() { return g_signal.load(); }

void throw_if_interrupted(const std::string& doing, const std::string& consequence) {
  const int signal = g_signal.load();
  if (signal == 0) return;
  throw InterruptedError("interrupted by signal " + std::to_string(signal) + " (" +
                             ::strsignal(signal) + ") while " + doing + "; " + consequence,
                         interrupted_exit_code(signal));
}

void throw_if_interrupted_while_preparing() {
  throw_if_interrupted(
      "preparing the experiment (reading data, loading plugins, computing margins)",
      "nothing was written");
}

}  // namespace plab
