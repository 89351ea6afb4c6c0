#include "data/dataset.hpp"

#include <algorithm>
#include <cmath>

#include "error.hpp"

namespace plab {

namespace {

FeatureRows rows_of(const std::vector<double>& values, std::size_t rows, std::size_t raw_features,
                    bool augment) {
  PLAB_CHECK(values.size() == rows * raw_features);
  FeatureRows out(raw_features, augment);
  out.reserve(rows);
  for (std::size_t i = 0; i < rows; ++i) {
    std::copy_n(values.begin() + static_cast<std::ptrdiff_t>(i * raw_features), raw_features,
                out.append_row());
  }
  return out;
}

}  // namespace

Dataset::Dataset(const std::vector<double>& values, std::size_t rows, std::size_t raw_features,
                 bool augment, TaskKind task, std::vector<std::int32_t> label,
                 std::vector<std::string> class_names, FeatureNames feature_names)
    : Dataset(rows_of(values, rows, raw_features, augment), task, std::move(label),
              std::move(class_names), std::move(feature_names)) {}

Dataset::Dataset(FeatureRows features, TaskKind task, std::vector<std::int32_t> label,
                 std::vector<std::string> class_names, FeatureNames feature_names)
    : features_(std::move(features)),
      task_(task),
      label_(std::move(label)),
      class_names_(std::move(class_names)) {
  set_names_and_signs(std::move(feature_names));
}

Dataset::Dataset(SparseRows features, TaskKind task, std::vector<std::int32_t> label,
                 std::vector<std::string> class_names, FeatureNames feature_names)
    : sparse_features_(std::move(features)),
      sparse_(true),
      task_(task),
      label_(std::move(label)),
      class_names_(std::move(class_names)) {
  set_names_and_signs(std::move(feature_names));
}

void Dataset::set_names_and_signs(FeatureNames feature_names) {
  PLAB_CHECK(feature_names.size() == cols() - (augmented() ? 1 : 0));
  feature_names_ = augmented() ? feature_names.with_bias() : std::move(feature_names);
  const std::size_t rows = this->rows();
  PLAB_CHECK(label_.size() == rows);
  if (task_ == TaskKind::kBinary) {
    sign_.resize(rows);
    for (std::size_t i = 0; i < rows; ++i) sign_[i] = label_[i] == 1 ? 1.0 : -1.0;
  }
}

std::optional<std::pair<std::size_t, std::size_t>> Dataset::round_to_float32() {
  PLAB_CHECK(!sparse_);  // refused at config time (config/experiment_parser.cpp)
  // A finite value beyond the float range would become infinite: not a rounding. Checked
  // before anything changes, so a refused set is left as it was.
  for (std::size_t i = 0; i < rows(); ++i) {
    for (std::size_t j = 0; j < cols(); ++j) {
      const double v = features_.row(i)[j];
      if (std::isfinite(v) && std::isinf(static_cast<float>(v))) return std::pair{i, j};
    }
  }
  features32_ = AlignedBlock<float>(rows() * cols());
  for (std::size_t i = 0; i < rows(); ++i) {
    double* row = features_.row(i);
    float* row32 = features32_.data() + i * cols();
    for (std::size_t j = 0; j < cols(); ++j) {
      row32[j] = static_cast<float>(row[j]);  // round to nearest, ties to even
      row[j] = static_cast<double>(row32[j]);
    }
  }
  return std::nullopt;
}

const double* Dataset::row(std::size_t i) const {
  PLAB_CHECK(!sparse_);
  return features_.row(i);
}

Dataset Dataset::stored_sparse() const {
  PLAB_CHECK(!sparse_);
  SparseRows out(features_.raw_features(), augmented());
  std::size_t entries = 0;
  for (std::size_t i = 0; i < rows(); ++i) {
    for (std::size_t j = 0; j < cols(); ++j) entries += features_.row(i)[j] != 0.0 ? 1 : 0;
  }
  out.reserve(rows(), entries);
  for (std::size_t i = 0; i < rows(); ++i) out.append_dense(features_.raw_row(i));
  Dataset d(std::move(out), task_, label_, class_names_, feature_names_.without_bias());
  d.source_sha256_ = source_sha256_;
  return d;
}

Dataset Dataset::stored_dense() const {
  PLAB_CHECK(sparse_);
  FeatureRows out(sparse_features_.raw_features(), augmented());
  out.reserve(rows());
  const std::size_t shift = augmented() ? 1 : 0;
  for (std::size_t i = 0; i < rows(); ++i) {
    double* raw = out.append_row();
    std::fill(raw, raw + out.raw_features(), 0.0);
    const SparseRow r = sparse_features_.row(i);
    for (std::size_t k = 0; k < r.count; ++k) {
      if (r.index[k] >= shift) raw[r.index[k] - shift] = r.value[k];
    }
  }
  Dataset d(std::move(out), task_, label_, class_names_, feature_names_.without_bias());
  d.source_sha256_ = source_sha256_;
  return d;
}

TrainingSet Dataset::view() const {
  TrainingSet t;
  if (sparse_) {
    t.csr_offset = sparse_features_.offsets();
    t.csr_index = sparse_features_.indices();
    t.csr_value = sparse_features_.values();
  } else {
    t.features = features_.data();
  }
  t.rows = rows();
  t.cols = cols();
  t.sign = task_ == TaskKind::kBinary ? sign_.data() : nullptr;
  t.label = label_.data();
  t.classes = class_names_.size();
  t.features32 = features32_.data();
  return t;
}

std::vector<std::size_t> Dataset::class_counts() const {
  std::vector<std::size_t> counts(class_names_.size(), 0);
  for (std::int32_t l : label_) ++counts[static_cast<std::size_t>(l)];
  return counts;
}

}  // namespace plab
