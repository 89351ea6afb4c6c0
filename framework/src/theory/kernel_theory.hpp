// The feature-space facts behind the kernel perceptron's bound (docs/bounds.md, "The kernel
// perceptron"): R_K² = maxᵢ K(xᵢ,xᵢ) and a certified bracket ρ ≤ ρ_K ≤ ρ_upper of the margin
// of the points zᵢ = yᵢφ(x̃ᵢ) in the kernel's feature space φ.
//
// Everything is computed from kernel values (plab/kernel.hpp, the learner's own K), never
// from φ. A candidate separator v = Σⱼ λⱼzⱼ (λ ≥ 0, Σλ = 1, a point of the hull) comes from
// LIBSVM (one-class SVM with a precomputed kernel Qᵢⱼ = yᵢyⱼK(xᵢ,xⱼ) and ν = 1/n: exactly
// the nearest point of the hull of the zᵢ, the bias-free hard-margin problem). Its margin
//   γ = minᵢ (Qλ)ᵢ,   ‖v‖² = λᵀQλ,   ρ = γ/‖v‖
// is recomputed here in double with every rounding — of the kernel values and of the sums —
// bounded and subtracted (added for ‖v‖), so ρ ≤ the true margin of v ≤ ρ_K; and, v being a
// hull point, ρ_K ≤ ‖v‖ (rounded up): the same v brackets ρ_K from both sides.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "data/dataset.hpp"
#include "plab/kernel.hpp"

namespace plab {

using ConvexWeights = std::vector<std::pair<std::size_t, double>>;

struct KernelCertificate {
  KernelSpec kernel;
  double radius = 0.0;              // R_K = √maxᵢ K(xᵢ,xᵢ), rounded up
  std::optional<bool> separable;    // nullopt: undecided (see reason)
  double gamma = 0.0;               // certified minᵢ yᵢ v·φ(x̃ᵢ)
  double norm = 0.0;                // ‖v‖, rounded up
  double rho = 0.0;                 // γ/‖v‖, rounded down: ≤ ρ_K
  std::optional<double> rho_upper;  // ρ_K ≤ rho_upper
  ConvexWeights weights;            // λ: v = Σ λⱼ yⱼφ(x̃ⱼ) / Σλ
  // Not separable: two rows equal bit for bit with opposite labels (½z_a + ½z_b = 0 in
  // every feature space), as (a, b).
  std::optional<std::pair<std::size_t, std::size_t>> conflict;
  // Not positive semidefinite on the data (theory/kernel_psd.hpp): a certified upper bound
  // on the Gram matrix's smallest eigenvalue, < 0. plab refuses such a kernel before any run.
  std::optional<double> not_psd_eigenvalue;
  std::string method;  // "libsvm_one_class", or kMonomialGordan for a non-separability proof
  std::string reason;  // why undecided or not separable
  double seconds = 0.0;
};

// A bound on |K(a,b) − kernel_value(a,b)|, K the kernel in exact arithmetic on the same
// doubles (Higham's γₙ for the sums; the C library's exp within 2 units in the last place).
double kernel_value_error(const KernelSpec& k, const double* a, const double* b, std::size_t n,
                          double computed);

// R_K rounded up.
double kernel_radius(const Dataset& data, const KernelSpec& k);

struct KernelMargin {
  double gamma = 0.0;
  double norm = 0.0;
  double rho = 0.0;
};
// The certified margin of v = Σ λⱼzⱼ / Σλ, or nullopt when it is not positive (or the
// weights are not convex weights over the rows). Also ‖v‖ rounded up: ρ_K ≤ norm.
std::optional<KernelMargin> certify_kernel_weights(const Dataset& data, const KernelSpec& k,
                                                   const ConvexWeights& weights);
// ‖Σ λⱼzⱼ / Σλ‖ rounded up, whatever its margin: an upper bound on ρ_K (nullopt: no weights).
std::optional<double> kernel_hull_norm_upper(const Dataset& data, const KernelSpec& k,
                                             const ConvexWeights& weights);

// The Gram matrix is formed in full for LIBSVM: above this many rows the point is left
// undecided (the learner itself never needs the full matrix).
inline constexpr std::size_t kKernelCertificateMaxRows = 2000;

// The method of a non-separability proof in a polynomial (or linear) kernel's monomial
// coordinates (theory/kernel_features.hpp); `weights` are then its λ, Σ λᵢyᵢφ(x̃ᵢ) = 0.
inline constexpr const char* kMonomialGordan = "monomial_gordan";
// The proof's work budget (multiply-adds, theory/work_limit.hpp), the same on every machine,
// and its clock limit, a safety stop: where the clock ends the proof, the point is undecided
// with a reason that names the seconds.
inline constexpr std::uint64_t kKernelProofWork = 4'000'000'000;
inline constexpr std::chrono::seconds kKernelProofSeconds{10};

KernelCertificate certify_kernel_margin(const Dataset& data, const KernelSpec& k);

}  // namespace plab
