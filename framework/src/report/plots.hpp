// The report's figures, drawn by gnuplot into DIR/plots/ as SVG (inlined in report.html)
// and PNG (linked from report.md): the contrast first (a kernel learner's boundary, the
// margin sweep's fit), then the run outcomes (report/run_figures.hpp) and the pictures in
// the data's plane (report/plane_figures.hpp). A figure is made only when its data exists.
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
