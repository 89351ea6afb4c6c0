// The ratio_box figure: the distribution of count / bound per (sweep point, learner), never
// pooled across points (points differ in their bound); from 5 runs in a group. Past a factor
// of 10 between the smallest positive ratio and the largest the axis is logarithmic with its
// decades labelled, like the report's other figures.
#pragma once

#include "report/plot_writer.hpp"

namespace plab {

void ratio_box(const ReportData& d, PlotWriter& w);

}  // namespace plab
