// The report's pictures of the data in a plane, drawn with gnuplot:
//   trajectory         the points and the separating line after each update (repeat 0)
//   final_lines        the final line w·x̃ = 0 of the first repeats on one picture
//   kernel_boundary_K  a kernel perceptron's boundary f = 0 (report/kernel_boundary.hpp)
#pragma once

#include <cstddef>

#include "report/kernel_boundary.hpp"
#include "report/plot_writer.hpp"
#include "report/trajectory_view.hpp"

namespace plab {

void draw_plane_figures(const TrajectoryView& view, PlotWriter& w);
void draw_kernel_boundary(const KernelBoundary& b, std::size_t k, PlotWriter& w);

}  // namespace plab
