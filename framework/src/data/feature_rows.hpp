// Rows of feature values appended one at a time into one aligned block: the very block a
// Dataset keeps, so that a loaded file is held once rather than parsed into a table and then
// copied. With a bias column every row starts with a constant 1 (the augmented
// layout of docs/learners.md, "Conventions") and the raw features follow it.
#pragma once

#include <cstddef>
#include <vector>

#include "data/aligned_array.hpp"

namespace plab {

class FeatureRows {
 public:
  FeatureRows() = default;
  FeatureRows(std::size_t raw_features, bool bias_column)
      : raw_features_(raw_features), bias_column_(bias_column) {}

  std::size_t rows() const { return rows_; }
  std::size_t raw_features() const { return raw_features_; }
  std::size_t cols() const { return raw_features_ + (bias_column_ ? 1 : 0); }
  bool bias_column() const { return bias_column_; }
  // Rows that fit before the block must move.
  std::size_t capacity() const { return capacity_; }

  // Makes room for `rows` rows in all. A reader that knows how many rows are coming calls
  // this once, so the block never moves; without it the block grows geometrically, which
  // copies it (and briefly holds it twice) on each growth.
  void reserve(std::size_t rows);

  // Adds a row, its bias already 1, and returns where its raw_features() values go.
  double* append_row();

  // Keeps the rows whose flag is set (one flag a row), in their order.
  void keep_rows(const std::vector<bool>& keep);

  const double* data() const { return block_.data(); }
  const double* row(std::size_t i) const { return block_.data() + i * cols(); }
  double* row(std::size_t i) { return block_.data() + i * cols(); }
  double* raw_row(std::size_t i) { return block_.data() + i * cols() + (bias_column_ ? 1 : 0); }
  const double* raw_row(std::size_t i) const {
    return block_.data() + i * cols() + (bias_column_ ? 1 : 0);
  }

  // rows × raw_features, row-major, without the bias: a copy, for tests and comparisons.
  std::vector<double> raw_values() const;

 private:
  AlignedArray block_;  // capacity_ rows of cols() values
  std::size_t capacity_ = 0;
  std::size_t rows_ = 0;
  std::size_t raw_features_ = 0;
  bool bias_column_ = false;
};

}  // namespace plab
