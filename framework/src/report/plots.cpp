#include "report/plots.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <fstream>
#include <map>
#include <sstream>
#include <utility>

#include "report/gnuplot.hpp"
#include "report/kernel_boundary.hpp"
#include "report/step_through.hpp"
#include "report/trajectory_view.hpp"
#include "results/json_text.hpp"

namespace plab {

namespace fs = std::filesystem;

namespace {

constexpr const char* kColours[] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd",
                                    "#ff7f0e", "#17becf", "#8c564b", "#e377c2"};

std::string num(double v) {
  std::string s;
  append_json_number(s, v);
  return s == "null" ? "NaN" : s;
}

std::string group_label(const GroupSeries& s, std::size_t points) {
  return points > 1 ? s.learner + " @ point " + std::to_string(s.point) : s.learner;
}

class PlotWriter {
 public:
  PlotWriter(fs::path plots, FigureSet& out) : plots_(std::move(plots)), out_(out) {}

  // Writes NAME.dat and NAME.gp and runs gnuplot; `body` plots into the current terminal.
  void draw(const std::string& name, const std::string& caption, const std::string& data,
            const std::string& body) {
    std::ofstream(plots_ / (name + ".dat")) << data;
    std::ostringstream gp;
    gp << "set terminal svg size 820,520 dynamic noenhanced font 'Sans,12' background rgb "
          "'white'\n"
       << "set output '" << name << ".svg'\n"
       << "set key outside right top box\nset grid\n"
       << body << "\n"
       << "set terminal pngcairo size 1000,620 noenhanced font 'Sans,10'\n"
       << "set output '" << name << ".png'\nreplot\n";
    std::ofstream(plots_ / (name + ".gp")) << gp.str();
    const std::string problem = run_gnuplot(plots_ / (name + ".gp"), plots_);
    if (!problem.empty()) {
      out_.problems.push_back(name + ": " + problem);
      return;
    }
    out_.figures.push_back({name, caption, "plots/" + name + ".svg", "plots/" + name + ".png"});
  }

 private:
  fs::path plots_;
  FigureSet& out_;
};

std::size_t distinct_points(const ReportData& d) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < d.series.size(); ++i) {
    if (i == 0 || d.series[i].point != d.series[i - 1].point) ++n;
  }
  return n;
}

// The count-against-bound scatter says something only when the bounds differ between runs:
// with (nearly) one bound it is a vertical strip, and mistakes_strip shows the same better.
bool bounds_vary(const ReportData& d) {
  double low = 1e300;
  double high = 0.0;
  for (const GroupSeries& s : d.series) {
    for (double b : s.bounds) low = std::min(low, b), high = std::max(high, b);
  }
  return high > 2.0 * low;
}

