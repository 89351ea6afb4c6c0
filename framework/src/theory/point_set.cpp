#include "theory/point_set.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "plab/kernels.hpp"

namespace plab {

PointSet::PointSet(const Dataset& data)
    : data_(data),
      multiclass_(data.task() == TaskKind::kMulticlass),
      classes_(data.class_names().size()) {}

std::size_t PointSet::size() const {
  return multiclass_ ? data_.rows() * (classes_ - 1) : data_.rows();
}

std::size_t PointSet::dim() const { return multiclass_ ? classes_ * data_.cols() : data_.cols(); }

void PointSet::point(std::size_t index, std::span<double> out) const {
  const std::size_t d = data_.cols();
  if (!multiclass_) {
    const double y = data_.label(index) == 1 ? 1.0 : -1.0;
    for (std::size_t j = 0; j < d; ++j) out[j] = y * data_.row(index)[j];
    return;
  }
  const std::size_t i = index / (classes_ - 1);
  const auto y = static_cast<std::size_t>(data_.label(i));
  std::size_t c = index % (classes_ - 1);
  if (c >= y) ++c;  // the classes other than y, in order
  std::fill(out.begin(), out.end(), 0.0);
  for (std::size_t j = 0; j < d; ++j) {
    out[y * d + j] = data_.row(i)[j];
    out[c * d + j] = -data_.row(i)[j];
  }
}

PointSet::Extreme PointSet::min_dot(std::span<const double> x, WorkLimit* limit) const {
  const std::size_t d = data_.cols();
  Extreme best;
  best.value = std::numeric_limits<double>::infinity();
  const auto stop = [&](std::size_t work) {
    best.stopped = limit != nullptr && limit->reached(work);
    return best.stopped;
  };
  if (!multiclass_) {
    for (std::size_t i = 0; i < data_.rows(); ++i) {
      if (stop(d)) return best;
      const double y = data_.label(i) == 1 ? 1.0 : -1.0;
      // j upward, on either storage (equal on both: plab/kernels.hpp)
      const double s = plab::dot(x.data(), data_.row_view(i), d);
      if (y * s < best.value) best = {i, y * s};
    }
    return best;
  }
  std::vector<double> score(classes_);
  for (std::size_t i = 0; i < data_.rows(); ++i) {
    if (stop(classes_ * d)) return best;
    for (std::size_t c = 0; c < classes_; ++c) {
      score[c] = plab::dot(x.data() + c * d, data_.row_view(i), d);
    }
    const auto y = static_cast<std::size_t>(data_.label(i));
    std::size_t slot = 0;
    for (std::size_t c = 0; c < classes_; ++c) {
      if (c == y) continue;
      const double v = score[y] - score[c];
      if (v < best.value) best = {i * (classes_ - 1) + slot, v};
      ++slot;
    }
  }
  return best;
}

std::optional<double> PointSet::dot_error_bound(std::span<const double> x, WorkLimit* limit) const {
  // |fl(Σ aₖbₖ) − Σ aₖbₖ| ≤ γ_n Σ|aₖbₖ| with γ_n = n·u/(1 − n·u) (Higham, Accuracy and
  // Stability, §3.1); a difference of two such sums (multi-class) doubles it. The factor 2
  // more covers the subtraction itself.
  const double n = static_cast<double>(data_.cols()) + 2.0;
  const double u = std::numeric_limits<double>::epsilon() / 2.0;
  const double gamma = n * u / (1.0 - n * u);
  double max_size = 0.0;
  const std::size_t d = data_.cols();
  const std::size_t blocks = multiclass_ ? classes_ : 1;
  for (std::size_t i = 0; i < data_.rows(); ++i) {
    if (limit != nullptr && limit->reached(blocks * d)) return std::nullopt;
    double total = 0.0;
    const RowView row = data_.row_view(i);
    for (std::size_t b = 0; b < blocks; ++b) {
      double m = 0.0;  // a zero feature adds +0: the sparse sum is the dense one
      if (row.is_sparse()) {
        for (std::size_t k = 0; k < row.sparse.count; ++k)
          m += std::fabs(x[b * d + row.sparse.index[k]] * row.sparse.value[k]);
      } else {
        for (std::size_t j = 0; j < d; ++j) m += std::fabs(x[b * d + j] * row.dense[j]);
      }
      total = multiclass_ ? std::max(total, m) : m;
    }
    max_size = std::max(max_size, multiclass_ ? 2.0 * total : total);
  }
  return 2.0 * gamma * max_size;
}

}  // namespace plab
