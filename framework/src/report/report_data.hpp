// What a report needs from a results folder, read once from its files.
//
// Per (sweep point, learner): the summary (results/summary/summary.hpp) plus what plots and paired
// comparisons need. Memory is bounded: a plot keeps at most kMaxScatter points per group.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <boost/json/object.hpp>

#include "analysis/claims.hpp"
#include "config/config_kinds.hpp"
#include "results/folder/folder_audit.hpp"
#include "results/summary/summary.hpp"

namespace plab {

struct GroupSeries {
  std::size_t point = 0;
  std::string learner;
  std::vector<double> counts;  // mistakes or updates (what the bound limits), ≤ kMaxScatter
  std::vector<double> bounds;  // the bound of the same runs
  std::vector<double> ratios;  // count / bound, all runs with an applicable bound
  // By repeat; a repeat is absent where the run failed or has no test error. A map, not a
  // vector indexed by repeat: a hand-edited repeat of 10^18 must not allocate.
  std::map<std::size_t, double> mistakes_by_repeat;
  std::map<std::size_t, double> test_error_by_repeat;
  std::vector<double> epoch_mistakes;  // repeat 0, if recorded
  std::vector<double> epoch_loss;      // repeat 0, if recorded
  // Repeat 0's updates per training row (record_sample_mistakes): a kernel perceptron's α.
  std::vector<std::uint64_t> sample_mistakes;
  // The final weights of the first kMaxFinalWeights repeats, where recorded (record_weights).
  std::map<std::size_t, std::vector<double>> final_weights;
  // Runs past separability with a certified hinge bound (nonsep_bound), ≤ kMaxScatter:
  // their epochs T, their count, and the bound for that T.
  struct HingeRun {
    double epochs = 0.0;
    double count = 0.0;
    double bound = 0.0;
  };
  std::vector<HingeRun> hinge_runs;
  bool has_test_error = false;
  // Repeat 0's epochs and updates (a trace's conclusion says them).
  std::optional<std::uint64_t> first_epochs;
  std::optional<std::uint64_t> first_updates;
};

struct ReportData {
  std::filesystem::path dir;
  boost::json::object manifest;
  Summary summary;
  FolderAudit audit;                // what is on disk against what the manifest announces
  std::vector<GroupSeries> series;  // same order as summary.groups
  // Each manifest point's `theory.oracle`, in the manifest's order.
  std::vector<MarginSource> oracles;
  // The verdicts of the folder's claims (claims.json), stated first in the conclusion; none
  // when the experiment states no claims.
  std::vector<ClaimVerdict> claims;
};

inline constexpr std::size_t kMaxScatter = 5000;
inline constexpr std::size_t kMaxFinalWeights = 12;

// "point 0 (/init/kind = "zero", /protocol/order = "cyclic")": the sweep values say which
// runs a sentence or a figure is about better than the index alone.
std::string point_name(std::int64_t point, const boost::json::value& params);

// Checks the manifest fields the report reads and every record (DataError naming the file,
// line and field of the first malformed one).
ReportData load_report_data(const std::filesystem::path& dir);

}  // namespace plab