// Per (sweep point, learner) the count of every run as a dot histogram (equal counts side by
// side, so 100 identical runs are one wide row), with the group's bound as a marked line
// and its value printed. The axis is logarithmic when the bound is far above the counts, so
// both the spread and the distance to the bound are visible; 0 is then drawn at 0.5.
void mistakes_strip(const ReportData& d, PlotWriter& w) {
  std::string data;
  std::string labels;
  std::string xtics;
  std::size_t groups = 0;
  double top = 0.0;
  double bound_low = 1e300;
  const std::size_t points = distinct_points(d);
  std::vector<std::pair<double, double>> bound_ranges;
  std::size_t widest_group = 0;
  std::vector<std::size_t> drawn;  // the groups drawn (d.series and d.summary.groups agree)
  for (std::size_t i = 0; i < d.series.size(); ++i) {
    const GroupSeries& s = d.series[i];
    if (s.counts.empty() || groups >= 16) continue;
    drawn.push_back(i);
    widest_group = std::max(widest_group, s.counts.size());
    std::map<double, std::size_t> how_many;
    for (double c : s.counts) ++how_many[c];
    std::size_t widest = 0;
    for (const auto& [count, n] : how_many) widest = std::max(widest, n);
    const double step = std::min(0.04, 0.7 / static_cast<double>(widest));
    std::map<double, std::size_t> placed;
    for (double c : s.counts) {
      const std::size_t n = how_many[c];
      const double offset =
          (static_cast<double>(placed[c]++) - 0.5 * static_cast<double>(n - 1)) * step;
      data += num(static_cast<double>(groups + 1) + offset) + " " + num(c) + "\n";
      top = std::max(top, c);
    }
    const auto [lo, hi] = std::minmax_element(s.bounds.begin(), s.bounds.end());
    bound_ranges.emplace_back(*lo, *hi);
    bound_low = std::min(bound_low, *lo);
    xtics += std::string(groups == 0 ? "" : ", ") + gnuplot_quote(group_label(s, points)) + " " +
             std::to_string(groups + 1);
    ++groups;
  }
  if (groups == 0 || widest_group < 2) return;  // one run is no distribution: the text says it
  const bool log = bound_low > 5.0 * std::max(top, 1.0);
  data += "\n\n";
  double bound_top = 0.0;
  for (std::size_t k = 0; k < bound_ranges.size(); ++k) {
    // The lowest bound of the group is drawn: no run may lie above its own bound, and the
    // lowest is the strictest picture of that.
    const auto [lo, hi] = bound_ranges[k];
    const auto x = static_cast<double>(k + 1);
    data += num(x - 0.42) + " " + num(lo) + "\n" + num(x + 0.42) + " " + num(lo) + "\n\n";
    char text[96];
    if (hi <= lo * 1.0001) {
      std::snprintf(text, sizeof text, "bound %.4g", lo);
    } else {
      std::snprintf(text, sizeof text, "bounds %.4g to %.4g", lo, hi);
    }
    labels += "set label " + std::to_string(k + 1) + " " + gnuplot_quote(text) + " at " + num(x) +
              "," + num(log ? lo * 1.25 : lo + 0.03 * std::max(lo, top)) + " center front\n";
    bound_top = std::max(bound_top, lo);
  }
  const double y_high = std::max(top, bound_top);
  std::string body =
      "set title 'Mistakes (or batch updates) of every run, with the bound'\n"
      "set ylabel 'mistakes (updates for averaged batch)'\nunset key\nset grid ytics\n"
      "set xtics (" +
      xtics + ")\nset xrange [0.4:" + num(static_cast<double>(groups) + 0.6) + "]\n";
  if (groups > 4) body += "set xtics rotate by -25\n";
  if (log) {
    body += "set logscale y\nset yrange [0.4:" + num(y_high * 2.0) + "]\nset ytics add ('0' 0.5)\n";
  } else {
    body += "set yrange [0:" + num(y_high * 1.15 + 1) + "]\n";
  }
  body += labels + "plot 'mistakes_strip.dat' index 0 using 1:(" +
          std::string(log ? "$2 > 0 ? $2 : 0.5" : "$2") +
          ") with points pt 7 ps 0.45 lc rgb '#1f77b4', 'mistakes_strip.dat' index 1 using 1:2 "
          "with lines lw 2.5 lc rgb '#d62728'";
  std::string points_text;  // what each drawn sweep point is, when there is a sweep
  std::int64_t last_point = -1;
  for (const std::size_t k : drawn) {
    if (k >= d.summary.groups.size()) break;
    const GroupSummary& g = d.summary.groups[k];
    const std::string name = point_name(g.point, g.params);
    if (g.point == last_point || name.find('(') == std::string::npos) continue;
    points_text += (points_text.empty() ? " Sweep points: " : "; ") + name;
    last_point = g.point;
  }
  w.draw("mistakes_strip",
         std::string("Every run's mistakes per sweep point and learner (equal counts side by "
                     "side), with the bound as a red line and its value") +
             (log ? "; the axis is logarithmic, 0 is drawn at 0.5." : ".") +
             (points_text.empty() ? "" : points_text + "."),
         data, body);
}

