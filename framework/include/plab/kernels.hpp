// The arithmetic of the hot loops: dot product and scaled add, inlined into each plugin.
//
// docs/learners.md, "Conventions" fixes the order of summation: s += w[j]*x[j] from j = 0 upward,
// in double. That order is what lets a run be replayed exactly by a plain reference implementation,
// including which zero scores count as ties. The project compiles with -ffp-contract=off so
// that the compiler does not fuse the multiply and add into an FMA, which would round
// differently from that reference.
#pragma once

#include <cassert>
#include <cstddef>
#include <cstring>

#include "plab/training_set.hpp"

namespace plab {

// `x` is a row of doubles, or of floats (`precision: "float32"` data, TrainingSet::row32):
// a float widens exactly to double, so the sum is the one over the same values as doubles.
template <class X>
double dot(const double* w, const X* x, std::size_t n) {
  double s = 0.0;
  for (std::size_t j = 0; j < n; ++j) s += w[j] * static_cast<double>(x[j]);
  return s;
}

// The same sum in another fixed order: eight partial sums over j ≡ k (mod 8), combined as
// ((s0+s1)+(s2+s3))+((s4+s5)+(s6+s7)), then the tail from the first j not covered upward.
// The order is written out, so the compiler maps the eight sums to SIMD lanes without any
// reassociation of its own: the result is the same on every machine and build, and it is
// about twice as fast on wide vectors. It may round differently from dot() — so a run can
// differ from the sequential reference where scores tie — which is why learners offer it
// as the opt-in `dot: "blocked"` (performance) and keep dot() as the default.
inline double dot_blocked(const double* w, const double* x, std::size_t n) {
  // Lanes 0–3 of `low` and `high` are the partial sums s0..s3 and s4..s7. GCC/Clang vector
  // types make the lanes explicit: each lane computes s_k += w[j+k]·x[j+k] exactly as the
  // scalar definition does (no FMA: the build uses -ffp-contract=off), on any target.
  using Lanes = double __attribute__((vector_size(32)));
  Lanes low = {0, 0, 0, 0};
  Lanes high = {0, 0, 0, 0};
  const std::size_t blocked = n - n % 8;
  for (std::size_t j = 0; j < blocked; j += 8) {
    Lanes w0, w1, x0, x1;
    std::memcpy(&w0, w + j, sizeof w0);
    std::memcpy(&w1, w + j + 4, sizeof w1);
    std::memcpy(&x0, x + j, sizeof x0);
    std::memcpy(&x1, x + j + 4, sizeof x1);
    low += w0 * x0;
    high += w1 * x1;
  }
  double total =
      ((low[0] + low[1]) + (low[2] + low[3])) + ((high[0] + high[1]) + (high[2] + high[3]));
  for (std::size_t j = blocked; j < n; ++j) total += w[j] * x[j];
  return total;
}

// Sparse rows (plab/training_set.hpp). The sparse kernels give results bit-identical to the
// dense ones on the same data, because they perform the same operations minus the terms of
// stored zeros, and those terms change nothing:
//  - a dense sum adds w[j]·0 = ±0 for a zero x[j] (w[j] finite). Adding ±0 to a non-zero
//    partial sum leaves it unchanged, and a partial sum that is zero is +0: it starts at +0,
//    and in round-to-nearest an exact zero sum a + b of non-zeros is +0, +0 + (±0) = +0;
//    only −0 + −0 gives −0, which needs a −0 partial sum first. So skipping them is exact.
//  - a dense update adds a·0 = ±0 to w[j]: unchanged when w[j] ≠ 0, and +0 stays +0. Weights
//    start at +0 (or at finite w₀ without −0) and never become −0 for the same reason.
// So the identity holds while weights are finite (an inf weight times a zero feature is a
// NaN term in the dense sum only) and w₀ holds no −0 (the engine starts from +0 for
// a −0 in a given w₀: protocols/initial_weights.cpp).
inline double dot(const double* w, SparseRow x) {
  double s = 0.0;
  for (std::size_t k = 0; k < x.count; ++k) s += w[x.index[k]] * x.value[k];
  return s;
}

// dot_blocked's order on a sparse row of a data set with n columns: entry j goes to partial
// sum j mod 8 while j is below n − n mod 8, the rest to the tail, each in increasing j, so
// every partial sum and the tail are dot_blocked's minus zero terms (exact, see above).
inline double dot_blocked(const double* w, SparseRow x, std::size_t n) {
  double lane[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  const std::size_t blocked = n - n % 8;
  std::size_t k = 0;
  for (; k < x.count && x.index[k] < blocked; ++k)
    lane[x.index[k] % 8] += w[x.index[k]] * x.value[k];
  double total =
      ((lane[0] + lane[1]) + (lane[2] + lane[3])) + ((lane[4] + lane[5]) + (lane[6] + lane[7]));
  for (; k < x.count; ++k) total += w[x.index[k]] * x.value[k];
  return total;
}

// The two summation orders as types, so that a hot loop is compiled for one of them.
struct SequentialDot {
  template <class X>
  static double apply(const double* w, const X* x, std::size_t n) {
    return dot(w, x, n);
  }
  static double apply(const double* w, SparseRow x, std::size_t /*n*/) { return dot(w, x); }
};
struct BlockedDot {
  static double apply(const double* w, const double* x, std::size_t n) {
    return dot_blocked(w, x, n);
  }
  static double apply(const double* w, SparseRow x, std::size_t n) { return dot_blocked(w, x, n); }
};

// w ← w + a·x, for rows of doubles or of floats (widened exactly, as in dot()).
template <class X>
void add_scaled(double* w, double a, const X* x, std::size_t n) {
  for (std::size_t j = 0; j < n; ++j) w[j] += a * static_cast<double>(x[j]);
}

// The same on a sparse row: exact against the dense form (see dot above). `n` is the data
// set's column count, as for every kernel here (0 when unknown): a row that stores all n
// columns (a dense-ish set stored sparse) has index k = k, and is updated by the dense loop,
// which reads no indices.
inline void add_scaled(double* w, double a, SparseRow x, std::size_t n = 0) {
  // A count equal to n on a row whose last column is not n − 1 means n is not the data's.
  assert(x.count != n || n == 0 || x.index[n - 1] == n - 1);
  if (x.count == n) {
    add_scaled(w, a, x.value, n);
    return;
  }
  for (std::size_t k = 0; k < x.count; ++k) w[x.index[k]] += a * x.value[k];
}

// Either storage, decided per row: for code outside the hot loops (the shared loops compile
// one storage at a time). `n` is the data set's column count.
inline double dot(const double* w, const RowView& x, std::size_t n) {
  return x.dense != nullptr ? dot(w, x.dense, n) : dot(w, x.sparse);
}
inline void add_scaled(double* w, double a, const RowView& x, std::size_t n) {
  if (x.dense != nullptr) {
    add_scaled(w, a, x.dense, n);
  } else {
    add_scaled(w, a, x.sparse, n);
  }
}

}  // namespace plab
