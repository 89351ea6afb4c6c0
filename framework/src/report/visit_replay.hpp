// Every visit of repeat 0 of a trace, for the step-through: trajectory.jsonl records only the
// updates, and the rows visited between them (a shuffled epoch's order, a mistake-driven
// step's pick) are not in the records. They follow from the seed: the run is replayed here,
// with the plugin the manifest names (checked by SHA-256 before it is loaded), the same
// initial weights and the same order stream as the engine (protocols/training.cpp), and the
// rows fed to the learner are the visits. The replay is trusted only when it reproduces
// every recorded update byte for byte (row, epoch and weights); otherwise no visit is shown,
// and the note says why.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "report/point_data.hpp"
#include "report/report_data.hpp"

namespace plab {

struct Visit {
  std::uint64_t epoch = 0;
  // The row visited; none for a mistake-driven run's last step, whose scan found no row to
  // update (the run converged there).
  std::optional<std::size_t> row;
  bool update = false;  // the learner updated here: the next recorded update
};

struct VisitReplay {
  std::vector<Visit> visits;  // empty when the replay is not shown
  std::vector<double> start;  // the initial weights the replay drew (and confirmed)
  std::string note;           // why the visits are not shown ("" when they are)
};

inline constexpr std::size_t kMaxReplayedVisits = 50000;

// Repeat 0 of the point's first learner (its trajectory.jsonl lines), replayed. Never throws
// for what the plugin or the folder does: a replay that cannot run or disagrees gives a note.
VisitReplay replay_visits(const ReportData& report, const PointData& point_data, std::size_t point);

}  // namespace plab