void mistakes_vs_bound(const ReportData& d, PlotWriter& w) {
  std::string data;
  std::string plot;
  double low = 1e300;
  double high = 0.0;
  std::size_t block = 0;
  const std::size_t points = distinct_points(d);
  for (const GroupSeries& s : d.series) {
    if (s.counts.empty() || block >= 8) continue;
    for (std::size_t k = 0; k < s.counts.size(); ++k) {
      data += num(s.bounds[k]) + " " + num(s.counts[k]) + "\n";
      low = std::min({low, s.bounds[k], std::max(s.counts[k], 0.5)});
      high = std::max({high, s.bounds[k], s.counts[k]});
    }
    data += "\n\n";
    plot += std::string(block == 0 ? "plot " : ", ") + "'mistakes_vs_bound.dat' index " +
            std::to_string(block) + " using 1:2 with points pt 7 ps 0.5 lc rgb '" +
            kColours[block % 8] + "' title " + gnuplot_quote(group_label(s, points));
    ++block;
  }
  if (block == 0 || !bounds_vary(d)) return;
  const bool log = high / std::max(low, 1e-300) > 100.0;
  std::string body =
      "set title 'Mistakes (or batch updates) against the bound, one point per run'\n"
      "set xlabel 'bound'\nset ylabel 'mistakes (updates for averaged batch)'\n";
  if (log) body += "set logscale xy\n";
  body += "set xrange [" + num(log ? low / 2 : 0) + ":" + num(high * 1.1) + "]\nset yrange [" +
          num(log ? 0.5 : 0) + ":" + num(high * 1.1) + "]\n";
  body += plot + ", x with lines lw 2 dt 2 lc rgb 'black' title 'mistakes = bound'";
  w.draw("mistakes_vs_bound",
         "Each run's count against the bound that applies to it; no run may lie above the dashed "
         "line.",
         data, body);
}

void margin_sweep(const ReportData& d, PlotWriter& w) {
  if (d.summary.fits.empty()) return;
  std::string data;
  std::string plot;
  std::size_t block = 0;
  for (const SlopeFit& f : d.summary.fits) {
    for (const GroupSummary& g : d.summary.groups) {
      if (g.learner != f.learner || !g.rho || g.mistakes.median <= 0) continue;
      data += num(g.radius * g.radius / (*g.rho * *g.rho)) + " " + num(g.mistakes.median) + "\n";
    }
    data += "\n\n";
    const std::string colour = kColours[block % 8];
    char label[160];
    std::snprintf(label, sizeof label, "fit: slope %.3f (95%% CI %.3f to %.3f)", f.slope, f.ci_low,
                  f.ci_high);
    plot += std::string(block == 0 ? "plot " : ", ") + "'margin_sweep.dat' index " +
            std::to_string(block) + " using 1:2 with linespoints pt 7 lc rgb '" + colour +
            "' title " + gnuplot_quote(f.learner + ": median mistakes") + ", exp(" +
            num(f.intercept) + ")*x**" + num(f.slope) + " with lines dt 2 lc rgb '" + colour +
            "' title " + gnuplot_quote(f.learner + " " + label);
    ++block;
  }
  const std::string body =
      "set title 'Median mistakes against (R/rho)^2 across the sweep'\nset logscale xy\n"
      "set key inside left top box opaque\n"
      "set xlabel '(R/rho)^2'\nset ylabel 'median mistakes'\n" +
      plot + ", x with lines lw 1 lc rgb 'gray' title 'the bound (R/rho)^2'";
  w.draw("margin_sweep",
         "Median mistakes against (R/ρ)² on log–log axes (" + fit_margin_text(d.summary.fits[0]) +
             "), with the fitted power law; the bound is the grey line.",
         data, body);
}

