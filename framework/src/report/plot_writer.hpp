// What every gnuplot figure of the report shares: the writer that runs gnuplot on a figure's
// data and script, the palette, numbers as gnuplot reads them, the label of a (sweep point,
// learner) group, and the logarithmic axis with its decades labelled.
//
// Figures are made for a projector: text is 14 px or more in the SVG (a test reads every
// font size), and an axis whose values span more than a factor of 10 is logarithmic.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>

#include "report/plots.hpp"
#include "report/report_data.hpp"

namespace plab {

inline constexpr const char* kColours[] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd",
                                           "#ff7f0e", "#17becf", "#8c564b", "#e377c2"};

// The smallest text of a figure, in SVG pixels (the page does not scale figures up).
inline constexpr int kFigureFontPx = 14;

// A number as gnuplot reads it ("NaN" for what JSON writes as null).
std::string gnuplot_number(double v);

class PlotWriter {
 public:
  PlotWriter(std::filesystem::path plots, FigureSet& out) : plots_(std::move(plots)), out_(out) {}

  // Writes NAME.dat and NAME.gp and runs gnuplot; `body` plots into the current terminal.
  void draw(const std::string& name, const std::string& caption, const std::string& data,
            const std::string& body);

 private:
  std::filesystem::path plots_;
  FigureSet& out_;
};

std::size_t distinct_points(const ReportData& d);

// A group in a legend or on an axis: the learner and, when there is a sweep, the values the
// sweep set at its point ("classic, margin = 0.05"), never a bare point index.
std::string group_label(const ReportData& d, std::size_t series_index);

// "set logscale AXIS" with a tic at every decade from `low` to `high`, each labelled
// (1, 10, 100, … or 0.01, 0.1, …) and unlabelled minor tics between.
std::string log_axis(char axis, double low, double high);

// The powers of 10 at or below and at or above a positive value: a log axis from one to the
// other starts and ends on a labelled decade.
double decade_below(double v);
double decade_above(double v);

// Whether positive values from `low` to `high` span more than a factor of 10.
bool spans_decade(double low, double high);

}  // namespace plab
