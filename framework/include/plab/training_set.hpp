// The read-only view of a data set that a learner trains on.
//
// The engine owns the data: one contiguous, 64-byte aligned, row-major block of doubles,
// shared by every run and thread. A learner sees it through this view and must never write
// to it. When augmentation is on (the default), column 0 is the constant 1 and weight 0 is
// the bias (THEORY.md §0), so a learner needs no special case for the bias.
//
// With `"precision": "float32"` on the data set (docs/config-reference.md) the values were
// rounded to float once at load, and `features32` holds them as floats as well: the same
// rows, the same values (each float widens exactly to the double beside it). A learner may
// read either; reading the float rows halves the memory traffic of a pass. Its weights and
// arithmetic stay double, so both give the same run bit for bit. features32 is nullptr for
// float64 data (the default).
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

  // Appended in ABI version 5 (plab/abi.hpp): rows × cols floats, or nullptr.
  const float* features32 = nullptr;

  const double* row(std::size_t i) const { return features + i * cols; }
  const float* row32(std::size_t i) const { return features32 + i * cols; }
};

}  // namespace plab