// Per (sweep point, learner), never pooled across points: points differ in their bound.
void ratio_box(const ReportData& d, PlotWriter& w) {
  std::map<std::string, std::vector<double>> by_learner;
  std::vector<std::string> order;
  const std::size_t points = distinct_points(d);
  for (const GroupSeries& s : d.series) {
    if (s.ratios.empty()) continue;
    const std::string label = group_label(s, points);
    if (!by_learner.count(label)) order.push_back(label);
    auto& v = by_learner[label];
    v.insert(v.end(), s.ratios.begin(), s.ratios.end());
  }
  std::size_t largest = 0;
  for (const auto& [label, ratios] : by_learner) largest = std::max(largest, ratios.size());
  if (largest < 5) return;  // a box of fewer runs draws quartiles that are not there
  std::string data;
  std::string xtics;
  std::string plot;
  for (std::size_t k = 0; k < order.size() && k < 12; ++k) {
    for (double r : by_learner[order[k]]) data += num(r) + "\n";
    data += "\n\n";
    xtics +=
        std::string(k == 0 ? "" : ", ") + gnuplot_quote(order[k]) + " " + std::to_string(k + 1);
    plot += std::string(k == 0 ? "plot " : ", ") + "'ratio_box.dat' index " + std::to_string(k) +
            " using (" + std::to_string(k + 1) + "):1 lc rgb '" + kColours[k % 8] + "' notitle";
  }
  const std::string body =
      "set title 'Mistakes / bound per sweep point and learner (runs whose bound applies)'\n"
      "set style data boxplot\nset style boxplot outliers pointtype 7\nset boxwidth 0.5\n"
      "set xtics (" +
      xtics + ")\nset xrange [0.3:" + std::to_string(static_cast<double>(order.size()) + 0.7) +
      "]\nset ylabel 'mistakes / bound'\nset yrange [0:*]\nunset key\n" +
      (order.size() > 4 ? "set xtics rotate by -25\n" : "") + plot;
  w.draw("ratio_box",
         "The distribution of count / bound per sweep point and learner: 1 would mean the bound is "
         "met exactly.",
         data, body);
}

// Past separability Novikoff's bound says nothing; the certified hinge bound grows with the
// epochs T. Per learner: every run's mistakes against its epochs (dots) beside the median
// bound at each T (a line), so both the growth of the count and its distance to the bound
// show. Drawn only where records carry nonsep_bound.
void hinge_bound_runs(const ReportData& d, PlotWriter& w) {
  std::map<std::string, std::vector<GroupSeries::HingeRun>> by_learner;
  std::vector<std::string> order;
  for (const GroupSeries& s : d.series) {
    if (s.hinge_runs.empty()) continue;
    if (!by_learner.count(s.learner)) order.push_back(s.learner);
    auto& v = by_learner[s.learner];
    v.insert(v.end(), s.hinge_runs.begin(), s.hinge_runs.end());
  }
  if (order.empty()) return;
  double low_epochs = 1e300;
  double high_epochs = 0.0;
  double low_count = 1e300;
  std::string data;
  std::string plot;
  std::size_t block = 0;
  for (std::size_t k = 0; k < order.size() && k < 8; ++k) {
    auto& runs = by_learner[order[k]];
    std::sort(runs.begin(), runs.end(),
              [](const auto& a, const auto& b) { return a.epochs < b.epochs; });
    for (const auto& r : runs) {
      data += num(r.epochs) + " " + num(std::max(r.count, 0.5)) + "\n";
      low_epochs = std::min(low_epochs, r.epochs);
      high_epochs = std::max(high_epochs, r.epochs);
      low_count = std::min(low_count, std::max(r.count, 0.5));
    }
    data += "\n\n";
    for (std::size_t i = 0; i < runs.size();) {  // the median bound per distinct T
      std::size_t j = i;
      std::vector<double> bounds;
      for (; j < runs.size() && runs[j].epochs == runs[i].epochs; ++j)
        bounds.push_back(runs[j].bound);
      std::nth_element(bounds.begin(),
                       bounds.begin() + static_cast<std::ptrdiff_t>(bounds.size() / 2),
                       bounds.end());
      data += num(runs[i].epochs) + " " + num(bounds[bounds.size() / 2]) + "\n";
      i = j;
    }
    data += "\n\n";
    const std::string colour = kColours[k % 8];
    plot += std::string(k == 0 ? "plot " : ", ") + "'hinge_bound.dat' index " +
            std::to_string(block) + " using 1:2 with points pt 7 ps 0.6 lc rgb '" + colour +
            "' title " + gnuplot_quote(order[k] + ": mistakes") + ", 'hinge_bound.dat' index " +
            std::to_string(block + 1) + " using 1:2 with linespoints pt 9 lw 2 dt 2 lc rgb '" +
            colour + "' title " + gnuplot_quote(order[k] + ": hinge bound");
    block += 2;
  }
  const bool log_epochs = high_epochs > 10 * low_epochs;
  const std::string body =
      "set title 'Mistakes against epochs on non-separable data, with the certified hinge "
      "bound'\nset logscale y\n" +
      std::string(log_epochs ? "set logscale x\n" : "") + "set xrange [" +
      num(log_epochs ? low_epochs / 1.5 : 0) + ":" + num(high_epochs * 1.5) + "]\nset yrange [" +
      num(low_count / 2) + ":*]\nset key inside left top box opaque\n" +
      "set xlabel 'epochs T'\nset ylabel 'mistakes (log)'\n" + plot;
  w.draw("hinge_bound",
         "Runs on data certified not separable: each run's mistakes against its epochs T (dots), "
         "beside the certified hinge (Freund–Schapire) bound for that T (dashed, the median over "
         "the runs at T); no dot may lie above its learner's bound. 0 mistakes are drawn at 0.5.",
         data, body);
}

