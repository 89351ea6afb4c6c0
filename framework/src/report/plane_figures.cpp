#include "report/plane_figures.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

#include "report/gnuplot.hpp"

namespace plab {

namespace {

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
    (view.labels[i] == 1 ? positive : negative) +=
        gnuplot_number(a) + " " + gnuplot_number(b) + "\n";
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
    return gnuplot_number(box.x0) + " " + gnuplot_number(-(v[0] + v[1] * box.x0) / v[2]) + "\n" +
           gnuplot_number(box.x1) + " " + gnuplot_number(-(v[0] + v[1] * box.x1) / v[2]) + "\n\n\n";
  }
  if (std::fabs(v[1]) > 0) {
    return gnuplot_number(-v[0] / v[1]) + " " + gnuplot_number(box.y0) + "\n" +
           gnuplot_number(-v[0] / v[1]) + " " + gnuplot_number(box.y1) + "\n\n\n";
  }
  return "NaN NaN\nNaN NaN\n\n\n";  // w = (b, 0, 0) draws no line
}

std::string points_plot(const std::string& file) {
  return "plot '" + file +
         "' index 0 using 1:2 with points pt 7 ps 1.4 lc rgb '#1f77b4' title 'class +1', '" + file +
         "' index 1 using 1:2 with points pt 5 ps 1.4 lc rgb '#d62728' title 'class -1'";
}

std::string plane_axes(const TrajectoryView& view, const PointBlocks& box) {
  return "\nset xrange [" + gnuplot_number(box.x0) + ":" + gnuplot_number(box.x1) +
         "]\nset yrange [" + gnuplot_number(box.y0) + ":" + gnuplot_number(box.y1) +
         "]\nset xlabel " + gnuplot_quote(view.x_name) + "\nset ylabel " +
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

// Where the line w·x̃ = 0 crosses the box [x0, x1] × [y0, y1]: two points, or none.
std::vector<std::array<double, 2>> line_in_box(const std::array<double, 3>& w, double x0, double x1,
                                               double y0, double y1) {
  const std::array<std::array<double, 2>, 4> c = {{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}};
  std::vector<std::array<double, 2>> out;
  for (std::size_t k = 0; k < 4 && out.size() < 2; ++k) {
    const auto& a = c[k];
    const auto& b = c[(k + 1) % 4];
    const double fa = w[0] + w[1] * a[0] + w[2] * a[1];
    const double fb = w[0] + w[1] * b[0] + w[2] * b[1];
    if ((fa >= 0) == (fb >= 0)) continue;
    const double t = fa / (fa - fb);
    out.push_back({a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])});
  }
  if (out.size() != 2) out.clear();
  return out;
}

