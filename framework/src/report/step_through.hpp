// The step-through panel of report.html for a trajectory run on 2-D data: the data, the
// separating line of the current update, the line before it, the sample that caused it,
// the weights and the update written out with its numbers; buttons step back and forth or
// play. Inline SVG and a small inline script of ours, nothing fetched. The panel is hidden
// until the script shows it, so a page without script keeps the static figures only.
//
// Test hook: a page opened with the address fragment #next (or #nextN) presses "next" once
// (N times) after loading, so a headless browser's --dump-dom can check what a press shows.
#pragma once

#include <string>

#include "report/trajectory_view.hpp"

namespace plab {

// "" when the view has no update to step through.
std::string step_through_panel(const TrajectoryView& view);

}  // namespace plab