void epoch_curves(const ReportData& d, PlotWriter& w) {
  std::string mistakes_data;
  std::string mistakes_plot;
  std::string loss_data;
  std::string loss_plot;
  std::size_t m_block = 0;
  std::size_t l_block = 0;
  const std::size_t points = distinct_points(d);
  std::map<std::size_t, double> optimum;  // least-squares loss per point
  const auto& manifest_points = d.manifest.at("points").as_array();
  for (const auto& p : manifest_points) {
    const auto& t = p.as_object().at("theory").as_object();
    if (const auto* ls = t.if_contains("least_squares")) {
      optimum[p.as_object().at("index").to_number<std::size_t>()] =
          ls->as_object().at("loss").to_number<double>();
    }
  }
  std::string optimum_lines;
  for (const GroupSeries& s : d.series) {
    if (!s.epoch_mistakes.empty() && m_block < 8) {
      for (std::size_t e = 0; e < s.epoch_mistakes.size(); ++e) {
        mistakes_data += std::to_string(e + 1) + " " + num(s.epoch_mistakes[e]) + "\n";
      }
      mistakes_data += "\n\n";
      mistakes_plot += std::string(m_block == 0 ? "plot " : ", ") + "'epoch_mistakes.dat' index " +
                       std::to_string(m_block) + " using 1:2 with lines lw 1.5 lc rgb '" +
                       kColours[m_block % 8] + "' title " + gnuplot_quote(group_label(s, points));
      ++m_block;
    }
    const bool has_loss = std::any_of(s.epoch_loss.begin(), s.epoch_loss.end(),
                                      [](double v) { return !std::isnan(v); });
    if (has_loss && l_block < 8) {
      for (std::size_t e = 0; e < s.epoch_loss.size(); ++e) {
        if (!std::isnan(s.epoch_loss[e]))
          loss_data += std::to_string(e + 1) + " " + num(s.epoch_loss[e]) + "\n";
      }
      loss_data += "\n\n";
      loss_plot += std::string(l_block == 0 ? "plot " : ", ") + "'epoch_loss.dat' index " +
                   std::to_string(l_block) + " using 1:2 with lines lw 1.5 lc rgb '" +
                   kColours[l_block % 8] + "' title " + gnuplot_quote(group_label(s, points));
      if (optimum.count(s.point) &&
          optimum_lines.find("point " + std::to_string(s.point) + "'") == std::string::npos) {
        optimum_lines +=
            ", " + num(optimum[s.point]) + " with lines dt 2 lw 2 lc rgb 'black' title " +
            gnuplot_quote("least-squares optimum E(w_hat), point " + std::to_string(s.point));
      }
      ++l_block;
    }
  }
  if (m_block > 0) {
    w.draw(
        "epoch_mistakes", "Mistakes per epoch (repeat 0 of each learner).", mistakes_data,
        "set title 'Mistakes per epoch (repeat 0)'\nset xlabel 'epoch'\nset ylabel 'mistakes'\n" +
            mistakes_plot);
  }
  if (l_block > 0) {
    w.draw("epoch_loss",
           "The squared error E(w) per epoch (repeat 0) against the least-squares optimum.",
           loss_data,
           "set title 'Squared error E(w) per epoch (repeat 0)'\nset xlabel 'epoch'\n"
           "set ylabel 'E(w)'\nset logscale x\nset key inside right top box opaque\n" +
               loss_plot + optimum_lines);
  }
}

