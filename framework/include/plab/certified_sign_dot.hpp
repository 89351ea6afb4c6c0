// The sign of the sequential dot product (THEORY.md §0), found without waiting for it.
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

}  // namespace detail

// The sequential dot product's sign on a dense row of doubles or floats; see above.
template <class X>
double certified_sign_dot(const double* w, const X* x, std::size_t n) {
  if (n < detail::kCertifyFromTerms || n >= detail::kCertifyBelowTerms) return dot(w, x, n);
  using detail::CertifyLanes;
  CertifyLanes sum[4] = {}, abs[4] = {};
  const std::size_t blocked = n - n % 8;
  for (std::size_t j = 0; j < blocked; j += 8) {
    for (std::size_t q = 0; q < 4; ++q) {
      CertifyLanes wq, xq;
      detail::load_lanes(wq, w + j + 2 * q);
      detail::load_lanes(xq, x + j + 2 * q);
      const CertifyLanes p = wq * xq;
      sum[q] += p;
      detail::add_magnitude(abs[q], p);
    }
  }
  const CertifyLanes sums = (sum[0] + sum[1]) + (sum[2] + sum[3]);
  const CertifyLanes abss = (abs[0] + abs[1]) + (abs[2] + abs[3]);
  double fast = sums[0] + sums[1];
  double abs_sum = abss[0] + abss[1];
  for (std::size_t j = blocked; j < n; ++j) {
    const double p = w[j] * static_cast<double>(x[j]);
    fast += p;
    abs_sum += std::fabs(p);
  }
  return detail::sign_is_certified(fast, abs_sum, n) ? fast : dot(w, x, n);
}

// The same on a sparse row: its stored entries are the terms (kernels.hpp: the zeros a dense
// sum adds change nothing), in eight partial sums by position.
inline double certified_sign_dot(const double* w, SparseRow x) {
  const std::size_t n = x.count;
  if (n < detail::kCertifyFromTerms || n >= detail::kCertifyBelowTerms) return dot(w, x);
  double sum[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  double abs[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  const std::size_t blocked = n - n % 8;
  for (std::size_t k = 0; k < blocked; k += 8) {
    for (std::size_t lane = 0; lane < 8; ++lane) {
      const double p = w[x.index[k + lane]] * x.value[k + lane];
      sum[lane] += p;
      abs[lane] += std::fabs(p);
    }
  }
  double fast = ((sum[0] + sum[1]) + (sum[2] + sum[3])) + ((sum[4] + sum[5]) + (sum[6] + sum[7]));
  double abs_sum =
      ((abs[0] + abs[1]) + (abs[2] + abs[3])) + ((abs[4] + abs[5]) + (abs[6] + abs[7]));
  for (std::size_t k = blocked; k < n; ++k) {
    const double p = w[x.index[k]] * x.value[k];
    fast += p;
    abs_sum += std::fabs(p);
  }
  return detail::sign_is_certified(fast, abs_sum, n) ? fast : dot(w, x);
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
  static double apply(const double* w, SparseRow x, std::size_t /*n*/) {
    return certified_sign_dot(w, x);
  }
};

}  // namespace plab
