// The kernel perceptron's feature-space facts (theory/kernel_theory.hpp: R_K and a certified
// bracket of ρ_K) as a per-learner quantity unit (theory/learner_quantity_unit.hpp): computed
// for each kernel a learner's kernel_novikoff declaration names, written as the manifest
// learner's `kernel_theory`, recorded as kernel_R, kernel_separable, kernel_rho and
// kernel_rho_upper, and re-certified by plab verify from the stored weights.
#pragma once

#include "theory/kernel_theory.hpp"
#include "theory/learner_quantity_unit.hpp"

namespace plab {

struct KernelQuantity final : CertifiedQuantity {
  KernelCertificate certificate;
};

const LearnerQuantityUnit& kernel_margin_unit();

// The learner's certificate, or nullptr when it has none (not a kernel_novikoff learner).
const KernelCertificate* find_kernel_certificate(const LearnerQuantities& quantities);

}  // namespace plab
