#include <algorithm>
#include <cmath>

#include "theory/separator_solvers.hpp"

namespace plab {

std::vector<double> column_scales(const Dataset& data) {
  constexpr double kLow = 0x1p-40;
  constexpr double kHigh = 0x1p40;
  std::vector<double> scale(data.cols(), 1.0);
  std::vector<double> column_largest(data.cols(), 0.0);
  for (std::size_t i = 0; i < data.rows(); ++i) {
    const RowView x = data.row_view(i);
    if (x.is_sparse()) {
      for (std::size_t k = 0; k < x.sparse.count; ++k) {
        double& c = column_largest[x.sparse.index[k]];
        c = std::max(c, std::fabs(x.sparse.value[k]));
      }
    } else {
      for (std::size_t j = 0; j < data.cols(); ++j)
        column_largest[j] = std::max(column_largest[j], std::fabs(x.dense[j]));
    }
  }
  for (std::size_t j = 0; j < data.cols(); ++j) {
    const double largest = column_largest[j];
    if (largest == 0.0 || (largest >= kLow && largest <= kHigh)) continue;
    int e = 0;
    std::frexp(largest, &e);  // largest = f · 2^e, 0.5 ≤ f < 1
    // 2^-e brings it into [0.5, 1); capped so that the factor itself stays finite.
    scale[j] = std::ldexp(1.0, std::min(-e, 1000));
  }
  return scale;
}

NonEmptyColumns non_empty_columns(const Dataset& data, const std::vector<double>& scale) {
  NonEmptyColumns out;
  out.number.assign(data.cols(), 0);
  for (std::size_t i = 0; i < data.rows(); ++i) {
    const RowView x = data.row_view(i);
    if (x.is_sparse()) {
      for (std::size_t k = 0; k < x.sparse.count; ++k) {
        const std::size_t j = x.sparse.index[k];
        if (x.sparse.value[k] * scale[j] != 0.0) out.number[j] = 1;
      }
    } else {
      for (std::size_t j = 0; j < data.cols(); ++j) {
        if (x.dense[j] * scale[j] != 0.0) out.number[j] = 1;
      }
    }
  }
  for (std::size_t j = 0; j < out.number.size(); ++j) {
    if (out.number[j] == 0) continue;
    out.column.push_back(j);
    out.number[j] = static_cast<int>(out.column.size());
  }
  return out;
}

}  // namespace plab
