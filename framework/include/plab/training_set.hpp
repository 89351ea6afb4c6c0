// The read-only view of a data set that a learner trains on.
//
// The engine owns the data: one contiguous, 64-byte aligned, row-major block of doubles,
// shared by every run and thread. A learner sees it through this view and must never write
// to it. When augmentation is on (the default), column 0 is the constant 1 and weight 0 is
// the bias (THEORY.md §0), so a learner needs no special case for the bias.
#pragma once

#include <cstddef>
#include <cstdint>

namespace plab {

struct TrainingSet {
  const double* features = nullptr;  // rows × cols, row-major, contiguous
  std::size_t rows = 0;
  std::size_t cols = 0;                 // dimension seen by the learner, bias column included
  const double* sign = nullptr;         // binary tasks: y ∈ {−1, +1}; otherwise nullptr
  const std::int32_t* label = nullptr;  // class index in [0, classes) for every task
  std::size_t classes = 0;

  const double* row(std::size_t i) const { return features + i * cols; }
};

}  // namespace plab
