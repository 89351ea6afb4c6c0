// SIGINT/SIGTERM/SIGHUP handling: the first signal asks the runner to stop starting runs and
// to close the results folder cleanly; a second one ends the process at once. SIGPIPE is
// ignored: a closed stdout does not end a run.
#pragma once

namespace plab {

void install_interrupt_handlers();
bool interrupt_requested();
int interrupt_signal();  // the signal that asked, 0 if none

// Throws InterruptedError (exit 130) if a signal asked to stop while the experiment was being
// prepared (configs, data, plugins, the margin oracle): nothing has been written yet.
void throw_if_interrupted_while_preparing();

}  // namespace plab
