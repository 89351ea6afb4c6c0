#include "report/plot_writer.hpp"

#include <cmath>
#include <fstream>
#include <sstream>

#include "base/interrupt.hpp"
#include "report/gnuplot.hpp"
#include "results/format/json_text.hpp"

namespace plab {

namespace fs = std::filesystem;

std::string gnuplot_number(double v) {
  std::string s;
  append_json_number(s, v);
  return s == "null" ? "NaN" : s;
}

void PlotWriter::draw(const std::string& name, const std::string& caption, const std::string& data,
                      const std::string& body) {
  if (interrupt_requested()) return;  // a signal asked to stop: write_report says so
  // The figure's files of an earlier report go first, whatever they are: a symbolic link
  // left in plots/ (a folder received from someone else) would have the data, the script
  // and gnuplot's output written through it, to a file outside the results folder.
  for (const char* ext : {".dat", ".gp", ".svg", ".png", ".log"}) {
    std::error_code ec;
    fs::remove(plots_ / (name + ext), ec);
  }
  std::ofstream(plots_ / (name + ".dat")) << data;
  const std::string font = "'Sans," + std::to_string(kFigureFontPx) + "'";
  std::ostringstream gp;
  gp << "set terminal svg size 860,560 dynamic noenhanced font " << font
     << " background rgb 'white'\n"
     << "set output '" << name << ".svg'\n"
     << "set key outside right top box\nset grid\n"
     << body << "\n"
     << "set terminal pngcairo size 1080,700 noenhanced font 'Sans,12'\n"
     << "set output '" << name << ".png'\nreplot\n";
  std::ofstream(plots_ / (name + ".gp")) << gp.str();
  const std::string problem = run_gnuplot(plots_ / (name + ".gp"), plots_);
  if (!problem.empty()) {
    out_.problems.push_back(name + ": " + problem);
    return;
  }
  out_.figures.push_back({name, caption, "plots/" + name + ".svg", "plots/" + name + ".png"});
}

std::size_t distinct_points(const ReportData& d) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < d.series.size(); ++i) {
    if (i == 0 || d.series[i].point != d.series[i - 1].point) ++n;
  }
  return n;
}

namespace {

// "margin = 0.05" from {"/dataset/synthetic/margin": 0.05}: the last part of each pointer,
// since the axis has no room for the whole path (the caption and the tables have it).
std::string sweep_values(const boost::json::value& params) {
  std::string s;
  if (!params.is_object()) return s;
  for (const auto& m : params.get_object()) {
    const std::string key(m.key());
    const auto slash = key.rfind('/');
    std::string value =
        m.value().is_string() ? std::string(m.value().get_string()) : to_json_text(m.value());
    if (value.size() > 24) value = value.substr(0, 21) + "...";
    s += (s.empty() ? "" : ", ") + key.substr(slash == std::string::npos ? 0 : slash + 1) + " = " +
         value;
  }
  return s;
}

}  // namespace

std::string group_label(const ReportData& d, std::size_t series_index) {
  const GroupSeries& s = d.series[series_index];
  if (distinct_points(d) <= 1) return s.learner;
  std::string values;
  if (series_index < d.summary.groups.size())
    values = sweep_values(d.summary.groups[series_index].params);
  return s.learner + ", " + (values.empty() ? "point " + std::to_string(s.point) : values);
}

double decade_below(double v) { return std::pow(10.0, std::floor(std::log10(v))); }
double decade_above(double v) { return std::pow(10.0, std::ceil(std::log10(v))); }

bool spans_decade(double low, double high) { return low > 0 && high > 10.0 * low; }

std::string log_axis(char axis, double low, double high) {
  const std::string a(1, axis);
  std::string tics;
  const int first = static_cast<int>(std::floor(std::log10(low)));
  const int last = static_cast<int>(std::ceil(std::log10(high)));
  for (int e = first; e <= last && e - first < 40; ++e) {
    char text[32];
    std::snprintf(text, sizeof text, "%g", std::pow(10.0, e));
    tics += std::string(tics.empty() ? "" : ", ") + "'" + text + "' " + text;
  }
  return "set logscale " + a + "\nset " + a + "tics (" + tics + ")\nset m" + a + "tics 10\n";
}

}  // namespace plab
