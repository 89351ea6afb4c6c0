// The memory a synthetic data set takes, estimated from its request before it is generated,
// so that a request that cannot fit (rows × dim of hundreds of gigabytes) is refused at once
// with its size instead of running the machine out of memory hours later.
#pragma once

#include "config/experiment_config.hpp"

namespace plab {

// Bytes held at the peak of generating and storing the set: the generated values, the data
// set's copy of them and its labels (a lower estimate: the allocator's slack is left out).
long double synthetic_peak_bytes(const DatasetSpec& spec);

// ConfigError at /dataset naming the estimate and the machine's memory when the estimate is
// more than the machine has (base/machine_memory.hpp); nothing when the machine does not say.
void check_synthetic_fits(const DatasetSpec& spec);

}  // namespace plab
