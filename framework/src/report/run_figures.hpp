// The report's figures of run outcomes (counts, bounds, ratios, curves), drawn with gnuplot:
//   margin_sweep       median mistakes against (R/rho)^2 with the fitted power law (first:
//                      across a sweep it is the finding)
//   mistakes_strip     every run's count per (sweep point, learner) with the bound
//   mistakes_vs_bound  one point per run, count against its bound, when the bounds differ
//   ratio_box          the distribution of count / bound per (sweep point, learner)
//   epoch_mistakes     mistakes per epoch (repeat 0) where per-epoch curves were recorded
//   epoch_loss         E(w) per epoch for the linear unit, with the least-squares optimum
//   hinge_bound        on data certified not separable, mistakes and the hinge bound against T
// Each is drawn only when its data exists and says something.
#pragma once

#include "report/plot_writer.hpp"

namespace plab {

void draw_run_figures(const ReportData& d, PlotWriter& w);

}  // namespace plab
