#include "theory/point_theory.hpp"

#include <algorithm>
#include <cmath>

namespace plab {

PointTheory compute_point_theory(const Dataset& data) {
  PointTheory t;
  double max_squared = 0.0;
  for (std::size_t i = 0; i < data.rows(); ++i) {
    const double* x = data.row(i);
    double s = 0.0;
    for (std::size_t j = 0; j < data.cols(); ++j) s += x[j] * x[j];
    max_squared = std::max(max_squared, s);
  }
  t.radius = std::sqrt(max_squared);
  return t;
}

}  // namespace plab