// The data of a view as two gnuplot blocks (class +1, class -1) and the plotting box around
// it, padded, for the pictures of lines on the data.
struct PointBlocks {
  std::string text;
  double x0 = 1e300, x1 = -1e300, y0 = 1e300, y1 = -1e300;
};

PointBlocks point_blocks(const TrajectoryView& view) {
  PointBlocks p;
  std::string positive;
  std::string negative;
  for (std::size_t i = 0; i < view.points.size(); ++i) {
    const auto [a, b] = view.points[i];
    p.x0 = std::min(p.x0, a), p.x1 = std::max(p.x1, a);
    p.y0 = std::min(p.y0, b), p.y1 = std::max(p.y1, b);
    (view.labels[i] == 1 ? positive : negative) += num(a) + " " + num(b) + "\n";
  }
  const double pad = 0.15 * std::max({p.x1 - p.x0, p.y1 - p.y0, 1.0});
  p.x0 -= pad, p.x1 += pad, p.y0 -= pad, p.y1 += pad;
  // gnuplot refuses an empty block: a class without rows gets a point it does not draw.
  p.text = (positive.empty() ? "NaN NaN\n" : positive) + "\n\n" +
           (negative.empty() ? "NaN NaN\n" : negative) + "\n\n";
  return p;
}

// The line w0 + w1 x + w2 y = 0 as a gnuplot block: a segment across the plotting box.
std::string line_block(const std::array<double, 3>& v, const PointBlocks& box) {
  if (std::fabs(v[2]) > 1e-12 * (std::fabs(v[1]) + 1e-300)) {
    return num(box.x0) + " " + num(-(v[0] + v[1] * box.x0) / v[2]) + "\n" + num(box.x1) + " " +
           num(-(v[0] + v[1] * box.x1) / v[2]) + "\n\n\n";
  }
  if (std::fabs(v[1]) > 0) {
    return num(-v[0] / v[1]) + " " + num(box.y0) + "\n" + num(-v[0] / v[1]) + " " + num(box.y1) +
           "\n\n\n";
  }
  return "NaN NaN\nNaN NaN\n\n\n";  // w = (b, 0, 0) draws no line
}

std::string points_plot(const std::string& file) {
  return "plot '" + file +
         "' index 0 using 1:2 with points pt 7 ps 1.4 lc rgb '#1f77b4' title 'class +1', '" + file +
         "' index 1 using 1:2 with points pt 5 ps 1.4 lc rgb '#d62728' title 'class -1'";
}

std::string plane_axes(const TrajectoryView& view, const PointBlocks& box) {
  return "\nset xrange [" + num(box.x0) + ":" + num(box.x1) + "]\nset yrange [" + num(box.y0) +
         ":" + num(box.y1) + "]\nset xlabel " + gnuplot_quote(view.x_name) + "\nset ylabel " +
         gnuplot_quote(view.y_name) + "\nset size ratio -1\nset clip two\n";
}

