// The sign of the sequential dot product (docs/learners.md, "Conventions"), found without waiting
// for it.
//
// A learner that looks at w·x̃ only to decide whether a sample is a mistake needs the sign of
// the sequential sum, not its value. The sequential sum is one chain of dependent additions;
// a sum in eight fixed partial sums has no such chain and is several times faster, but may
// round to a different value. Both are sums of the same products p_j = fl(w_j·x_j) (the
// products are rounded once and identically in either order), and any order of n − 1
// rounded additions lies within γ(n−1)·A of the exact sum Σ p_j, where A = Σ |p_j| and
// γ(k) = k·u/(1 − k·u), u = 2⁻⁵³ (Higham, Accuracy and Stability of Numerical Algorithms,
// §4.2; it holds with gradual underflow, where an addition is exact). So the two sums differ
// by at most 2·γ(n−1)·A, and when the fast sum's magnitude exceeds that, the sequential sum
// has the same sign and is not zero. Â, A summed in floating point, is at least A·(1 − γ(n−1)),
// so the test below, |fast| > 4·(n+1)·u·Â with that bound a normal double, is more than
// enough while n·u ≤ 1/100 (2·γ/(1 − γ) ≤ 2.05·(n−1)·u there; rounding the bound's product
// costs a factor 1 − u). A NaN or infinite product or sum fails the test. When the test
// fails — a tie, a near-tie, an overflow — the sequential sum itself is computed and returned.
//
// The value returned is therefore not the sequential sum, only its sign (with the same
// zero and NaN cases): CertifiedSignDot is for loops whose rule reads nothing of the score
// but its comparison with zero (plab/binary_online_learner.hpp picks it for those). Every
// decision, every update and so every weight is the sequential reference's, bit for bit.
#pragma once

#include <cassert>
#include <cfloat>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "plab/kernels.hpp"

