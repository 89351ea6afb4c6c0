// The validated, typed form of one experiment config at one sweep point.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "config/config_kinds.hpp"
#include "config/json.hpp"
#include "config/synthetic_spec.hpp"

namespace plab {

struct DatasetSpec {
  DatasetKind kind = DatasetKind::kCsv;
  // synthetic
  SyntheticSpec synthetic;
  std::optional<std::uint64_t> seed;  // default: derived from the experiment's seed
  // csv
  std::filesystem::path path;  // resolved against the config's folder
  std::optional<std::string> label_name;
  std::optional<std::size_t> label_index;
  std::optional<bool> header;  // nullopt: detect from the first row
  // svmlight (path as for csv)
  bool zero_based = false;                // indices count from 0
  std::optional<std::size_t> n_features;  // nullopt: the largest index in the file
  // inline
  std::vector<std::vector<double>> x;
  std::vector<std::string> y;  // labels as text, numbers written canonically
  // both
  std::optional<std::vector<std::string>> positive;
  std::optional<std::vector<std::string>> classes;
  std::optional<std::vector<std::string>> keep_classes;  // keep only rows with these labels
  bool augment = true;
  FeatureScale scale = FeatureScale::kNone;  // standardize: each feature to mean 0, variance 1
  // dense | sparse (data/sparse_rows.hpp): how the features are held; every kind takes it.
  // Default dense, but sparse for the sparse synthetic generator.
  FeatureStorage storage = FeatureStorage::kDense;
  // float64 | float32: the features rounded to float once at load (Dataset::round_to_float32);
  // dense storage only (float32 with sparse is refused when the config is read)
  FeaturePrecision precision = FeaturePrecision::kFloat64;

  // Data read from a file (csv, svmlight): its bytes are hashed into the manifest.
  bool reads_file() const { return kind == DatasetKind::kCsv || kind == DatasetKind::kSvmlight; }
};

struct LearnerSpec {
  std::string name;     // unique within the config, names the learner in records
  std::string plugin;   // a plugin name, or a path to a .so (resolved against the config)
  Json params;          // validated against the plugin's descriptor once it is loaded
  std::string pointer;  // "/learners/3", for messages
};

struct InitSpec {
  InitKind kind = InitKind::kZero;
  double scale = 1.0;
  std::vector<double> w;  // given
};

// The order samples are visited in: each epoch in file order or shuffled, or one
// misclassified sample per step, picked at random or the worst.
enum class SampleOrder { kCyclic, kShuffle, kRandomMistake, kWorstMistake };

// The config's word for an order ("random_mistake"), for messages; and the order a word
// names, if it names one.
const char* order_name(SampleOrder order);
std::optional<SampleOrder> parse_order(std::string_view word);

struct ProtocolSpec {
  ProtocolKind kind = ProtocolKind::kConvergence;
  std::int64_t max_epochs = 1000;
  SampleOrder order = SampleOrder::kCyclic;
  bool order_given = false;  // the config named an order explicitly
  bool record_weights = false;
  bool record_curve = false;  // per-epoch mistakes and loss in each record
  // Per-sample update counts in each record (sample_mistakes) and the hinge bound's
  // mistake-round form from them; such runs train alone, never in lanes.
  bool record_sample_mistakes = false;
  double test_fraction = 0.3;  // holdout: share of each class held out
  std::int64_t folds = 0;      // holdout: k-fold cross-validation when >= 2

  bool mistake_driven() const {
    return order == SampleOrder::kRandomMistake || order == SampleOrder::kWorstMistake;
  }
};

struct TheorySpec {
  MarginSource margin = MarginSource::kSvm;
  std::vector<double> u;  // given

  double oracle_seconds = 60.0;  // the margin oracle's clock limit, a safety stop
  // Each oracle method's work budget in multiply-adds (theory/work_limit.hpp).
  std::uint64_t oracle_work = 20'000'000'000;
};

// How the report draws the data (report/trajectory_view.hpp). Read by the report only; it
// changes no run and no record.
struct ReportSpec {
  // Two feature names: the plane of the pictures of hyperplanes on the data, the other
  // features held at their mean. Empty: the data's own plane for 2 features, else the plane
  // of its two leading principal directions.
  std::vector<std::string> plane;
};

struct ExperimentConfig {
  std::string name;
  std::uint64_t seed = 0;
  std::int64_t repeats = 1;
  DatasetSpec dataset;
  std::vector<LearnerSpec> learners;
  InitSpec init;
  ProtocolSpec protocol;
  TheorySpec theory;
  ReportSpec report;
  std::vector<std::string> tags;  // annotations, kept in the manifest only
  std::string note;
};

// Parses one fully resolved config (sweep values already substituted). `base_dir` is the
// config file's folder, against which relative paths are resolved. Throws ConfigError.
ExperimentConfig parse_experiment(const Json& document, const std::filesystem::path& base_dir);

// True for names that may become file or folder names: [A-Za-z0-9._-]+, not "." or "..".
bool is_safe_name(const std::string& name);

}  // namespace plab
