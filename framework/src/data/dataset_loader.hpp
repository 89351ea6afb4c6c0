// Building a Dataset from the `dataset` block of a config (CSV file or inline arrays).
#pragma once

#include "config/experiment_config.hpp"
#include "data/dataset.hpp"

namespace plab {

// Throws DataError (file:line:column) or ConfigError (JSON Pointer) naming the problem.
Dataset load_dataset(const DatasetSpec& spec);

}  // namespace plab
