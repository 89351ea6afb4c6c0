// Rows of a sparse data set in compressed-row form (CSR), appended one at a time: the block a
// sparse Dataset keeps. Values, 32-bit column indices and 64-bit row offsets each
// live in one 64-byte aligned allocation, shared read-only by every run through TrainingSet.
//
// Augmentation: with a bias column every row starts with an explicit entry (0, 1.0) and the
// raw feature j is stored as column j + 1, the augmented layout of docs/learners.md, "Conventions".
// Storing the bias keeps the sparse sums in exactly the dense order (plab/kernels.hpp) with no
// special case in any kernel, for one entry a row.
//
// A reader appends a row as its raw (0-based) feature indices and values, strictly increasing
// and finite; zero values are dropped, so a row holds its non-zeros only. Nothing dense is
// ever made: a row callback writes straight into the three arrays.
#pragma once

#include <cstddef>
#include <cstdint>
#include <new>
#include <span>
#include <vector>

#include "plab/training_set.hpp"

namespace plab {

// std::allocator's interface with 64-byte (cache line) alignment.
template <class T>
struct CacheLineAllocator {
  using value_type = T;
  static constexpr std::size_t kAlignment = 64;
  CacheLineAllocator() = default;
  template <class U>
  CacheLineAllocator(const CacheLineAllocator<U>& /*other*/) {}
  T* allocate(std::size_t n) {
    return static_cast<T*>(::operator new (n * sizeof(T), std::align_val_t{kAlignment}));
  }
  void deallocate(T* p, std::size_t /*n*/) { ::operator delete (p, std::align_val_t{kAlignment}); }
  template <class U>
  bool operator==(const CacheLineAllocator<U>& /*other*/) const {
    return true;
  }
};

class SparseRows {
 public:
  SparseRows() : SparseRows(0, false) {}
  SparseRows(std::size_t raw_features, bool bias_column);

  std::size_t rows() const { return offset_.size() - 1; }
  std::size_t raw_features() const { return raw_features_; }
  std::size_t cols() const { return raw_features_ + (bias_column_ ? 1 : 0); }
  bool bias_column() const { return bias_column_; }
  std::size_t entries() const { return value_.size(); }  // the bias entries included
  // Bytes of the three arrays as they stand (their sizes, not capacities).
  std::size_t bytes() const;

  // Room for `rows` rows of `entries` entries in all, so the arrays do not move.
  void reserve(std::size_t rows, std::size_t entries);

  // A row entry by entry: begin_row(), add() in strictly increasing raw index, end_row().
  void begin_row();
  void add(std::uint32_t raw_index, double value);
  void end_row();
  // The same in one call.
  void append_row(std::span<const std::uint32_t> raw_index, std::span<const double> value);
  // A dense row of raw_features() values (its non-zeros are kept).
  void append_dense(const double* raw);

  // Widens the rows to `raw_features` (never narrows): a reader whose width is the largest
  // index seen (svmlight without n_features) widens as it goes; stored entries keep their
  // columns, since raw feature j is column j + 1 whatever the width.
  void widen(std::size_t raw_features);

  // Keeps the rows whose flag is set (one flag a row), in their order.
  void keep_rows(const std::vector<bool>& keep);

  SparseRow row(std::size_t i) const {
    return {index_.data() + offset_[i], value_.data() + offset_[i],
            static_cast<std::size_t>(offset_[i + 1] - offset_[i])};
  }
  const std::uint64_t* offsets() const { return offset_.data(); }
  const std::uint32_t* indices() const { return index_.data(); }
  const double* values() const { return value_.data(); }

 private:
  std::vector<double, CacheLineAllocator<double>> value_;
  std::vector<std::uint32_t, CacheLineAllocator<std::uint32_t>> index_;   // augmented columns
  std::vector<std::uint64_t, CacheLineAllocator<std::uint64_t>> offset_;  // rows() + 1
  std::size_t raw_features_ = 0;
  bool bias_column_ = false;
  bool open_row_ = false;
};

}  // namespace plab
