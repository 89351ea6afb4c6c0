#include "data/dataset.hpp"

#include "error.hpp"

namespace plab {

Dataset::Dataset(const std::vector<double>& values, std::size_t rows, std::size_t raw_features,
                 bool augment, TaskKind task, std::vector<std::int32_t> label,
                 std::vector<std::string> class_names, std::vector<std::string> feature_names)
    : features_(rows * (raw_features + (augment ? 1 : 0))),
      rows_(rows),
      cols_(raw_features + (augment ? 1 : 0)),
      augmented_(augment),
      task_(task),
      label_(std::move(label)),
      class_names_(std::move(class_names)) {
  PLAB_CHECK(values.size() == rows * raw_features);
  PLAB_CHECK(label_.size() == rows);
  PLAB_CHECK(feature_names.size() == raw_features);
  const std::size_t offset = augment ? 1 : 0;
  for (std::size_t i = 0; i < rows; ++i) {
    double* out = features_.data() + i * cols_;
    if (augment) out[0] = 1.0;
    for (std::size_t j = 0; j < raw_features; ++j) out[offset + j] = values[i * raw_features + j];
  }
  if (augment) feature_names_.emplace_back("bias");
  for (auto& name : feature_names) feature_names_.push_back(std::move(name));
  if (task_ == TaskKind::kBinary) {
    sign_.resize(rows);
    for (std::size_t i = 0; i < rows; ++i) sign_[i] = label_[i] == 1 ? 1.0 : -1.0;
  }
}

TrainingSet Dataset::view() const {
  TrainingSet t;
  t.features = features_.data();
  t.rows = rows_;
  t.cols = cols_;
  t.sign = task_ == TaskKind::kBinary ? sign_.data() : nullptr;
  t.label = label_.data();
  t.classes = class_names_.size();
  return t;
}

std::vector<std::size_t> Dataset::class_counts() const {
  std::vector<std::size_t> counts(class_names_.size(), 0);
  for (std::int32_t l : label_) ++counts[static_cast<std::size_t>(l)];
  return counts;
}

}  // namespace plab
