// Building a Dataset from the `dataset` block of a config: a CSV or svmlight file, inline
// arrays, or a synthetic generator (whose teacher comes along for the "teacher" margin oracle).
#pragma once

#include "config/experiment_config.hpp"
#include "data/dataset.hpp"

namespace plab {

// Throws DataError (file:line:column) or ConfigError (JSON Pointer) naming the problem.
// `seed` is the experiment's master seed: synthetic data derives from it unless the dataset
// gives its own.
Dataset load_dataset(const DatasetSpec& spec, std::uint64_t seed = 0);

struct LoadedData {
  Dataset data;
  std::vector<double> teacher;     // synthetic generators only
  std::vector<std::string> notes;  // for the user (an svmlight file's ignored qid:)
};
LoadedData load_dataset_with_teacher(const DatasetSpec& spec, std::uint64_t seed);

}  // namespace plab
