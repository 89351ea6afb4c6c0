// Train/test splits for the holdout protocol: stratified (each class split in the same
// proportion) and drawn from the run's own random stream, so that every learner of a repeat
// gets the same split (a paired comparison) and results do not depend on threads.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "data/aligned_array.hpp"
#include "plab/training_set.hpp"

namespace plab {

// A copy of some rows of a training set, with its own view.
class RowSubset {
 public:
  RowSubset(const TrainingSet& source, const std::vector<std::size_t>& rows);
  const TrainingSet& view() const { return view_; }

 private:
  AlignedArray features_;
  AlignedBlock<float> features32_;  // float32 data only
  // Sparse sources: the rows' entries, copied in the same compressed form.
  std::vector<std::uint64_t> offset_;
  std::vector<std::uint32_t> index_;
  std::vector<double> value_;
  std::vector<double> sign_;
  std::vector<std::int32_t> label_;
  TrainingSet view_;
};

struct SplitRows {
  std::vector<std::size_t> train;
  std::vector<std::size_t> test;
};

// Holdout: in each class, round(test_fraction × size) rows go to the test set (at least one
// row stays on each side when the class has two or more).
SplitRows stratified_holdout(const TrainingSet& data, double test_fraction, std::uint64_t seed);

// Cross-validation: each class is shuffled and dealt round-robin into `folds` folds; fold
// `fold` is the test set.
SplitRows stratified_fold(const TrainingSet& data, std::size_t folds, std::size_t fold,
                          std::uint64_t seed);

}  // namespace plab
