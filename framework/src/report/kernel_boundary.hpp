// The decision boundary of a kernel perceptron on data of two features, for the report's
// picture (a kernel's boundary is a curve, not the line w·x̃ = 0 the other pictures draw).
//
// The model is the one the learner trained, rebuilt from its record: f(x) = w₀·x̃ +
// Σᵢ αᵢyᵢK(x̃ᵢ, x̃) (plugins/kernel_perceptron), αᵢ the updates repeat 0 made on row i (its
// record's sample_mistakes: protocol.record_sample_mistakes), K the kernel the manifest
// declares for the learner's bound, w₀ its start (zero; or, for a non-linear kernel, the
// record's w, which such a run never changes).
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <vector>

#include "report/report_data.hpp"

namespace plab {

struct KernelBoundary {
  std::size_t point = 0;
  std::string learner;
  std::string kernel;  // the kernel in words, for the title
  std::string x_name;
  std::string y_name;
  std::vector<std::array<double, 2>> points;
  std::vector<int> labels;    // +1 / -1
  std::vector<bool> support;  // αᵢ > 0
  // f at the nodes of an nx × ny grid over [x0, x1] × [y0, y1], row by row (y outer).
  double x0 = 0, x1 = 0, y0 = 0, y1 = 0;
  std::size_t nx = 0, ny = 0;
  std::vector<double> f;
  std::size_t misclassified = 0;  // rows with y·f(x) ≤ 0 under the rebuilt model
  // The linear perceptrons of the same sweep point (plugins perceptron and eta_perceptron,
  // whose every update adds step_scale·y·x̃), drawn on the same picture for the contrast:
  // repeat 0's final w, its record's `w` or, from a zero start, η Σ αᵢyᵢx̃ᵢ.
  struct LinearLine {
    std::string learner;
    std::array<double, 3> w{};
    std::size_t misclassified = 0;  // rows with y·(w·x̃) ≤ 0
  };
  std::vector<LinearLine> linear;
};

// One picture per kernel_perceptron learner (at most 4) whose repeat 0 recorded
// sample_mistakes, at the first sweep point where it did, when the data is binary with two
// features. `problems` gets why a learner that recorded them is not drawn. Throws
// DataError when the data file changed since the run.
std::vector<KernelBoundary> load_kernel_boundaries(const ReportData& data,
                                                   std::vector<std::string>& problems);

// The boundary f = 0 as segments (marching squares over the grid, crossings interpolated
// linearly along cell edges).
std::vector<std::array<double, 4>> boundary_segments(const KernelBoundary& b);

}  // namespace plab
