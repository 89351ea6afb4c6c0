#include "report/run_figures.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <utility>

#include "report/gnuplot.hpp"
#include "report/plot_writer.hpp"
#include "report/ratio_box.hpp"

namespace plab {

namespace {

// The bound labels of the strip, one per run of neighbouring groups with the same bound (so
// 10 sweep points of one bound print it once, centred). A label gets the width of its groups;
// where the words "bound 221.8" do not fit it is the bare number, and neighbours alternate
// above and below the line so that numbers of adjacent narrow groups never overlap.
std::string bound_labels(const std::vector<std::pair<double, double>>& ranges, bool log,
                         double top) {
  constexpr double kPlotWidthPx = 700.0;  // the plotting area of an 860-px figure, about
  constexpr double kCharPx = 0.6 * kFigureFontPx;
  const double group_px =
      kPlotWidthPx / static_cast<double>(std::max<std::size_t>(ranges.size(), 1));
  std::string labels;
  std::size_t tag = 0;
  for (std::size_t k = 0; k < ranges.size();) {
    std::size_t end = k + 1;
    while (end < ranges.size() && ranges[end] == ranges[k]) ++end;
    const auto [lo, hi] = ranges[k];
    char words[96];
    char bare[64];
    if (hi <= lo * 1.0001) {
      std::snprintf(words, sizeof words, "bound %.4g", lo);
      std::snprintf(bare, sizeof bare, "%.3g", lo);
    } else {
      std::snprintf(words, sizeof words, "bounds %.4g to %.4g", lo, hi);
      std::snprintf(bare, sizeof bare, "%.3g-%.3g", lo, hi);
    }
    const double room = group_px * static_cast<double>(end - k);
    const bool fits = static_cast<double>(std::string(words).size()) * kCharPx < 0.95 * room;
    const bool below = !fits && tag % 2 == 1;
    const double x = 0.5 * static_cast<double>(k + 1 + end);
    const double y =
        log ? (below ? lo / 1.35 : lo * 1.3) : lo + (below ? -0.05 : 0.03) * std::max(lo, top);
    labels += "set label " + std::to_string(++tag) + " " + gnuplot_quote(fits ? words : bare) +
              " at " + gnuplot_number(x) + "," + gnuplot_number(y) + " center front\n";
    k = end;
  }
  return labels;
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
// and its value printed. The axis is logarithmic when the values span more than a factor of
// 10, so both the spread and the distance to the bound are visible; 0 is then drawn at 0.5.
// Bound labels never overlap: equal neighbours share one label, and when the groups are too
// narrow for the words the labels are the bare numbers, alternately above and below the line.
void mistakes_strip(const ReportData& d, PlotWriter& w) {
  std::string data;
  std::string labels;
  std::string xtics;
  std::size_t groups = 0;
  double top = 0.0;
  double low_count = 1e300;  // the smallest non-zero count
  double bound_low = 1e300;
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
      data +=
          gnuplot_number(static_cast<double>(groups + 1) + offset) + " " + gnuplot_number(c) + "\n";
      top = std::max(top, c);
      if (c > 0) low_count = std::min(low_count, c);
    }
    const auto [lo, hi] = std::minmax_element(s.bounds.begin(), s.bounds.end());
    bound_ranges.emplace_back(*lo, *hi);
    bound_low = std::min(bound_low, *lo);
    xtics += std::string(groups == 0 ? "" : ", ") + gnuplot_quote(group_label(d, i)) + " " +
             std::to_string(groups + 1);
    ++groups;
  }
  if (groups == 0 || widest_group < 2) return;  // one run is no distribution: the text says it
  double bound_top = 0.0;
  for (const auto& range : bound_ranges) bound_top = std::max(bound_top, range.first);
  const double y_high = std::max(top, bound_top);
  const bool log = spans_decade(std::min({low_count, bound_low, y_high}), y_high);
  data += "\n\n";
  labels = bound_labels(bound_ranges, log, top);
  for (std::size_t k = 0; k < bound_ranges.size(); ++k) {
    // The lowest bound of the group is drawn: no run may lie above its own bound, and the
    // lowest is the strictest picture of that.
    const double lo = bound_ranges[k].first;
    const auto x = static_cast<double>(k + 1);
    data += gnuplot_number(x - 0.42) + " " + gnuplot_number(lo) + "\n" + gnuplot_number(x + 0.42) +
            " " + gnuplot_number(lo) + "\n\n";
  }
  std::string body =
      "set title 'Mistakes (or batch updates) of every run, with the bound'\n"
      "set ylabel 'mistakes (updates for averaged batch)'\nunset key\nset grid ytics\n"
      "set xtics (" +
      xtics + ")\nset xrange [0.4:" + gnuplot_number(static_cast<double>(groups) + 0.6) + "]\n";
  if (groups > 3) body += "set xtics rotate by -25\n";
  if (log) {
    body += log_axis('y', 1.0, y_high * 2.0) + "set yrange [0.4:" + gnuplot_number(y_high * 2.0) +
            "]\nset ytics add ('0' 0.5)\n";
  } else {
    body += "set yrange [0:" + gnuplot_number(y_high * 1.15 + 1) + "]\n";
  }
  body += labels + "plot 'mistakes_strip.dat' index 0 using 1:(" +
          std::string(log ? "$2 > 0 ? $2 : 0.5" : "$2") +
          ") with points pt 7 ps 0.6 lc rgb '#1f77b4', 'mistakes_strip.dat' index 1 using 1:2 "
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
  for (std::size_t i = 0; i < d.series.size(); ++i) {
    const GroupSeries& s = d.series[i];
    if (s.counts.empty() || block >= 8) continue;
    for (std::size_t k = 0; k < s.counts.size(); ++k) {
      data += gnuplot_number(s.bounds[k]) + " " + gnuplot_number(s.counts[k]) + "\n";
      low = std::min({low, s.bounds[k], std::max(s.counts[k], 0.5)});
      high = std::max({high, s.bounds[k], s.counts[k]});
    }
    data += "\n\n";
    plot += std::string(block == 0 ? "plot " : ", ") + "'mistakes_vs_bound.dat' index " +
            std::to_string(block) + " using 1:2 with points pt 7 ps 0.5 lc rgb '" +
            kColours[block % 8] + "' title " + gnuplot_quote(group_label(d, i));
    ++block;
  }
  if (block == 0 || !bounds_vary(d)) return;
  const bool log = spans_decade(low, high);
  std::string body =
      "set title 'Mistakes (or batch updates) against the bound, one point per run'\n"
      "set xlabel 'bound'\nset ylabel 'mistakes (updates for averaged batch)'\n";
  if (log) body += log_axis('x', low / 2, high * 1.1) + log_axis('y', 0.5, high * 1.1);
  body += "set xrange [" + gnuplot_number(log ? low / 2 : 0) + ":" + gnuplot_number(high * 1.1) +
          "]\nset yrange [" + gnuplot_number(log ? 0.5 : 0) + ":" + gnuplot_number(high * 1.1) +
          "]\n";
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
  double low_x = 1e300, high_x = 0.0, low_y = 1e300, high_y = 0.0;
  for (const SlopeFit& f : d.summary.fits) {
    for (const GroupSummary& g : d.summary.groups) {
      if (g.learner != f.learner || !g.rho || g.mistakes.median <= 0) continue;
      const double x = g.radius * g.radius / (*g.rho * *g.rho);
      data += gnuplot_number(x) + " " + gnuplot_number(g.mistakes.median) + "\n";
      low_x = std::min(low_x, x), high_x = std::max(high_x, x);
      low_y = std::min({low_y, g.mistakes.median, x}),
      high_y = std::max({high_y, x, g.mistakes.median});
    }
    data += "\n\n";
    const std::string colour = kColours[block % 8];
    char label[160];
    std::snprintf(label, sizeof label, "fit: slope %.3f (95%% CI %.3f to %.3f)", f.slope, f.ci_low,
                  f.ci_high);
    plot += std::string(block == 0 ? "plot " : ", ") + "'margin_sweep.dat' index " +
            std::to_string(block) + " using 1:2 with linespoints pt 7 lc rgb '" + colour +
            "' title " + gnuplot_quote(f.learner + ": median mistakes") + ", exp(" +
            gnuplot_number(f.intercept) + ")*x**" + gnuplot_number(f.slope) +
            " with lines dt 2 lc rgb '" + colour + "' title " +
            gnuplot_quote(f.learner + " " + label);
    ++block;
  }
  const std::string body = "set title 'Median mistakes against (R/rho)^2 across the sweep'\n" +
                           log_axis('x', low_x, high_x) + log_axis('y', low_y, high_y) +
                           "set xrange [" + gnuplot_number(decade_below(low_x)) + ":" +
                           gnuplot_number(decade_above(high_x)) + "]\nset yrange [" +
                           gnuplot_number(decade_below(low_y)) + ":" +
                           gnuplot_number(decade_above(high_y)) + "]\n" +
                           "set key inside left top box opaque\n"
                           "set xlabel '(R/rho)^2'\nset ylabel 'median mistakes'\n" +
                           plot + ", x with lines lw 1 lc rgb 'gray' title 'the bound (R/rho)^2'";
  w.draw("margin_sweep",
         "Median mistakes against (R/ρ)² on log–log axes (" + fit_margin_text(d.summary.fits[0]) +
             "), with the fitted power law; the bound is the grey line.",
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
  double high_count = 0.0;
  std::string data;
  std::string plot;
  std::size_t block = 0;
  for (std::size_t k = 0; k < order.size() && k < 8; ++k) {
    auto& runs = by_learner[order[k]];
    std::sort(runs.begin(), runs.end(),
              [](const auto& a, const auto& b) { return a.epochs < b.epochs; });
    for (const auto& r : runs) {
      data += gnuplot_number(r.epochs) + " " + gnuplot_number(std::max(r.count, 0.5)) + "\n";
      low_epochs = std::min(low_epochs, r.epochs);
      high_epochs = std::max(high_epochs, r.epochs);
      low_count = std::min(low_count, std::max(r.count, 0.5));
      high_count = std::max({high_count, r.count, r.bound});
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
      data +=
          gnuplot_number(runs[i].epochs) + " " + gnuplot_number(bounds[bounds.size() / 2]) + "\n";
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
  const bool log_epochs = spans_decade(low_epochs, high_epochs);
  const std::string body =
      "set title 'Mistakes against epochs on non-separable data, with the certified hinge "
      "bound'\n" +
      log_axis('y', low_count / 2, high_count * 1.5) +
      (log_epochs ? log_axis('x', low_epochs / 1.5, high_epochs * 1.5) : "") + "set xrange [" +
      gnuplot_number(log_epochs ? low_epochs / 1.5 : 0) + ":" + gnuplot_number(high_epochs * 1.5) +
      "]\nset yrange [" + gnuplot_number(low_count / 2) +
      ":*]\nset key inside left top box opaque\n" +
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
  double epochs = 1.0, m_low = 1e300, m_high = 0.0, l_low = 1e300, l_high = 0.0;
  for (std::size_t i = 0; i < d.series.size(); ++i) {
    const GroupSeries& s = d.series[i];
    if (!s.epoch_mistakes.empty() && m_block < 8) {
      for (std::size_t e = 0; e < s.epoch_mistakes.size(); ++e) {
        mistakes_data += std::to_string(e + 1) + " " + gnuplot_number(s.epoch_mistakes[e]) + "\n";
        if (s.epoch_mistakes[e] > 0) m_low = std::min(m_low, s.epoch_mistakes[e]);
        m_high = std::max(m_high, s.epoch_mistakes[e]);
      }
      epochs = std::max(epochs, static_cast<double>(s.epoch_mistakes.size()));
      mistakes_data += "\n\n";
      mistakes_plot += std::string(m_block == 0 ? "plot " : ", ") + "'epoch_mistakes.dat' index " +
                       std::to_string(m_block) + " using 1:(@Y) with lines lw 1.5 lc rgb '" +
                       kColours[m_block % 8] + "' title " + gnuplot_quote(group_label(d, i));
      ++m_block;
    }
    const bool has_loss = std::any_of(s.epoch_loss.begin(), s.epoch_loss.end(),
                                      [](double v) { return !std::isnan(v); });
    if (has_loss && l_block < 8) {
      for (std::size_t e = 0; e < s.epoch_loss.size(); ++e) {
        if (std::isnan(s.epoch_loss[e])) continue;
        loss_data += std::to_string(e + 1) + " " + gnuplot_number(s.epoch_loss[e]) + "\n";
        l_low = std::min(l_low, s.epoch_loss[e]), l_high = std::max(l_high, s.epoch_loss[e]);
      }
      epochs = std::max(epochs, static_cast<double>(s.epoch_loss.size()));
      loss_data += "\n\n";
      loss_plot += std::string(l_block == 0 ? "plot " : ", ") + "'epoch_loss.dat' index " +
                   std::to_string(l_block) + " using 1:2 with lines lw 1.5 lc rgb '" +
                   kColours[l_block % 8] + "' title " + gnuplot_quote(group_label(d, i));
      if (optimum.count(s.point) &&
          optimum_lines.find("point " + std::to_string(s.point) + "'") == std::string::npos) {
        l_low = std::min(l_low, optimum[s.point]);
        optimum_lines +=
            ", " + gnuplot_number(optimum[s.point]) +
            " with lines dt 2 lw 2 lc rgb 'black' title " +
            gnuplot_quote("least-squares optimum E(w_hat), point " + std::to_string(s.point));
      }
      ++l_block;
    }
  }
  // Past a factor of 10 an axis is logarithmic; an epoch without a mistake is drawn at 0.5.
  const std::string x_axis = spans_decade(1.0, epochs) ? log_axis('x', 1.0, epochs) : "";
  if (m_block > 0) {
    const bool log = spans_decade(std::min(m_low, m_high), m_high);
    std::string plot = mistakes_plot;
    for (auto at = plot.find("@Y"); at != std::string::npos; at = plot.find("@Y"))
      plot.replace(at, 2, log ? "$2 > 0 ? $2 : 0.5" : "$2");
    w.draw(
        "epoch_mistakes",
        std::string("Mistakes per epoch (repeat 0 of each learner)") +
            (log ? "; the axis is logarithmic, 0 is drawn at 0.5." : "."),
        mistakes_data,
        "set title 'Mistakes per epoch (repeat 0)'\nset xlabel 'epoch'\nset ylabel 'mistakes'\n" +
            x_axis +
            (log ? log_axis('y', 1.0, m_high) + "set yrange [0.4:*]\nset ytics add ('0' 0.5)\n"
                 : "") +
            plot);
  }
  if (l_block > 0) {
    w.draw("epoch_loss",
           "The squared error E(w) per epoch (repeat 0) against the least-squares optimum.",
           loss_data,
           "set title 'Squared error E(w) per epoch (repeat 0)'\nset xlabel 'epoch'\n"
           "set ylabel 'E(w)'\nset key inside right top box opaque\n" +
               x_axis +
               (l_low > 0 && spans_decade(l_low, l_high) ? log_axis('y', l_low, l_high) : "") +
               loss_plot + optimum_lines);
  }
}

}  // namespace

void draw_run_figures(const ReportData& d, PlotWriter& w) {
  // The contrast first: across a sweep, the fitted trend says more than any one point.
  margin_sweep(d, w);
  mistakes_strip(d, w);
  mistakes_vs_bound(d, w);
  ratio_box(d, w);
  epoch_curves(d, w);
  hinge_bound_runs(d, w);
}

}  // namespace plab