namespace plab {

namespace detail {

// Below this many terms the sequential sum is as fast as the test. The bound's condition
// n·u ≤ 1/100 holds up to about 2^46 terms; 2^40 keeps well inside it.
inline constexpr std::size_t kCertifyFromTerms = 16;
inline constexpr std::size_t kCertifyBelowTerms = std::size_t{1} << 40;

// True when |fast| certifies the sign of every n-term sum of the same products (see above).
inline bool sign_is_certified(double fast, double abs_sum, std::size_t n) {
  const double bound = abs_sum * (4.0 * static_cast<double>(n + 1) * 0x1p-53);
  return bound >= DBL_MIN && std::fabs(fast) > bound;
}

// Two doubles: the baseline x86-64 vector (SSE2), so the portable build gets the same code
// shape as a -march=native one; four of them make the eight partial sums.
using CertifyLanes = double __attribute__((vector_size(16)));
using CertifyBits = std::int64_t __attribute__((vector_size(16)));

inline void add_magnitude(CertifyLanes& sum, const CertifyLanes& v) {
  constexpr std::int64_t kNoSign = INT64_MAX;
  const CertifyBits no_sign = {kNoSign, kNoSign};
  sum += reinterpret_cast<CertifyLanes>(reinterpret_cast<CertifyBits>(v) & no_sign);
}

// Two consecutive values as doubles: a float widens exactly, as in dot().
inline void load_lanes(CertifyLanes& v, const double* x) { std::memcpy(&v, x, sizeof v); }
inline void load_lanes(CertifyLanes& v, const float* x) {
  using Floats = float __attribute__((vector_size(8)));
  Floats f;
  std::memcpy(&f, x, sizeof f);
  v = __builtin_convertvector(f, CertifyLanes);
}

// Term k of a dense row (w[k]·x[k]) or of a sparse row (its entry k), and terms k and k + 1.
template <class X>
[[gnu::always_inline]] inline double term(const double* w, const X* x, std::size_t k) {
  return w[k] * static_cast<double>(x[k]);
}
[[gnu::always_inline]] inline double term(const double* w, SparseRow x, std::size_t k) {
  return w[x.index[k]] * x.value[k];
}
template <class X>
[[gnu::always_inline]] inline CertifyLanes products(const double* w, const X* x, std::size_t k) {
  CertifyLanes wk, xk;
  load_lanes(wk, w + k);
  load_lanes(xk, x + k);
  return wk * xk;
}
[[gnu::always_inline]] inline CertifyLanes products(const double* w, SparseRow x, std::size_t k) {
  const CertifyLanes wk = {w[x.index[k]], w[x.index[k + 1]]};
  CertifyLanes xk;
  load_lanes(xk, x.value + k);
  return wk * xk;
}

// The fast sum and the magnitude sum of n terms: terms 8i..8i+7 go to eight partial sums, the
// rest to a tail. The partial sums are named variables, not an array: GCC kept an array of
// them in memory, and each block of eight then waited on the stores of the one before
// (measured in docs/performance.md, "The certified sign's partial sums").
template <class Row>
[[gnu::always_inline]] inline void fast_sums(const double* w, Row x, std::size_t n, double& fast,
                                             double& abs_sum) {
  CertifyLanes s0 = {}, s1 = {}, s2 = {}, s3 = {}, a0 = {}, a1 = {}, a2 = {}, a3 = {};
  const std::size_t blocked = n - n % 8;
  for (std::size_t k = 0; k < blocked; k += 8) {
    const CertifyLanes p0 = products(w, x, k), p1 = products(w, x, k + 2);
    const CertifyLanes p2 = products(w, x, k + 4), p3 = products(w, x, k + 6);
    s0 += p0;
    s1 += p1;
    s2 += p2;
    s3 += p3;
    add_magnitude(a0, p0);
    add_magnitude(a1, p1);
    add_magnitude(a2, p2);
    add_magnitude(a3, p3);
  }
  const CertifyLanes sums = (s0 + s1) + (s2 + s3);
  const CertifyLanes abss = (a0 + a1) + (a2 + a3);
  fast = sums[0] + sums[1];
  abs_sum = abss[0] + abss[1];
  for (std::size_t k = blocked; k < n; ++k) {
    const double p = term(w, x, k);
    fast += p;
    abs_sum += std::fabs(p);
  }
}

}  // namespace detail

// The sequential dot product's sign on a dense row of doubles or floats; see above.
template <class X>
double certified_sign_dot(const double* w, const X* x, std::size_t n) {
  if (n < detail::kCertifyFromTerms || n >= detail::kCertifyBelowTerms) return dot(w, x, n);
  double fast = 0.0, abs_sum = 0.0;
  detail::fast_sums(w, x, n, fast, abs_sum);
  return detail::sign_is_certified(fast, abs_sum, n) ? fast : dot(w, x, n);
}

// The same on a sparse row: its stored entries are the terms (kernels.hpp: the zeros a dense
// sum adds change nothing), the weights gathered in pairs.
inline double certified_sign_dot(const double* w, SparseRow x) {
  const std::size_t n = x.count;
  if (n < detail::kCertifyFromTerms || n >= detail::kCertifyBelowTerms) return dot(w, x);
  double fast = 0.0, abs_sum = 0.0;
  detail::fast_sums(w, x, n, fast, abs_sum);
  return detail::sign_is_certified(fast, abs_sum, n) ? fast : dot(w, x);
}

// The same on a sparse row of a data set with `cols` columns. A row that stores every column
// (a dense-ish set stored sparse) is a dense row, its index k = k: it takes the dense loop,
// which reads no indices (as add_scaled does with it). The count alone decides, reading
// nothing: testing each row for a run of consecutive columns read its last index first, and
// made rows with gaps slower (docs/performance.md, "Sparse storage").
inline double certified_sign_dot(const double* w, SparseRow x, std::size_t cols) {
  assert(x.count != cols || cols == 0 || x.index[cols - 1] == cols - 1);  // cols is the data's
  if (x.count == cols) return certified_sign_dot(w, x.value, cols);
  return certified_sign_dot(w, x);
}

// Whether an epoch on `data` gains from the test (measured, docs/performance.md): dense rows
// of kCertifyFromTerms columns or more, whose sequential sum is bound by its chain of
// additions; sparse rows while the weights fit in a core's cache (2^15 columns, 256 KiB),
// not beyond, where the epoch waits on the scattered weights and the test made it slower.
inline bool certified_sign_pays(const TrainingSet& data) {
  if (data.sparse()) return data.cols <= (std::size_t{1} << 15);
  return data.cols >= detail::kCertifyFromTerms;
}

// The summation order type for loops that read only the score's sign (kernels.hpp's
// SequentialDot and BlockedDot are the others): the sequential sum's decisions, faster.
struct CertifiedSignDot {
  template <class X>
  static double apply(const double* w, const X* x, std::size_t n) {
    return certified_sign_dot(w, x, n);
  }
  static double apply(const double* w, SparseRow x, std::size_t n) {
    return certified_sign_dot(w, x, n);
  }
};

}  // namespace plab
