#include "theory/kernel_psd.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "base/number_text.hpp"
#include "theory/kernel_theory.hpp"
#include "theory/unit_roundoff.hpp"

namespace plab {

namespace {

// Higham's γₙ = nu/(1 − nu), rounded up generously.
double psd_gamma(double n) {
  return n * kUnitRoundoff / (1.0 - n * kUnitRoundoff) * (1.0 + 4.0 * kUnitRoundoff);
}

struct PsdGram {
  std::size_t n = 0;
  std::vector<double> values;    // row-major, the computed K̂
  double error_frobenius = 0.0;  // ≥ ‖K − K̂‖_F
  double at(std::size_t i, std::size_t j) const { return values[i * n + j]; }
};

PsdGram psd_gram_of(const Dataset& data, const KernelSpec& k) {
  PsdGram out;
  out.n = data.rows();
  out.values.resize(out.n * out.n);
  double squares = 0.0;
  for (std::size_t i = 0; i < out.n; ++i) {
    for (std::size_t j = 0; j <= i; ++j) {
      const double v = kernel_value(k, data.row(i), data.row(j), data.cols());
      out.values[i * out.n + j] = v;
      out.values[j * out.n + i] = v;
      const double e = kernel_value_error(k, data.row(i), data.row(j), data.cols(), v);
      squares += (i == j ? 1.0 : 2.0) * e * e;
    }
  }
  out.error_frobenius =
      std::sqrt(squares * (1.0 + psd_gamma(static_cast<double>(out.n * out.n) + 2.0))) *
      (1.0 + 4.0 * kUnitRoundoff);
  return out;
}

// An upper bound on xᵀKx / xᵀx (K exact) from the computed Gram matrix; +inf if not finite.
double psd_rayleigh_upper(const PsdGram& g, const std::vector<double>& x, const KernelSpec& k,
                          const Dataset& data) {
  const std::size_t m = x.size();  // x is zero past its length
  double value = 0.0;
  double magnitude = 0.0;
  double kernel_error = 0.0;
  double norm2 = 0.0;
  for (std::size_t i = 0; i < m; ++i) {
    double row = 0.0;
    double row_abs = 0.0;
    double row_err = 0.0;
    for (std::size_t j = 0; j < m; ++j) {
      const double kij = g.at(i, j);
      row += kij * x[j];
      row_abs += std::fabs(kij * x[j]);
      row_err +=
          kernel_value_error(k, data.row(i), data.row(j), data.cols(), kij) * std::fabs(x[j]);
    }
    value += x[i] * row;
    magnitude += std::fabs(x[i]) * row_abs;
    kernel_error += std::fabs(x[i]) * row_err;
    norm2 += x[i] * x[i];
  }
  const double slack = psd_gamma(2.0 * static_cast<double>(m) + 4.0);
  const double numerator = (value + slack * magnitude + kernel_error * (1.0 + slack)) +
                           4.0 * kUnitRoundoff * std::fabs(value);
  const double denominator = norm2 * (1.0 + psd_gamma(static_cast<double>(m) + 2.0));
  if (!std::isfinite(numerator) || !(denominator > 0.0))
    return std::numeric_limits<double>::infinity();
  const double q = numerator / denominator;
  // Rounded toward +inf: a negative quotient moved toward 0, a positive one away from it.
  return q < 0.0 ? q * (1.0 - 4.0 * kUnitRoundoff) : q * (1.0 + 4.0 * kUnitRoundoff);
}

}  // namespace

std::string kernel_not_psd_message(const KernelCertificate& c) {
  const KernelSpec& k = c.kernel;
  return std::string("the ") + kernel_name(k.kind) + " kernel (degree " + std::to_string(k.degree) +
         ", scale " + number_text(k.scale) + ", coef0 " + number_text(k.coef0) +
         ") is not positive semidefinite on the data: its smallest "
         "eigenvalue is at most " +
         number_text(c.not_psd_eigenvalue.value_or(0.0)) +
         "; such a kernel has no feature space, so there is no margin to certify and no "
         "bound: use coef0 >= -scale on augmented data (coef0 >= 0 without augmentation)";
}

bool kernel_psd_by_construction(const KernelSpec& k, bool augmented) {
  switch (k.kind) {
    case KernelKind::kLinear:
      return true;
    case KernelKind::kRbf:
      return k.gamma > 0.0;
    case KernelKind::kPolynomial:
      // (scale·a·b + coef0)^d with a·b = 1 + x·y on augmented rows: the constant term is
      // coef0 + scale; a positive scale times a PSD matrix plus a constant ≥ 0, raised to an
      // integer power entrywise, stays PSD (Schur).
      return k.scale >= 0.0 && (augmented ? k.coef0 >= -k.scale : k.coef0 >= 0.0);
    case KernelKind::kNone:
      break;
  }
  return false;
}

KernelPsdCheck check_kernel_psd(const Dataset& data, const KernelSpec& k) {
  KernelPsdCheck out;
  if (kernel_psd_by_construction(k, data.augmented())) return out;
  out.verdict = KernelPsd::kUndecided;
  if (data.rows() > kKernelPsdMaxRows) {
    out.reason = "undecided: the kernel is not positive semidefinite by construction, and " +
                 std::to_string(data.rows()) + " rows exceed the limit of " +
                 std::to_string(kKernelPsdMaxRows) + " for checking its Gram matrix";
    return out;
  }
  const PsdGram g = psd_gram_of(data, k);
  const std::size_t n = g.n;
  double trace = 0.0;
  for (std::size_t i = 0; i < n; ++i) trace += std::fabs(g.at(i, i));
  const double tau =
      2.0 * (psd_gamma(static_cast<double>(n) + 1.0) * trace * (1.0 + 4.0 * kUnitRoundoff) +
             g.error_frobenius);
  // Cholesky of A = G − τI, lower triangle, row by row (no fused multiply-add: the build).
  std::vector<double> l(n * n, 0.0);
  double largest_diagonal = 0.0;
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = 0; j <= i; ++j) {
      double s = g.at(i, j) - (i == j ? tau : 0.0);
      if (i == j) largest_diagonal = std::max(largest_diagonal, std::fabs(s));
      for (std::size_t p = 0; p < j; ++p) s -= l[i * n + p] * l[j * n + p];
      if (i != j) {
        l[i * n + j] = s / l[j * n + j];
        continue;
      }
      if (s > 0.0 && std::isfinite(s)) {
        l[i * n + i] = std::sqrt(s);
        continue;
      }
      // Breakdown at pivot i: x = [−L₁₁⁻ᵀ l; 1] has xᵀAx = s in exact arithmetic.
      std::vector<double> x(i + 1, 0.0);
      x[i] = 1.0;
      for (std::size_t r = i; r-- > 0;) {
        double t = -l[i * n + r];
        for (std::size_t c = r + 1; c < i; ++c) t -= l[c * n + r] * x[c];
        x[r] = t / l[r * n + r];
      }
      const double upper = psd_rayleigh_upper(g, x, k, data);
      if (upper < 0.0) {
        out.verdict = KernelPsd::kNotPsd;
        out.eigenvalue_upper = upper;
        out.reason = "its Gram matrix on the data has an eigenvalue of at most " +
                     number_text(upper) +
                     " (x'Kx/x'x for a vector x from Cholesky, rounding "
                     "bounded)";
      } else {
        out.reason =
            "undecided: the smallest eigenvalue of the kernel's Gram matrix on the "
            "data is within rounding of 0 (|lambda_min| <= about " +
            number_text(tau) + "): positive semidefiniteness is not proved";
      }
      return out;
    }
  }
  double frobenius = 0.0;
  for (double v : l) frobenius += v * v;
  frobenius *= 1.0 + psd_gamma(static_cast<double>(n * n) + 2.0);
  const double lower = tau - psd_gamma(static_cast<double>(n) + 1.0) * frobenius -
                       2.0 * kUnitRoundoff * largest_diagonal - g.error_frobenius;
  if (lower * (1.0 - 4.0 * kUnitRoundoff) > 0.0) {
    out.verdict = KernelPsd::kProved;
    return out;
  }
  out.reason =
      "undecided: Cholesky of the kernel's Gram matrix succeeds, but its rounding "
      "does not prove the smallest eigenvalue positive";
  return out;
}

}  // namespace plab
