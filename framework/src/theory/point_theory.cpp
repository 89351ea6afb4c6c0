#include "theory/point_theory.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace plab {

double data_radius(const Dataset& data) {
  double max_squared = 0.0;
  for (std::size_t i = 0; i < data.rows(); ++i) {
    const double* x = data.row(i);
    double s = 0.0;
    for (std::size_t j = 0; j < data.cols(); ++j) s += x[j] * x[j];
    max_squared = std::max(max_squared, s);
  }
  // Rounded up: R enters bounds as an upper bound on every ‖x̃ᵢ‖.
  const double u = std::numeric_limits<double>::epsilon() / 2.0;
  const double factor = 1.0 + (static_cast<double>(data.cols()) + 2.0) * u;
  if (std::isfinite(max_squared)) return std::sqrt(max_squared) * factor;
  // A square overflowed (|x| ≳ 1e154): each row again, scaled by a power of two, which is
  // exact, so the same rounding bound holds.
  double radius = 0.0;
  for (std::size_t i = 0; i < data.rows(); ++i) {
    const double* x = data.row(i);
    double largest = 0.0;
    for (std::size_t j = 0; j < data.cols(); ++j) largest = std::max(largest, std::fabs(x[j]));
    if (largest == 0.0) continue;
    int e = 0;
    std::frexp(largest, &e);
    double s = 0.0;
    for (std::size_t j = 0; j < data.cols(); ++j) {
      const double t = std::ldexp(x[j], -e);
      s += t * t;
    }
    radius = std::max(radius, std::ldexp(std::sqrt(s) * factor, e));
  }
  return radius;
}

PointTheory compute_point_theory(const Dataset& data, const TheorySpec& theory,
                                 const std::vector<double>& teacher, bool need_least_squares) {
  PointTheory t;
  t.radius = data_radius(data);
  OracleRequest request;
  request.kind = theory.margin;
  request.vector = theory.margin == "teacher" ? teacher : theory.u;
  request.budget_seconds = theory.oracle_seconds;
  t.margin = find_margin(data, request);
  if (need_least_squares && data.task() == TaskKind::kBinary) {
    t.least_squares = solve_least_squares(data);
  }
  return t;
}

}  // namespace plab
