#include "theory/certified_tolerance.hpp"

#include <algorithm>
#include <cmath>

#include "theory/margin_oracle.hpp"
#include "theory/unit_roundoff.hpp"

namespace plab {

std::optional<HullNormFigures> hull_norm_figures(
    const Dataset& data, const std::vector<std::pair<std::size_t, double>>& weights) {
  const std::optional<double> upper = hull_point_norm_upper(data, weights);
  if (!upper) return std::nullopt;
  double sum = 0.0;
  for (const auto& w : weights) sum += w.second;
  HullNormFigures f;
  f.upper = *upper;
  f.nominal = certificate_residual(data, weights) / sum;
  f.allowance = std::max(f.upper - f.nominal, 0.0);
  return f;
}

bool within_allowance(double recorded, double recomputed, double allowance) {
  if (recorded == recomputed) return true;
  const double size = std::max(std::fabs(recorded), std::fabs(recomputed));
  return std::fabs(recorded - recomputed) <= 2.0 * allowance + 8.0 * kUnitRoundoff * size;
}

}  // namespace plab
