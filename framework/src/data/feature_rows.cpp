#include "data/feature_rows.hpp"

#include <algorithm>
#include <cstring>

namespace plab {

void FeatureRows::reserve(std::size_t rows) {
  if (rows <= capacity_) return;
  AlignedArray bigger(rows * cols());
  if (rows_ > 0) std::memcpy(bigger.data(), block_.data(), rows_ * cols() * sizeof(double));
  block_ = std::move(bigger);
  capacity_ = rows;
}

double* FeatureRows::append_row() {
  if (rows_ == capacity_) reserve(std::max<std::size_t>(64, capacity_ * 2));
  double* row = block_.data() + rows_ * cols();
  if (bias_column_) *row++ = 1.0;
  ++rows_;
  return row;
}

void FeatureRows::keep_rows(const std::vector<bool>& keep) {
  std::size_t out = 0;
  for (std::size_t i = 0; i < rows_; ++i) {
    if (!keep[i]) continue;
    if (out != i) std::memcpy(block_.data() + out * cols(), row(i), cols() * sizeof(double));
    ++out;
  }
  rows_ = out;
}

std::vector<double> FeatureRows::raw_values() const {
  std::vector<double> values;
  values.reserve(rows_ * raw_features_);
  for (std::size_t i = 0; i < rows_; ++i) {
    values.insert(values.end(), raw_row(i), raw_row(i) + raw_features_);
  }
  return values;
}

}  // namespace plab
