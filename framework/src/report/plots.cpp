#include "report/plots.hpp"

#include "error.hpp"
#include "report/kernel_boundary.hpp"
#include "report/plane_figures.hpp"
#include "report/plot_writer.hpp"
#include "report/run_figures.hpp"
#include "report/step_through.hpp"
#include "report/trajectory_view.hpp"

namespace plab {

namespace fs = std::filesystem;

FigureSet draw_figures(const ReportData& data) {
  FigureSet out;
  const fs::path plots = data.dir / "plots";
  std::error_code ec;
  // plots/ is the report's own: a link in its place (to a folder anywhere) is replaced by a
  // folder, so that figures stay inside the results folder; the link's target is untouched.
  if (fs::is_symlink(fs::symlink_status(plots, ec))) fs::remove(plots, ec);
  fs::create_directories(plots, ec);
  // Figures are part of the report: without their folder (a file named plots, no permission)
  // plab says so and writes nothing, rather than a report whose figures are silently missing.
  if (ec) {
    std::error_code kind_error;
    const fs::file_status status = fs::status(plots, kind_error);
    const std::string why =
        fs::exists(status) && !fs::is_directory(status)
            ? std::string(fs::is_regular_file(status) ? "it is a file" : "it is no folder") +
                  " (plab report writes the figures into a folder of "
                  "that name): move it away"
            : ec.message();
    throw WriteError("cannot make the figures' folder '" + plots.string() + "': " + why +
                     "; nothing was written (report.md and report.html are as they were)");
  }
  PlotWriter writer(plots, out);
  // A kernel against linear learners on data of two features: the boundaries of every kernel
  // learner are the contrast, so they come first.
  std::vector<KernelBoundary> boundaries;
  try {
    boundaries = load_kernel_boundaries(data, out.problems);
    for (std::size_t k = 0; k < boundaries.size(); ++k)
      draw_kernel_boundary(boundaries[k], k, writer);
  } catch (const std::exception& e) {
    out.problems.push_back(std::string("kernel boundary: ") + e.what());
  }
  draw_run_figures(data, writer);
  try {
    if (const auto view = load_trajectory_view(data)) {
      draw_plane_figures(*view, writer);
      out.step_through_html = step_through_panel(*view);
    }
  } catch (const std::exception& e) {
    out.problems.push_back(std::string("trajectory: ") + e.what());
  }
  return out;
}

}  // namespace plab
