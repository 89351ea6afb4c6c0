// SIGINT/SIGTERM/SIGHUP handling: the first signal asks the runner to stop starting runs and
// to close the results folder cleanly; a second one ends the process at once. SIGPIPE is
// ignored: a closed stdout does not end a run.
#pragma once

namespace plab {

void install_interrupt_handlers();
bool interrupt_requested();
int interrupt_signal();  // the signal that asked, 0 if none

}  // namespace plab
