// Signals that ask plab to stop. SIGINT, SIGTERM and SIGHUP, and every other signal whose
// default action ends the process (SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGIO,
// SIGPWR, SIGSTKFLT, SIGXCPU, the real-time signals, and the core-dumping SIGQUIT, SIGABRT,
// SIGSYS and SIGTRAP when another process sends them): the first one asks the runner to stop
// starting runs and to close the results folder cleanly, and the commands that write a file at
// their end to remove their temporary files; a second one ends `run` at once (SecondSignal). The
// others are taken only when their action on entry is the default one: a signal a parent
// ignored (nohup) or a profiler's SIGPROF stays as it was. A core-dumping signal plab raises
// itself (abort() from an assert or std::terminate) still ends it with a core dump, and
// SIGSEGV, SIGBUS, SIGFPE and SIGILL are never taken: they are plab's own faults. SIGPIPE and
// SIGXFSZ ask plab to stop only when another process sends them: the kernel raises them for
// plab's own write (a closed stdout, the file size limit), which then fails with EPIPE or EFBIG
// as if they were ignored. Only the plab command line installs these
// handlers (never a fuzz target or a test binary, whose runtimes rely on SIGABRT).
#pragma once

#include <string>

namespace plab {

// Whether a second signal ends plab at once (`run`: a user who presses Ctrl-C twice means it)
// or is noted too, the first one's cleanup going on (export, convert, report: a rollback or a
// temporary file removed, which take no time).
enum class SecondSignal { kEndsAtOnce, kNoted };
void install_interrupt_handlers(SecondSignal second = SecondSignal::kEndsAtOnce);

// Ignores SIGXFSZ for every command (a write past `ulimit -f` then fails with EFBIG, reported
// as an I/O error, instead of killing plab mid-file), remembering its action on entry for
// install_interrupt_handlers(). Called by main() first.
void ignore_file_size_signal();
bool interrupt_requested();
int interrupt_signal();  // the signal that asked, 0 if none

// The exit status after `signal` asked plab to stop: 130 for SIGINT, SIGTERM and SIGHUP (as
// plab always answered them), 128 + N for the others, as a shell reports a process N ended.
int interrupted_exit_code(int signal);

// Throws InterruptedError if a signal asked to stop while the experiment was being prepared
// (configs, data, plugins, the margin oracle): nothing has been written yet.
void throw_if_interrupted_while_preparing();

// For a command that writes nothing until its end (plab verify --replay): from now on the first
// signal plab handles prints "plab: interrupted by signal N (NAME); " + `consequence` and ends
// the process at once with interrupted_exit_code(N), whatever it is doing (a long run being
// replayed included). restore_default_signals() ends this before the command writes its files,
// and a child process calls it to die of these signals as any process would.
void exit_at_once_on_signal(const std::string& consequence);
void restore_default_signals();

// Throws InterruptedError if a signal asked to stop: "interrupted by signal N (name) while
// `doing`; `consequence`". For the commands that write nothing until the end (convert,
// verify --replay), which poll it between rows or runs.
void throw_if_interrupted(const std::string& doing, const std::string& consequence);

}  // namespace plab
