// What the pictures of hyperplanes on the data need, read once: the data (the file again,
// checked against the manifest's SHA-256) in a plane, the recorded updates of repeat 0 of
// the first learner at sweep point 0 (trajectory protocol, 2-D data), and the final weights
// of that learner's first repeats at a sweep point where they differ (from trajectory.jsonl, or
// runs.jsonl's `w` with record_weights). The static figures (plots.hpp) and the step-through panel
// (step_through.hpp) draw from it.
//
// Data of more than two features is drawn in the plane through the mean spanned by its two
// leading principal directions: points projected orthogonally, and each hyperplane as the
// line where it cuts that plane. Updates are then not stepped through (an update written
// in projected coordinates would not be the update the learner made).
#pragma once

#include <array>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "report/report_data.hpp"
#include "report/visit_replay.hpp"

namespace plab {

struct TrajectoryStep {
  std::size_t epoch = 0;
  std::optional<std::size_t> sample;  // the row that caused it; none for a batch update
  std::array<double, 3> w{};          // bias first, after the update
};

struct TrajectoryView {
  std::size_t point = 0;  // the sweep point drawn
  std::string learner;
  std::string x_name;  // the two features, or "principal direction 1 (…)"
  std::string y_name;
  std::string projection;  // "" for 2-D data, else how the plane was chosen, for captions
  std::vector<std::array<double, 2>> points;
  std::vector<int> labels;                     // +1 / -1
  std::optional<std::array<double, 3>> start;  // w before update 1, when the config fixes it
  std::vector<TrajectoryStep> steps;           // 2-D data only, at most kMaxTrajectorySteps
  // When the learner updates, in the step-through's words: "mistake" (y·(w·x̃) ≤ 0),
  // "positive" (predict +1 iff w·x̃ ≥ 0, update when wrong), "margin" (y·(w·x̃) ≤ the
  // threshold its declared bound names), or "" for a rule the panel does not spell out.
  std::string rule;
  double threshold = 0.0;  // "margin": update when y·(w·x̃) ≤ threshold
  bool converged = false;  // repeat 0 converged
  bool steps_cut = false;  // more updates were recorded than kept
  // Every visit of repeat 0, from its replay (report/visit_replay.hpp), the updates among
  // them in the order of `steps`; empty, with the reason in visits_note, when the replay
  // could not run or did not reproduce the records.
  std::vector<Visit> visits;
  std::string visits_note;
  // Final weights (bias first, in the plane's coordinates) by repeat, at most kMaxFinalWeights.
  std::vector<std::pair<std::size_t, std::array<double, 3>>> finals;
};

inline constexpr std::size_t kMaxTrajectorySteps = 2000;

// nullopt when the folder has neither trajectory.jsonl nor recorded final weights, or the
// data is not binary with a bias column and at least two features. Throws
// DataError when the data file changed since the run (the pictures are then left out).
std::optional<TrajectoryView> load_trajectory_view(const ReportData& data);

}  // namespace plab
