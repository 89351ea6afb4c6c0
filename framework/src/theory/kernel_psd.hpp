// Is the kernel positive semidefinite on the data? The kernel perceptron's bound lives in a
// feature space, and a Gram matrix with a negative eigenvalue has none: its "margin" would
// be a number about no space at all (docs/bounds.md, "The kernel perceptron").
//
// Linear and rbf kernels (gamma > 0), and polynomial kernels whose constant term is >= 0
// (coef0 >= 0; on augmented data, where a·b = 1 + x·y, coef0 >= -scale), are positive
// semidefinite on any data (Schur's product theorem): no check. Any other polynomial
// kernel is checked on the data, for up to kKernelPsdMaxRows rows:
//   - Cholesky of G − τI, G the computed Gram matrix, τ = 2(γₙ₊₁·tr G + ‖E‖_F) with E
//     bounded entrywise by kernel_value_error. If it completes, RᵀR = G − τI + ΔG with
//     |ΔG| ≤ γₙ₊₁|Rᵀ||R| (Higham 2002, Thm 10.3), so λmin(K) ≥ τ − γₙ₊₁‖R‖²_F − u·max|aᵢᵢ|
//     − ‖E‖_F, K the Gram matrix in exact arithmetic: positive definite when that is > 0.
//   - If a pivot is not positive, the rows so far give a vector x with xᵀ(G − τI)x equal
//     to the pivot in exact arithmetic; xᵀKx / xᵀx, evaluated with its rounding and the
//     kernel's error bounded, is an upper bound on λmin(K): < 0 proves K is not PSD.
//   - Anything else (the smallest eigenvalue within rounding of 0) is undecided.
#pragma once

#include <cstddef>
#include <string>

#include "data/dataset.hpp"
#include "plab/kernel.hpp"

namespace plab {

// Cholesky costs n³/3 operations: about a second at this size on one core.
inline constexpr std::size_t kKernelPsdMaxRows = 2000;

enum class KernelPsd { kByConstruction, kProved, kNotPsd, kUndecided };

struct KernelPsdCheck {
  KernelPsd verdict = KernelPsd::kByConstruction;
  double eigenvalue_upper = 0.0;  // kNotPsd: a certified upper bound on λmin(K), < 0
  std::string reason;             // kNotPsd and kUndecided: what was found, for messages
};

// Whether PSD follows from the kernel's form alone, whatever the data.
bool kernel_psd_by_construction(const KernelSpec& k, bool augmented);

KernelPsdCheck check_kernel_psd(const Dataset& data, const KernelSpec& k);

struct KernelCertificate;
// Why plab refuses a kernel whose certificate has not_psd_eigenvalue (a config error).
std::string kernel_not_psd_message(const KernelCertificate& c);

}  // namespace plab
