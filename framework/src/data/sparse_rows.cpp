#include "data/sparse_rows.hpp"

#include <limits>

#include "error.hpp"

namespace plab {

SparseRows::SparseRows(std::size_t raw_features, bool bias_column)
    : raw_features_(raw_features), bias_column_(bias_column) {
  // Column indices are 32-bit: the augmented dimension must fit.
  PLAB_CHECK(cols() <= std::numeric_limits<std::uint32_t>::max());
  offset_.push_back(0);
}

std::size_t SparseRows::bytes() const {
  return value_.size() * sizeof(double) + index_.size() * sizeof(std::uint32_t) +
         offset_.size() * sizeof(std::uint64_t);
}

void SparseRows::reserve(std::size_t rows, std::size_t entries) {
  offset_.reserve(rows + 1);
  value_.reserve(entries);
  index_.reserve(entries);
}

void SparseRows::begin_row() {
  PLAB_CHECK(!open_row_);
  open_row_ = true;
  if (bias_column_) {
    index_.push_back(0);
    value_.push_back(1.0);
  }
}

void SparseRows::add(std::uint32_t raw_index, double value) {
  PLAB_CHECK(open_row_ && raw_index < raw_features_);
  const std::uint32_t column = raw_index + (bias_column_ ? 1 : 0);
  // Strictly increasing within the row (the sums' order); a reader checks this for the user.
  PLAB_CHECK(index_.size() == offset_.back() || index_.back() < column);
  if (value == 0.0) return;  // a zero stored or not changes no sum (plab/kernels.hpp)
  index_.push_back(column);
  value_.push_back(value);
}

void SparseRows::end_row() {
  PLAB_CHECK(open_row_);
  open_row_ = false;
  offset_.push_back(value_.size());
}

void SparseRows::append_row(std::span<const std::uint32_t> raw_index,
                            std::span<const double> value) {
  PLAB_CHECK(raw_index.size() == value.size());
  begin_row();
  for (std::size_t k = 0; k < value.size(); ++k) add(raw_index[k], value[k]);
  end_row();
}

void SparseRows::append_dense(const double* raw) {
  begin_row();
  for (std::size_t j = 0; j < raw_features_; ++j) {
    if (raw[j] != 0.0) add(static_cast<std::uint32_t>(j), raw[j]);
  }
  end_row();
}

void SparseRows::widen(std::size_t raw_features) {
  PLAB_CHECK(raw_features >= raw_features_);
  raw_features_ = raw_features;
  PLAB_CHECK(cols() <= std::numeric_limits<std::uint32_t>::max());
}

void SparseRows::keep_rows(const std::vector<bool>& keep) {
  PLAB_CHECK(!open_row_ && keep.size() == rows());
  std::size_t out_row = 0;
  std::uint64_t out_entry = 0;
  for (std::size_t i = 0; i < keep.size(); ++i) {
    const std::uint64_t begin = offset_[i];
    const std::uint64_t end = offset_[i + 1];
    if (!keep[i]) continue;
    for (std::uint64_t k = begin; k < end; ++k, ++out_entry) {
      index_[out_entry] = index_[k];
      value_[out_entry] = value_[k];
    }
    offset_[++out_row] = out_entry;
  }
  offset_.resize(out_row + 1);
  index_.resize(out_entry);
  value_.resize(out_entry);
}

}  // namespace plab
