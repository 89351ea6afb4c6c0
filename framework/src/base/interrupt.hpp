// SIGINT/SIGTERM/SIGHUP handling: the first signal asks the runner to stop starting runs and
// to close the results folder cleanly; a second one ends the process at once. SIGPIPE is
// ignored: a closed stdout does not end a run.
#pragma once

#include <string>

namespace plab {

void install_interrupt_handlers();
bool interrupt_requested();
int interrupt_signal();  // the signal that asked, 0 if none

// Throws InterruptedError (exit 130) if a signal asked to stop while the experiment was being
// prepared (configs, data, plugins, the margin oracle): nothing has been written yet.
void throw_if_interrupted_while_preparing();

// For a command that writes nothing until its end (plab verify --replay): from now on the first
// SIGINT, SIGTERM or SIGHUP prints "plab: interrupted by signal N (NAME); " + `consequence`
// and ends the process at once with exit 130, whatever it is doing (a long run being replayed
// included). restore_default_signals() ends this before the command writes its files.
void exit_at_once_on_signal(const std::string& consequence);
void restore_default_signals();

// Throws InterruptedError (exit 130) if a signal asked to stop: "interrupted by signal N
// (name) while `doing`; `consequence`". For the commands that write nothing until the end
// (convert, verify --replay), which poll it between rows or runs.
void throw_if_interrupted(const std::string& doing, const std::string& consequence);

}  // namespace plab
