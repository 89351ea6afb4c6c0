#include "run/point_checks.hpp"

#include <algorithm>
#include <optional>

#include "config/object_reader.hpp"
#include "error.hpp"

namespace plab {

// Binary-only learners on multi-class data and the reverse are refused with the fix.
void check_task(const PluginDescriptor& d, const Dataset& data, const LearnerSpec& spec) {
  const bool binary = data.task() == TaskKind::kBinary;
  if (binary && (d.tasks & kBinaryTask) == 0) {
    throw_config_error(spec.pointer, "plugin '" + std::string(d.name) +
                                         "' handles multi-class tasks only, but the data set is "
                                         "binary; give 'classes' instead of 'positive'");
  }
  if (!binary && (d.tasks & kMulticlassTask) == 0) {
    // Two classes are a binary task only when written -1/+1 or 0/1: say so, and name them.
    const auto& names = data.class_names();
    std::string listed;
    for (std::size_t k = 0; k < names.size() && k < 4; ++k)
      listed += (k == 0 ? "'" : ", '") + names[k] + "'";
    if (names.size() > 4) listed += ", ...";
    throw_config_error(
        spec.pointer,
        "plugin '" + std::string(d.name) + "' handles binary tasks only, but the " +
            (names.size() == 2 ? "data set's 2 classes (" + listed +
                                     ") are not -1/+1 or 0/1: list the positive one in "
                                     "/dataset/positive"
                               : "data set has " + std::to_string(names.size()) + " classes (" +
                                     listed + "): list the positive ones in /dataset/positive"));
  }
}

// A dense-only learner (its descriptor's `storage`, dense only by default) would read a
// sparse data set's rows as dense arrays: refused before any run, with the way out.
void check_storage(const PluginDescriptor& d, const Dataset& data, const LearnerSpec& spec) {
  if (!data.sparse() || d.storage == StorageSupport::kDenseAndSparse) return;
  throw_config_error(spec.pointer, "plugin '" + std::string(d.name) + "' (learner '" + spec.name +
                                       "') reads dense rows only, but the data set is stored "
                                       "sparse (/dataset/storage); set \"storage\": \"dense\" "
                                       "or use a learner that declares sparse support");
}

void check_order(const PluginDescriptor& d, const ProtocolSpec& protocol, const LearnerSpec& spec,
                 std::vector<std::string>& notes) {
  const bool mistake_driven = protocol.mistake_driven();
  if (d.orders == OrderSupport::kNone) {
    // A mistake-driven order changes what an epoch is (one step per scan, one update on
    // one chosen sample), which a batch learner cannot do: refused, not noted and then
    // failed run by run.
    if (mistake_driven) {
      throw_config_error("/protocol/order",
                         "plugin '" + std::string(d.name) + "' (learner '" + spec.name +
                             "') is a batch learner and cannot follow the mistake-driven order '" +
                             order_name(protocol.order) +
                             "'; use 'cyclic' (a batch learner sees every sample each epoch), "
                             "or give it its own experiment");
    }
    if (protocol.order_given && protocol.order != SampleOrder::kCyclic) {
      notes.push_back("learner '" + spec.name + "' (" + d.name +
                      ") is a batch learner: it sees "
                      "every sample each epoch, so /protocol/order '" +
                      order_name(protocol.order) + "' does not apply to it");
    }
    return;
  }
  if (mistake_driven && d.orders != OrderSupport::kMistakeDriven) {
    throw_config_error("/protocol/order", "plugin '" + std::string(d.name) + "' (learner '" +
                                              spec.name + "') does not support the order '" +
                                              order_name(protocol.order) +
                                              "'; use 'cyclic' or 'shuffle'");
  }
}

// A `given` reference of the wrong length is a config error, not a silent "no margin".
void check_given_reference(const TheorySpec& theory, const Dataset& data) {
  if (theory.margin != MarginSource::kGiven) return;
  const bool multiclass = data.task() == TaskKind::kMulticlass;
  const std::size_t expected = multiclass ? data.class_names().size() * data.cols() : data.cols();
  if (theory.u.size() != expected) {
    throw_config_error(
        "/theory/u", "has " + std::to_string(theory.u.size()) +
                         " values, but the reference separator needs " + std::to_string(expected) +
                         (multiclass ? " (one row of " + std::to_string(data.cols()) + " per class)"
                                     : " (one per column, bias first)"));
  }
}

// The report's plane names features of the data: checked before any run, not when the
// report is drawn after hours of them.
void check_report_plane(const ReportSpec& report, const Dataset& data) {
  const FeatureNames& names = data.feature_names();
  for (std::size_t k = 0; k < report.plane.size(); ++k) {
    if (names.find_feature(report.plane[k])) continue;
    throw_config_error(pointer_append("/report/plane", k),
                       "'" + report.plane[k] +
                           "' is not a feature of the data set; its features "
                           "are " +
                           names.quoted_features(20));
  }
}

// A data file read for several sweep points (their dataset blocks differ) must have held
// the same bytes each time; otherwise one experiment would mix two data sets.
void check_same_data_bytes(const std::vector<PreparedPoint>& points) {
  std::map<std::string, std::pair<std::size_t, std::string>> first;  // path -> point, digest
  for (const PreparedPoint& p : points) {
    if (!p.config.dataset.reads_file()) continue;
    const std::string path = p.config.dataset.path.lexically_normal().string();
    const auto [it, inserted] = first.try_emplace(path, p.sweep.index, p.data->source_sha256());
    if (!inserted && it->second.second != p.data->source_sha256()) {
      throw DataError("data file '" + path + "' changed while plab was reading it: sweep point " +
                      std::to_string(it->second.first) + " read SHA-256 " + it->second.second +
                      ", sweep point " + std::to_string(p.sweep.index) + " read " +
                      p.data->source_sha256() + "; leave the file alone during a run");
    }
  }
}

// Cross-validation deals each class round-robin into the folds, so a fold gets test rows
// only if the largest class reaches it: more folds than that leave empty test folds (a
// test_error of null), which is refused rather than recorded.
void check_folds(const ProtocolSpec& protocol, const Dataset& data) {
  if (protocol.kind != ProtocolKind::kHoldout || protocol.folds < 2) return;
  const auto folds = static_cast<std::size_t>(protocol.folds);
  const std::vector<std::size_t> counts = data.class_counts();
  const auto largest = std::max_element(counts.begin(), counts.end());
  if (largest == counts.end() || *largest >= folds) return;
  const std::string name = data.class_names()[static_cast<std::size_t>(largest - counts.begin())];
  throw_config_error(
      "/protocol/folds",
      std::to_string(folds) + " folds, but the data set has " + std::to_string(data.rows()) +
          " rows and its largest class ('" + name + "') " + std::to_string(*largest) + ": " +
          (folds - *largest == 1
               ? "fold " + std::to_string(*largest)
               : "folds " + std::to_string(*largest) + " to " + std::to_string(folds - 1)) +
          " would have no test rows; use at most " + std::to_string(*largest) + " folds");
}

}  // namespace plab
