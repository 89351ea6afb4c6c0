#include "run/initial_weights.hpp"

#include <algorithm>

#include "error.hpp"

namespace plab {

void fill_initial_weights(const InitSpec& init, Rng& rng, std::span<double> w) {
  if (init.kind == "zero") {
    std::fill(w.begin(), w.end(), 0.0);
  } else if (init.kind == "gaussian") {
    for (double& v : w) v = init.scale * rng.gaussian();
  } else if (init.kind == "uniform") {
    for (double& v : w) v = init.scale * (2.0 * rng.uniform() - 1.0);
  } else {
    PLAB_CHECK(init.kind == "given" && init.w.size() == w.size());
    std::copy(init.w.begin(), init.w.end(), w.begin());
  }
}

}  // namespace plab
