// The arithmetic of the hot loops: dot product and scaled add, inlined into each plugin.
//
// THEORY.md §0 fixes the order of summation: s += w[j]*x[j] from j = 0 upward, in double.
// That order is what lets a run be replayed exactly by a plain reference implementation,
// including which zero scores count as ties. The project compiles with -ffp-contract=off so
// that the compiler does not fuse the multiply and add into an FMA, which would round
// differently from that reference.
#pragma once

#include <cstddef>

namespace plab {

inline double dot(const double* w, const double* x, std::size_t n) {
  double s = 0.0;
  for (std::size_t j = 0; j < n; ++j) s += w[j] * x[j];
  return s;
}

// w ← w + a·x
inline void add_scaled(double* w, double a, const double* x, std::size_t n) {
  for (std::size_t j = 0; j < n; ++j) w[j] += a * x[j];
}

}  // namespace plab
