// What the 2-D pictures of a trajectory run need, read once: the data (the file again,
// checked against the manifest's SHA-256), and the recorded updates of repeat 0 of the first
// learner at sweep point 0. Both the static figure (plots.hpp) and the step-through panel
// (step_through.hpp) draw from it.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "report/report_data.hpp"

namespace plab {

struct TrajectoryStep {
  std::size_t epoch = 0;
  std::optional<std::size_t> sample;  // the row that caused it; none for a batch update
  std::array<double, 3> w{};          // bias first, after the update
};

struct TrajectoryView {
  std::string learner;
  std::string x_name;  // the two features
  std::string y_name;
  std::vector<std::array<double, 2>> points;
  std::vector<int> labels;                     // +1 / -1
  std::optional<std::array<double, 3>> start;  // w before update 1, when the config fixes it
  std::vector<TrajectoryStep> steps;           // at most kMaxSteps
  bool steps_cut = false;                      // more updates were recorded than kept
};

inline constexpr std::size_t kMaxTrajectorySteps = 2000;

// nullopt when the folder has no trajectory.jsonl or the data is not 2-D binary. Throws
// DataError when the data file changed since the run (the pictures are then left out).
std::optional<TrajectoryView> load_trajectory_view(const ReportData& data);

}  // namespace plab
