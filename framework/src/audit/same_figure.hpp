#pragma once

#include <algorithm>
#include <cmath>

namespace plab {

// A recorded figure against the one re-derived from the data: equal, or within 1e-12
// relative (the re-derivation may sum in another order than the run did).
inline bool same_figure(double recorded, double derived) {
  return recorded == derived ||
         std::fabs(recorded - derived) <= 1e-12 * std::max(std::fabs(recorded), std::fabs(derived));
}

}  // namespace plab