// The 2-D picture textbooks draw: the data and the line after each update of repeat 0.
void trajectory(const TrajectoryView& view, PlotWriter& w) {
  if (view.steps.empty()) return;
  const PointBlocks box = point_blocks(view);
  std::string data_text = box.text;
  const std::size_t shown = std::min<std::size_t>(view.steps.size(), 12);
  const std::size_t first = view.steps.size() - shown;
  for (std::size_t k = first; k < view.steps.size(); ++k)
    data_text += line_block(view.steps[k].w, box);
  std::string plot = points_plot("trajectory.dat");
  for (std::size_t k = 0; k < shown; ++k) {
    const bool last = k + 1 == shown;
    const double shade =
        shown > 1 ? 0.85 - 0.85 * static_cast<double>(k) / static_cast<double>(shown - 1) : 0.0;
    char colour[16];
    std::snprintf(colour, sizeof colour, "#%02x%02x%02x", static_cast<int>(255 * shade),
                  static_cast<int>(255 * shade), static_cast<int>(255 * shade));
    plot += ", 'trajectory.dat' index " + std::to_string(k + 2) + " using 1:2 with lines lw " +
            (last ? "3" : "1.2") + " lc rgb '" + colour + "' title " +
            gnuplot_quote(last ? "after update " + std::to_string(first + k + 1) + " (last)"
                               : "after update " + std::to_string(first + k + 1));
  }
  const std::string body =
      "set title " +
      gnuplot_quote("The separating line after each update: " + view.learner + ", repeat 0") +
      plane_axes(view, box) + plot;
  w.draw("trajectory", "The data and the line w·x̃ = 0 after each update (darker is later).",
         data_text, body);
}

// The final separating lines of several repeats on one picture: different starts and
// orders end at different separators of the same data.
void final_lines(const TrajectoryView& view, PlotWriter& w) {
  if (view.finals.size() < 2) return;
  const PointBlocks box = point_blocks(view);
  std::string data_text = box.text;
  std::string plot = points_plot("final_lines.dat");
  for (std::size_t k = 0; k < view.finals.size(); ++k) {
    data_text += line_block(view.finals[k].second, box);
    plot += ", 'final_lines.dat' index " + std::to_string(k + 2) + " using 1:2 with lines lw 2 " +
            "lc rgb '" + kColours[k % 8] + "'" + (k >= 8 ? " dt 2" : "") + " title " +
            gnuplot_quote("repeat " + std::to_string(view.finals[k].first));
  }
  const std::string body =
      "set title " +
      gnuplot_quote("Final separating lines of " + std::to_string(view.finals.size()) +
                    " repeats: " + view.learner + ", sweep point " + std::to_string(view.point) +
                    (view.projection.empty() ? "" : " (a projection)")) +
      "\nset key outside right top box\n" + plane_axes(view, box) + plot;
  w.draw("final_lines",
         "The data and the final line w·x̃ = 0 of the first " + std::to_string(view.finals.size()) +
             " repeats (identical lines overlap)" +
             (view.projection.empty() ? "." : ": " + view.projection + "."),
         data_text, body);
}

