// The kernels of dual learners, shared by a plugin and the engine that certifies its bound.
//
// A kernel learner (plugins/kernel_perceptron) declares its kernel in its BoundDeclaration
// (plab/bound.hpp); the engine then evaluates the same K, through this header, on the same
// rows to certify the feature-space margin (docs/bounds.md, "The kernel perceptron"). Both
// sides therefore compute bit for bit the same numbers. Each kernel is defined as an exact
// sequence of double operations (the build uses -ffp-contract=off: no fused multiply-add):
//   linear      K(a,b) = a·b, summed j = 0 upward (plab::dot, docs/learners.md, "Conventions")
//   polynomial  t = scale·(a·b) + coef0, then K = t·t·…·t (degree factors, left to right)
//   rbf         s = Σⱼ (aⱼ − bⱼ)², j = 0 upward, then K = exp(−gamma·s) (the C library's exp)
// Each is symmetric bit for bit (aⱼbⱼ = bⱼaⱼ and (aⱼ−bⱼ)² = (bⱼ−aⱼ)² exactly), so a cached
// row K(xⱼ,·) serves as the column K(·,xⱼ). The rows are the ones the learner sees: with
// augmentation, x̃ = [1, x] (the constant cancels in the rbf kernel).
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>

#include "plab/kernels.hpp"

namespace plab {

// The numeric values are part of the plugin ABI.
enum class KernelKind : std::uint8_t { kNone = 0, kLinear = 1, kPolynomial = 2, kRbf = 3 };

struct KernelSpec {
  KernelKind kind = KernelKind::kNone;
  std::uint32_t degree = 1;  // polynomial: ≥ 1
  double scale = 1.0;        // polynomial: K = (scale·a·b + coef0)^degree
  double coef0 = 0.0;
  double gamma = 1.0;  // rbf: K = exp(−gamma·‖a − b‖²), gamma > 0
};

inline double kernel_value(const KernelSpec& k, const double* a, const double* b, std::size_t n) {
  switch (k.kind) {
    case KernelKind::kLinear:
      return dot(a, b, n);
    case KernelKind::kPolynomial: {
      const double t = k.scale * dot(a, b, n) + k.coef0;
      double p = t;
      for (std::uint32_t e = 1; e < k.degree; ++e) p = p * t;
      return p;
    }
    case KernelKind::kRbf: {
      double s = 0.0;
      for (std::size_t j = 0; j < n; ++j) s += (a[j] - b[j]) * (a[j] - b[j]);
      return std::exp(-k.gamma * s);
    }
    case KernelKind::kNone:
      break;
  }
  return std::nan("");
}

inline const char* kernel_name(KernelKind kind) {
  switch (kind) {
    case KernelKind::kLinear:
      return "linear";
    case KernelKind::kPolynomial:
      return "polynomial";
    case KernelKind::kRbf:
      return "rbf";
    case KernelKind::kNone:
      break;
  }
  return "none";
}

}  // namespace plab
