// The read-only view of a data set that a learner trains on.
//
// The engine owns the data, shared by every run and thread; a learner sees it through this
// view and must never write to it. It is stored one of two ways:
//   dense:  one contiguous, 64-byte aligned, row-major block of doubles (`features`);
//   sparse: compressed rows (CSR, ABI 5): row i holds the entries csr_index/csr_value
//           [csr_offset[i], csr_offset[i+1]), column indices strictly increasing, no zero
//           values stored; `features` is nullptr.
// When augmentation is on (the default), column 0 is the constant 1 and weight 0 is the bias
// (docs/learners.md, "Conventions"), so a learner needs no special case for the bias. In sparse
// storage the bias is an explicit entry (0, 1.0) first in every row, so the sparse kernels sum in
// the same order as the dense ones (plab/kernels.hpp).
//
// A learner written with the SDK's loops and kernels (online_loop.hpp, kernels.hpp) reads
// rows through row_view(i) or the loops' Sample and runs on both storages unchanged; a
// learner that reads `features` or row(i) directly must declare itself dense-only
// (PluginDescriptor::storage), and the engine then refuses it on sparse data.
//
// With `"precision": "float32"` on a dense data set (docs/config-reference.md) the values were
// rounded to float once at load, and `features32` holds them as floats as well: the same
// rows, the same values (each float widens exactly to the double beside it). A learner may
// read either; reading the float rows halves the memory traffic of a pass. Its weights and
// arithmetic stay double, so both give the same run bit for bit. features32 is nullptr for
// float64 data (the default) and for sparse data (the engine refuses float32 with sparse).
#pragma once

#include <cstddef>
#include <cstdint>

namespace plab {

// One sparse row: `count` entries, column indices strictly increasing.
struct SparseRow {
  const std::uint32_t* index = nullptr;
  const double* value = nullptr;
  std::size_t count = 0;
};

// A row of either storage: `dense` points at cols values, or is nullptr and `sparse` holds
// the row's entries. The kernels (plab/kernels.hpp) take it as it is.
struct RowView {
  const double* dense = nullptr;
  SparseRow sparse;
  bool is_sparse() const { return dense == nullptr; }
};

struct TrainingSet {
  const double* features = nullptr;  // rows × cols, row-major, contiguous; nullptr if sparse
  std::size_t rows = 0;
  std::size_t cols = 0;                 // dimension seen by the learner, bias column included
  const double* sign = nullptr;         // binary tasks: y ∈ {−1, +1}; otherwise nullptr
  const std::int32_t* label = nullptr;  // class index in [0, classes) for every task
  std::size_t classes = 0;
  // Sparse storage (see above); all three nullptr for dense data.
  const std::uint64_t* csr_offset = nullptr;  // rows + 1 offsets
  const std::uint32_t* csr_index = nullptr;
  const double* csr_value = nullptr;

  // Appended in ABI version 5 (plab/abi.hpp): rows × cols floats for dense float32 data, or
  // nullptr.
  const float* features32 = nullptr;

  bool sparse() const { return csr_offset != nullptr; }
  // Dense storage only.
  const double* row(std::size_t i) const { return features + i * cols; }
  // Dense float32 data only.
  const float* row32(std::size_t i) const { return features32 + i * cols; }
  // Sparse storage only.
  SparseRow sparse_row(std::size_t i) const {
    const std::uint64_t begin = csr_offset[i];
    return {csr_index + begin, csr_value + begin,
            static_cast<std::size_t>(csr_offset[i + 1] - begin)};
  }
  // Either storage.
  RowView row_view(std::size_t i) const {
    if (sparse()) return {nullptr, sparse_row(i)};
    return {row(i), {}};
  }
};

}  // namespace plab
