#include <algorithm>
#include <cmath>

#include "theory/separator_solvers.hpp"

namespace plab {

std::vector<double> column_scales(const Dataset& data) {
  constexpr double kLow = 0x1p-40;
  constexpr double kHigh = 0x1p40;
  std::vector<double> scale(data.cols(), 1.0);
  for (std::size_t j = 0; j < data.cols(); ++j) {
    double largest = 0.0;
    for (std::size_t i = 0; i < data.rows(); ++i)
      largest = std::max(largest, std::fabs(data.row(i)[j]));
    if (largest == 0.0 || (largest >= kLow && largest <= kHigh)) continue;
    int e = 0;
    std::frexp(largest, &e);  // largest = f · 2^e, 0.5 ≤ f < 1
    // 2^-e brings it into [0.5, 1); capped so that the factor itself stays finite.
    scale[j] = std::ldexp(1.0, std::min(-e, 1000));
  }
  return scale;
}

}  // namespace plab