// A kernel perceptron's boundary f = 0 on the data: the plane shaded by the sign of f, the
// curve where it changes, the points, and the support rows (αᵢ > 0) ringed.
void kernel_boundary(const KernelBoundary& b, std::size_t k, PlotWriter& w) {
  std::string data;
  for (std::size_t iy = 0; iy < b.ny; ++iy) {
    for (std::size_t ix = 0; ix < b.nx; ++ix) {
      const double f = b.f[iy * b.nx + ix];
      data += num(b.x0 + (b.x1 - b.x0) * static_cast<double>(ix) / static_cast<double>(b.nx - 1)) +
              " " +
              num(b.y0 + (b.y1 - b.y0) * static_cast<double>(iy) / static_cast<double>(b.ny - 1)) +
              " " +
              (f > 0   ? "1"
               : f < 0 ? "-1"
                       : "0") +
              "\n";
    }
    data += "\n";
  }
  data += "\n";
  const auto segments = boundary_segments(b);
  for (const auto& s : segments) {
    data += num(s[0]) + " " + num(s[1]) + "\n" + num(s[2]) + " " + num(s[3]) + "\n\n";
  }
  if (segments.empty()) data += "NaN NaN\n";
  std::string blocks[3];
  for (std::size_t i = 0; i < b.points.size(); ++i) {
    const std::string p = num(b.points[i][0]) + " " + num(b.points[i][1]) + "\n";
    blocks[b.labels[i] == 1 ? 0 : 1] += p;
    if (b.support[i]) blocks[2] += p;
  }
  for (const std::string& block : blocks) data += "\n\n" + (block.empty() ? "NaN NaN\n" : block);
  const std::string name = "kernel_boundary_" + std::to_string(k);
  const std::string file = "'" + name + ".dat'";
  const std::string body =
      "set title " +
      gnuplot_quote("Kernel perceptron '" + b.learner +
                    "': the boundary f = 0 of repeat 0, sweep point " + std::to_string(b.point) +
                    " (" + b.kernel + ")") +
      "\nset xrange [" + num(b.x0) + ":" + num(b.x1) + "]\nset yrange [" + num(b.y0) + ":" +
      num(b.y1) + "]\nset xlabel " + gnuplot_quote(b.x_name) + "\nset ylabel " +
      gnuplot_quote(b.y_name) +
      "\nset size ratio -1\nset palette defined (-1 '#f8d5d3', 0 '#ffffff', 1 '#d4e4f4')\n"
      "set cbrange [-1:1]\nunset colorbox\n"
      "plot " +
      file + " index 0 using 1:2:3 with image notitle, " + file +
      " index 1 using 1:2 with lines lw 2.5 lc rgb 'black' title 'f(x) = 0', " + file +
      " index 2 using 1:2 with points pt 7 ps 1.4 lc rgb '#1f77b4' title 'class +1', " + file +
      " index 3 using 1:2 with points pt 5 ps 1.4 lc rgb '#d62728' title 'class -1', " + file +
      " index 4 using 1:2 with points pt 6 ps 2.6 lw 1.5 lc rgb 'black' title 'support row'";
  w.draw(name,
         "The decision boundary f(x) = Σ αᵢyᵢK(xᵢ, x) = 0 of " + b.learner + " (" + b.kernel +
             "), repeat 0 at sweep point " + std::to_string(b.point) +
             ", rebuilt from its record's sample_mistakes (αᵢ): blue where f > 0, red where "
             "f < 0; ringed rows are support rows (αᵢ > 0). " +
             (b.misclassified == 0 ? std::string("Every row is on its side.")
                                   : std::to_string(b.misclassified) +
                                         " rows are on the wrong side (the run did not converge)."),
         data, body);
}

}  // namespace

FigureSet draw_figures(const ReportData& data) {
  FigureSet out;
  const fs::path plots = data.dir / "plots";
  std::error_code ec;
  fs::create_directories(plots, ec);
  if (ec) {
    out.problems.push_back("cannot create " + plots.string() + ": " + ec.message());
    return out;
  }
  PlotWriter writer(plots, out);
  mistakes_strip(data, writer);
  mistakes_vs_bound(data, writer);
  margin_sweep(data, writer);
  ratio_box(data, writer);
  epoch_curves(data, writer);
  hinge_bound_runs(data, writer);
  try {
    if (const auto view = load_trajectory_view(data)) {
      trajectory(*view, writer);
      final_lines(*view, writer);
      out.step_through_html = step_through_panel(*view);
    }
  } catch (const std::exception& e) {
    out.problems.push_back(std::string("trajectory: ") + e.what());
  }
  try {
    const auto boundaries = load_kernel_boundaries(data, out.problems);
    for (std::size_t k = 0; k < boundaries.size(); ++k) kernel_boundary(boundaries[k], k, writer);
  } catch (const std::exception& e) {
    out.problems.push_back(std::string("kernel boundary: ") + e.what());
  }
  return out;
}

}  // namespace plab
