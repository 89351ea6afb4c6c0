// The least-squares reference for the linear unit (docs/bounds.md, "The linear unit"): ŵ minimising
// E(w) = ½‖y − X̃w‖², solved independently of any plugin (Eigen's complete orthogonal
// decomposition, which gives the minimum-norm ŵ when X̃ is rank-deficient).
#pragma once

#include <span>
#include <vector>

#include "data/dataset.hpp"

namespace plab {

struct LeastSquaresReference {
  std::vector<double> w;
  double loss = 0.0;  // E(ŵ)
};

// Binary tasks only: targets are y ∈ {−1, +1}.
LeastSquaresReference solve_least_squares(const Dataset& data);

// E(w) for any weights, summed in file order.
double squared_error(const Dataset& data, std::span<const double> w);

}  // namespace plab
