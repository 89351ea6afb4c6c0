#include "report/ratio_box.hpp"

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "report/gnuplot.hpp"

namespace plab {

void ratio_box(const ReportData& d, PlotWriter& w) {
  std::map<std::string, std::vector<double>> by_learner;
  std::vector<std::string> order;
  for (std::size_t i = 0; i < d.series.size(); ++i) {
    const GroupSeries& s = d.series[i];
    if (s.ratios.empty()) continue;
    const std::string label = group_label(d, i);
    if (!by_learner.count(label)) order.push_back(label);
    auto& v = by_learner[label];
    v.insert(v.end(), s.ratios.begin(), s.ratios.end());
  }
  std::size_t largest = 0;
  for (const auto& [label, ratios] : by_learner) largest = std::max(largest, ratios.size());
  if (largest < 5) return;  // a box of fewer runs draws quartiles that are not there
  // Past a factor of 10 between the smallest positive ratio and the largest, the axis is
  // logarithmic (a box near 0.001 and one near 0.5 both show); a ratio of 0 (no mistake)
  // has no place on it and is counted in the caption instead.
  double low = 1e300, high = 0.0;
  std::size_t zeros = 0;
  for (std::size_t k = 0; k < order.size() && k < 12; ++k) {
    for (double r : by_learner[order[k]]) {
      if (r > 0) low = std::min(low, r);
      high = std::max(high, r);
    }
  }
  const bool log = spans_decade(low, high);
  std::string data;
  std::string xtics;
  std::string plot;
  for (std::size_t k = 0; k < order.size() && k < 12; ++k) {
    for (double r : by_learner[order[k]]) {
      if (log && r <= 0) {
        ++zeros;
        continue;
      }
      data += gnuplot_number(r) + "\n";
    }
    data += "\n\n";
    xtics +=
        std::string(k == 0 ? "" : ", ") + gnuplot_quote(order[k]) + " " + std::to_string(k + 1);
    plot += std::string(k == 0 ? "plot " : ", ") + "'ratio_box.dat' index " + std::to_string(k) +
            " using (" + std::to_string(k + 1) + "):1 lc rgb '" + kColours[k % 8] + "' notitle";
  }
  const std::string y_axis = log ? log_axis('y', low, high) + "set yrange [" +
                                       gnuplot_number(decade_below(low)) + ":" +
                                       gnuplot_number(decade_above(high)) + "]\n"
                                 : std::string("set yrange [0:*]\n");
  const std::string body =
      "set title 'Mistakes / bound per sweep point and learner (runs whose bound applies)'\n"
      "set style data boxplot\nset style boxplot outliers pointtype 7\nset boxwidth 0.5\n"
      "set xtics (" +
      xtics + ")\nset xrange [0.3:" + std::to_string(static_cast<double>(order.size()) + 0.7) +
      "]\nset ylabel 'mistakes / bound'\n" + y_axis + "unset key\n" +
      (order.size() > 3 ? "set xtics rotate by -25\n" : "") + plot;
  std::string caption =
      "The distribution of count / bound per sweep point and learner: 1 would mean the bound is "
      "met exactly.";
  if (log) {
    caption += " The ratios span more than a factor of 10, so the axis is logarithmic";
    caption += zeros == 0 ? "."
                          : "; " + std::to_string(zeros) + (zeros == 1 ? " run" : " runs") +
                                " without a mistake (ratio 0) cannot be drawn on it.";
  }
  w.draw("ratio_box", caption, data, body);
}

}  // namespace plab
