#pragma once

#include <limits>

namespace plab {

// u = 2^-53: the relative error of one correctly rounded double operation. The certified
// bounds widen their computed figures by small multiples of it (docs/bounds.md, "What makes
// a printed bound a proved bound").
inline constexpr double kUnitRoundoff = std::numeric_limits<double>::epsilon() / 2.0;

}  // namespace plab
