// Memory a learner's params ask for, checked before any run where the engine can estimate it
// from the params and the data's shape. Today one learner sizes its memory by a param: the
// bundled kernel perceptron's row cache holds up to min(cache_mb MiB, 8·n² bytes) for n rows
// (docs/plugins.md). Asking for more than this process can have (its address-space limit, the
// machine's physical memory) would end the run out of memory half-way: it is refused instead.
#pragma once

#include <cstddef>
#include <string>

#include "plab/params.hpp"

namespace plab {

// The bytes this process may use: the lower of RLIMIT_AS and the machine's physical memory.
double memory_available_bytes();

// ConfigError at `params_pointer`/cache_mb when the kernel perceptron's caches for `rows` rows
// of `threads` runs at once (each thread holds one) cannot fit in what is available; nothing
// for any other learner.
void check_learner_memory(const std::string& plugin_name, const ParamSet& params, std::size_t rows,
                          const std::string& params_pointer, int threads = 1);

struct Experiment;

// check_learner_memory for every prepared learner of `e`, once `threads` threads run its runs
// side by side (no more threads than runs remain to make).
void check_memory_of_threads(const Experiment& e, int threads);

}  // namespace plab
