// A recorded figure against the one re-derived from the data (plab verify): equal, or within
// 1e-12 relative (the re-derivation may sum in another order than the run did).
#pragma once

#include <algorithm>
#include <cmath>

namespace plab {

inline bool same_figure(double recorded, double derived) {
  return recorded == derived ||
         std::fabs(recorded - derived) <= 1e-12 * std::max(std::fabs(recorded), std::fabs(derived));
}

}  // namespace plab
