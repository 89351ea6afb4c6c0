// A data set as the engine holds it: one aligned block of features, labels, class names.
// The features are stored dense (FeatureRows) or sparse (SparseRows, `storage: "sparse"`);
// row(i) is for dense storage, row_view(i) for either.
//
// Built once per (data source, sweep point) before any run, then shared read-only by every
// run and thread through view().
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "data/feature_names.hpp"
#include "data/feature_rows.hpp"
#include "data/sparse_rows.hpp"
#include "plab/descriptor.hpp"
#include "plab/training_set.hpp"

namespace plab {

class Dataset {
 public:
  Dataset() = default;
  // `values` is rows × raw_features, row-major; with `augment`, a constant-1 column is put
  // first (docs/learners.md, "Conventions"). `label` holds class indices; `sign` is filled for
  // binary tasks.
  Dataset(const std::vector<double>& values, std::size_t rows, std::size_t raw_features,
          bool augment, TaskKind task, std::vector<std::int32_t> label,
          std::vector<std::string> class_names, FeatureNames feature_names);
  // Takes the rows' block as it is (no copy); their bias column, if any, is the augmentation.
  Dataset(FeatureRows features, TaskKind task, std::vector<std::int32_t> label,
          std::vector<std::string> class_names, FeatureNames feature_names);
  // The same with sparse rows (their bias entries, if any, are the augmentation).
  Dataset(SparseRows features, TaskKind task, std::vector<std::int32_t> label,
          std::vector<std::string> class_names, FeatureNames feature_names);

  // `precision: "float32"`: rounds every feature value to the nearest float, once, and keeps
  // the rounded values twice: as doubles (what theory, splits and error counts read, so
  // every bound is certified on the data trained on) and as floats (the rows a learner's
  // passes read, half the bytes). Each float widens exactly to its double. A finite value
  // beyond the float range is refused: its (row, column) is returned, nothing is changed.
  // Dense storage only (float32 with sparse storage is refused at config time).
  std::optional<std::pair<std::size_t, std::size_t>> round_to_float32();
  bool float32() const { return features32_.data() != nullptr; }

  TrainingSet view() const;
  std::size_t rows() const { return sparse_ ? sparse_features_.rows() : features_.rows(); }
  std::size_t cols() const { return sparse_ ? sparse_features_.cols() : features_.cols(); }
  bool augmented() const {
    return sparse_ ? sparse_features_.bias_column() : features_.bias_column();
  }
  bool sparse() const { return sparse_; }
  const SparseRows& sparse_rows() const { return sparse_features_; }
  RowView row_view(std::size_t i) const {
    if (sparse_) return {nullptr, sparse_features_.row(i)};
    return {features_.row(i), {}};
  }
  // The same data in the other storage (a copy; the labels and names are shared by value).
  Dataset stored_sparse() const;
  Dataset stored_dense() const;
  TaskKind task() const { return task_; }
  const std::vector<std::string>& class_names() const { return class_names_; }
  const FeatureNames& feature_names() const { return feature_names_; }
  std::vector<std::size_t> class_counts() const;
  const double* row(std::size_t i) const;  // dense storage only
  std::int32_t label(std::size_t i) const { return label_[i]; }
  // SHA-256 of the bytes of the data file this set was parsed from; "" when not from a file.
  const std::string& source_sha256() const { return source_sha256_; }
  void set_source_sha256(std::string digest) { source_sha256_ = std::move(digest); }

 private:
  // The constructors' common part: names ("bias" first when augmented) and binary signs.
  void set_names_and_signs(FeatureNames feature_names);

  FeatureRows features_;
  SparseRows sparse_features_;
  bool sparse_ = false;
  AlignedBlock<float> features32_;  // rows × cols, only with round_to_float32
  TaskKind task_ = TaskKind::kBinary;
  std::vector<double> sign_;
  std::vector<std::int32_t> label_;
  std::vector<std::string> class_names_;
  FeatureNames feature_names_;  // one per column, "bias" first when augmented
  std::string source_sha256_;
};

}  // namespace plab