// A kernel perceptron's boundary f = 0 on the data: the plane shaded by the sign of f, the
// curve where it changes, the points, and the support rows (αᵢ > 0) ringed.
void kernel_boundary(const KernelBoundary& b, std::size_t k, PlotWriter& w) {
  std::string data;
  for (std::size_t iy = 0; iy < b.ny; ++iy) {
    for (std::size_t ix = 0; ix < b.nx; ++ix) {
      const double f = b.f[iy * b.nx + ix];
      data += gnuplot_number(b.x0 + (b.x1 - b.x0) * static_cast<double>(ix) /
                                        static_cast<double>(b.nx - 1)) +
              " " +
              gnuplot_number(b.y0 + (b.y1 - b.y0) * static_cast<double>(iy) /
                                        static_cast<double>(b.ny - 1)) +
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
    data += gnuplot_number(s[0]) + " " + gnuplot_number(s[1]) + "\n" + gnuplot_number(s[2]) + " " +
            gnuplot_number(s[3]) + "\n\n";
  }
  if (segments.empty()) data += "NaN NaN\n";
  std::string blocks[3];
  for (std::size_t i = 0; i < b.points.size(); ++i) {
    const std::string p =
        gnuplot_number(b.points[i][0]) + " " + gnuplot_number(b.points[i][1]) + "\n";
    blocks[b.labels[i] == 1 ? 0 : 1] += p;
    if (b.support[i]) blocks[2] += p;
  }
  for (const std::string& block : blocks) data += "\n\n" + (block.empty() ? "NaN NaN\n" : block);
  // The linear perceptrons' final lines, dashed: the contrast the kernel is run against.
  std::string linear_plot;
  std::string linear_caption;
  for (std::size_t j = 0; j < b.linear.size(); ++j) {
    const auto& line = b.linear[j];
    const auto ends = line_in_box(line.w, b.x0, b.x1, b.y0, b.y1);
    data += "\n\n";
    for (const auto& e : ends) data += gnuplot_number(e[0]) + " " + gnuplot_number(e[1]) + "\n";
    if (ends.empty()) data += "NaN NaN\n";
    linear_plot += ", '" + std::string("kernel_boundary_") + std::to_string(k) + ".dat' index " +
                   std::to_string(5 + j) + " using 1:2 with lines lw 2.5 dt 2 lc rgb '" +
                   kColours[(j + 2) % 8] + "' title " +
                   gnuplot_quote("linear perceptron '" + line.learner +
                                 "': " + std::to_string(line.misclassified) + " rows wrong");
    linear_caption += " The dashed line is the final w·x̃ = 0 of the linear perceptron '" +
                      line.learner + "' (repeat 0" +
                      (ends.empty() ? ", which does not cross the picture" : "") +
                      "): " + std::to_string(line.misclassified) + " of " +
                      std::to_string(b.points.size()) + " rows are on its wrong side.";
  }
  const std::string name = "kernel_boundary_" + std::to_string(k);
  const std::string file = "'" + name + ".dat'";
  const std::string body =
      "set title " +
      // Short enough for 14-px text across the figure; the caption says the rest.
      gnuplot_quote("Kernel perceptron '" + b.learner + "': f = 0 (" + b.kernel + ")") +
      "\nset xrange [" + gnuplot_number(b.x0) + ":" + gnuplot_number(b.x1) + "]\nset yrange [" +
      gnuplot_number(b.y0) + ":" + gnuplot_number(b.y1) + "]\nset xlabel " +
      gnuplot_quote(b.x_name) + "\nset ylabel " + gnuplot_quote(b.y_name) +
      "\nset size ratio -1\nset palette defined (-1 '#f8d5d3', 0 '#ffffff', 1 '#d4e4f4')\n"
      "set cbrange [-1:1]\nunset colorbox\n"
      "plot " +
      file + " index 0 using 1:2:3 with image notitle, " + file +
      " index 1 using 1:2 with lines lw 2.5 lc rgb 'black' title 'f(x) = 0', " + file +
      " index 2 using 1:2 with points pt 7 ps 1.4 lc rgb '#1f77b4' title 'class +1', " + file +
      " index 3 using 1:2 with points pt 5 ps 1.4 lc rgb '#d62728' title 'class -1', " + file +
      " index 4 using 1:2 with points pt 6 ps 2.6 lw 1.5 lc rgb 'black' title 'support row'" +
      linear_plot;
  w.draw(
      name,
      "The decision boundary f(x) = Σ αᵢyᵢK(xᵢ, x) = 0 of " + b.learner + " (" + b.kernel +
          "), repeat 0 at sweep point " + std::to_string(b.point) +
          ", rebuilt from its record's sample_mistakes (αᵢ): blue where f > 0, red where "
          "f < 0; ringed rows are support rows (αᵢ > 0). " +
          (b.misclassified == 0 ? std::string("Every row is on its side.")
                                : std::to_string(b.misclassified) +
                                      " rows are on the wrong side (the run did not converge).") +
          linear_caption,
      data, body);
}

}  // namespace

void draw_plane_figures(const TrajectoryView& view, PlotWriter& w) {
  trajectory(view, w);
  final_lines(view, w);
}

void draw_kernel_boundary(const KernelBoundary& b, std::size_t k, PlotWriter& w) {
  kernel_boundary(b, k, w);
}

}  // namespace plab
