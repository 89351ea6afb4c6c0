// The report's figures, drawn by gnuplot into DIR/plots/ as SVG (inlined in report.html)
// and PNG (linked from report.md):
//   mistakes_vs_bound  one point per run, count against its bound, with the line count = bound
//   margin_sweep       median mistakes against (R/rho)^2 with the fitted power law
//   ratio_box          the distribution of count / bound per learner
//   epoch_mistakes     mistakes per epoch (repeat 0) where per-epoch curves were recorded
//   epoch_loss         E(w) per epoch for the linear unit, with the least-squares optimum
//   trajectory         2-D data of the trajectory protocol: the points and the separating
//                      line after each update (repeat 0 of the first learner)
//   kernel_boundary_K  a kernel perceptron's boundary f = 0 on 2-D data, from its record's
//                      sample_mistakes (report/kernel_boundary.hpp)
// A figure is made only when its data exists.
#pragma once

#include <string>
#include <vector>

#include "report/report_data.hpp"

namespace plab {

struct Figure {
  std::string name;
  std::string caption;
  std::string svg;  // relative to the results folder
  std::string png;
};

struct FigureSet {
  std::vector<Figure> figures;
  std::vector<std::string> problems;  // figures that could not be drawn, and why
  std::string step_through_html;      // the interactive panel (report/step_through.hpp), or ""
};

FigureSet draw_figures(const ReportData& data);

}  // namespace plab
