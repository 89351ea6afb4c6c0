#include "protocols/data_split.hpp"

#include <algorithm>
#include <cmath>

#include "base/random.hpp"

namespace plab {

namespace {

// Row indices of each class, each class shuffled by `rng` (classes in index order).
std::vector<std::vector<std::size_t>> shuffled_classes(const TrainingSet& data, Rng& rng) {
  std::vector<std::vector<std::size_t>> by_class(data.classes);
  for (std::size_t i = 0; i < data.rows; ++i) {
    by_class[static_cast<std::size_t>(data.label[i])].push_back(i);
  }
  for (auto& rows : by_class) {
    for (std::size_t i = rows.size(); i > 1; --i) std::swap(rows[i - 1], rows[rng.below(i)]);
  }
  return by_class;
}

}  // namespace

RowSubset::RowSubset(const TrainingSet& source, const std::vector<std::size_t>& rows)
    : features_(source.sparse() ? 0 : rows.size() * source.cols) {
  if (source.sparse()) offset_.push_back(0);
  for (std::size_t k = 0; k < rows.size(); ++k) {
    if (source.sparse()) {
      const SparseRow r = source.sparse_row(rows[k]);
      index_.insert(index_.end(), r.index, r.index + r.count);
      value_.insert(value_.end(), r.value, r.value + r.count);
      offset_.push_back(value_.size());
    } else {
      std::copy_n(source.row(rows[k]), source.cols, features_.data() + k * source.cols);
    }
    if (source.sign != nullptr) sign_.push_back(source.sign[rows[k]]);
    label_.push_back(source.label[rows[k]]);
  }
  if (source.features32 != nullptr) {  // float32 data: its float rows too
    features32_ = AlignedBlock<float>(rows.size() * source.cols);
    for (std::size_t k = 0; k < rows.size(); ++k) {
      std::copy_n(source.row32(rows[k]), source.cols, features32_.data() + k * source.cols);
    }
  }
  view_ = source;
  if (source.sparse()) {
    view_.csr_offset = offset_.data();
    view_.csr_index = index_.data();
    view_.csr_value = value_.data();
  } else {
    view_.features = features_.data();
  }
  view_.features32 = features32_.data();
  view_.rows = rows.size();
  view_.sign = source.sign != nullptr ? sign_.data() : nullptr;
  view_.label = label_.data();
}

SplitRows stratified_holdout(const TrainingSet& data, double test_fraction, std::uint64_t seed) {
  Rng rng(seed);
  SplitRows split;
  for (const auto& rows : shuffled_classes(data, rng)) {
    auto take =
        static_cast<std::size_t>(std::llround(test_fraction * static_cast<double>(rows.size())));
    if (rows.size() >= 2) take = std::clamp<std::size_t>(take, 1, rows.size() - 1);
    split.test.insert(split.test.end(), rows.begin(),
                      rows.begin() + static_cast<std::ptrdiff_t>(take));
    split.train.insert(split.train.end(), rows.begin() + static_cast<std::ptrdiff_t>(take),
                       rows.end());
  }
  // File order inside each part, so that "cyclic" still means file order.
  std::sort(split.train.begin(), split.train.end());
  std::sort(split.test.begin(), split.test.end());
  return split;
}

SplitRows stratified_fold(const TrainingSet& data, std::size_t folds, std::size_t fold,
                          std::uint64_t seed) {
  Rng rng(seed);
  SplitRows split;
  for (const auto& rows : shuffled_classes(data, rng)) {
    for (std::size_t k = 0; k < rows.size(); ++k) {
      (k % folds == fold ? split.test : split.train).push_back(rows[k]);
    }
  }
  std::sort(split.train.begin(), split.train.end());
  std::sort(split.test.begin(), split.test.end());
  return split;
}

}  // namespace plab
