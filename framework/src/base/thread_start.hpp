// OpenMP's worker threads, started where a failure can be answered. libgomp ends the whole
// process with exit(1) ("libgomp: Thread creation failed") when it cannot create a thread for
// a parallel region, e.g. under an address-space limit (ulimit -v) too small for the threads'
// stacks: exit 1 would read as a failed claim and the folder would be left "running". So the
// threads are tried first, with the stack size libgomp gives them, and the OpenMP pool is
// started with as many as could start; later regions of at most that many threads reuse it.
#pragma once

#include <string>

namespace plab {

struct ThreadStart {
  int threads = 1;   // how many threads (the calling one included) run from now on
  std::string note;  // why fewer than asked ("only 1 of 2 threads could start: ..."), or ""
};

// Starts OpenMP's pool with up to `wanted` threads; never fewer than 1 (the calling thread
// needs no creation).
ThreadStart start_worker_threads(int wanted);

}  // namespace plab
