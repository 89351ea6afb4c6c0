#include "theory/perceptron_bounds.hpp"

#include <cmath>

#include "base/number_text.hpp"
#include "theory/bounds.hpp"
#include "theory/kernel_margin_unit.hpp"

namespace plab {

namespace {

// A form without a mistake bound.
class NoBound final : public BoundUnit {
 public:
  BoundForm form() const override { return BoundForm::kNone; }
  const char* name() const override { return "none"; }
  const char* description() const override { return "none (no mistake bound)"; }
  bool has_bound() const override { return false; }
  BoundReport evaluate(const BoundInputs&) const override { return {}; }
};

// The R²ₑ forms: k₊ of theory/bounds.hpp with the form's squared step per counted event.
class InitAwareForm : public BoundUnit {
 public:
  BoundReport evaluate(const BoundInputs& in) const override {
    const double radius = in.theory->radius;
    return evaluate_init_aware(in, name(), step(in, radius * radius, radius));
  }

 protected:
  // R²ₑ = R² unless the form says otherwise.
  virtual EffectiveStep step(const BoundInputs&, double r2, double) const { return {r2, 1.0}; }
};

class Novikoff final : public InitAwareForm {
 public:
  BoundForm form() const override { return BoundForm::kNovikoff; }
  const char* name() const override { return "novikoff"; }
  const char* description() const override {
    return "Novikoff: count <= (R/rho)^2 from zero init; init-aware bound with step scale "
           "eta otherwise (docs/bounds.md)";
  }
};

// The averaged batch step is one event per update.
class BatchAveraged final : public InitAwareForm {
 public:
  BoundForm form() const override { return BoundForm::kBatchAveraged; }
  const char* name() const override { return "batch_averaged"; }
  const char* description() const override {
    return "batch, averaged step: updates <= (R/rho)^2 from zero; init-aware otherwise "
           "(docs/bounds.md)";
  }
  bool counts_accepted(BoundCount counts) const override { return counts == BoundCount::kUpdates; }
  const char* counts_text() const override {
    return "updates (one event per averaged batch update)";
  }
};

// The summed batch step is one event per misclassified sample: ‖gₜ‖² ≤ mₜ²R² ≤ n·mₜR².
class BatchSummed final : public InitAwareForm {
 public:
  BoundForm form() const override { return BoundForm::kBatchSummed; }
  const char* name() const override { return "batch_sum"; }
  const char* description() const override {
    return "batch, summed step: sum m_t <= n (R/rho)^2 from zero (misclassified samples "
           "over all epochs); init-aware otherwise (docs/bounds.md)";
  }
  bool counts_accepted(BoundCount counts) const override { return counts == BoundCount::kMistakes; }
  const char* counts_text() const override {
    return "mistakes (the misclassified samples summed over epochs)";
  }

 protected:
  EffectiveStep step(const BoundInputs& in, double r2, double) const override {
    const auto n = static_cast<double>(in.data->rows());
    return {n * r2, n};
  }
};

class Kesler final : public InitAwareForm {
 public:
  BoundForm form() const override { return BoundForm::kKesler; }
  const char* name() const override { return "kesler"; }
  const char* description() const override {
    return "multi-class (Kesler): count <= 2 R^2 / gamma^2 from zero; init-aware otherwise "
           "(docs/bounds.md)";
  }
  bool multiclass() const override { return true; }

 protected:
  EffectiveStep step(const BoundInputs&, double r2, double) const override {
    return {2.0 * r2, 2.0};
  }
};

// Each update grows ‖w/η‖² by at most R² + 2τ/η.
class MarginPerceptron final : public InitAwareForm {
 public:
  BoundForm form() const override { return BoundForm::kMarginPerceptron; }
  const char* name() const override { return "margin_perceptron"; }
  const char* description() const override {
    return "margin perceptron: count <= (R^2 + 2 tau/eta) / rho^2 from zero; init-aware "
           "form otherwise (docs/bounds.md)";
  }
  bool has_tau() const override { return true; }
  std::string declared_text(const BoundDeclaration& d) const override {
    return ", tau = " + number_text(d.tau);
  }

 protected:
  EffectiveStep step(const BoundInputs& in, double r2, double radius) const override {
    const BoundDeclaration& d = in.declared;
    return {r2 + 2.0 * d.tau / d.eta, 1.0 + 2.0 * d.tau / d.eta / radius / radius};
  }
};

class LeastSquares final : public BoundUnit {
 public:
  BoundForm form() const override { return BoundForm::kLeastSquares; }
  const char* name() const override { return "least_squares"; }
  const char* description() const override {
    return "none; reports the distance to the least-squares optimum (docs/bounds.md)";
  }
  bool has_bound() const override { return false; }
  BoundReport evaluate(const BoundInputs& in) const override { return evaluate_least_squares(in); }
};

// The kernel of a declaration: one this plab evaluates (plab/kernel.hpp).
std::string kernel_problem(const KernelSpec& k) {
  switch (k.kind) {
    case KernelKind::kLinear:
      return "";
    case KernelKind::kPolynomial:
      if (k.degree < 1) return "field `kernel.degree` is 0; a polynomial kernel needs degree >= 1";
      if (!std::isfinite(k.scale) || !std::isfinite(k.coef0)) {
        return "field `kernel.scale` or `kernel.coef0` is not a finite number";
      }
      return "";
    case KernelKind::kRbf:
      if (!std::isfinite(k.gamma) || !(k.gamma > 0.0)) {
        return "field `kernel.gamma` is " + number_text(k.gamma) +
               "; the rbf kernel needs a finite gamma > 0";
      }
      return "";
    case KernelKind::kNone:
      return "field `kernel` is not set; form kernel_novikoff needs the learner's kernel "
             "(linear, polynomial or rbf)";
  }
  return "field `kernel.kind` is " + std::to_string(static_cast<unsigned>(k.kind)) +
         ", which this plab does not know (linear, polynomial, rbf)";
}

// Proved in the kernel's feature space, on its own R_K and ρ_K (theory/kernel_theory.hpp),
// never on the input space's R and ρ.
class KernelNovikoff final : public BoundUnit {
 public:
  BoundForm form() const override { return BoundForm::kKernelNovikoff; }
  const char* name() const override { return "kernel_novikoff"; }
  const char* description() const override {
    return "Novikoff in the kernel's feature space: mistakes <= (R_K/rho_K)^2 from zero, "
           "R_K^2 = max K(x_i,x_i), rho_K certified on the Gram matrix (docs/bounds.md)";
  }
  bool has_kernel() const override { return true; }
  std::vector<std::string> learner_needs(const BoundDeclaration&) const override {
    return {kernel_margin_unit().key()};
  }
  std::string declared_text(const BoundDeclaration& d) const override {
    return std::string(", kernel ") + kernel_name(d.kernel.kind);
  }
  std::string declaration_problem(const BoundDeclaration& d) const override {
    if (d.counts != BoundCount::kMistakes) {
      return "field `counts` is updates, but form kernel_novikoff counts mistakes";
    }
    if (d.eta != 1.0) {
      return "field `eta` is " + number_text(d.eta) +
             ", but form kernel_novikoff proves the unit step alpha_i += 1 (eta = 1) only";
    }
    return kernel_problem(d.kernel);
  }
  BoundReport evaluate(const BoundInputs& in) const override {
    return evaluate_kernel_novikoff(in);
  }
};

// One instance of each unit, made on first use (the registry may be asked during static
// initialisation of a build that registers a form of its own).
template <class Unit>
const BoundUnit& instance() {
  static const Unit unit;
  return unit;
}

}  // namespace

const BoundUnit& no_bound_unit() { return instance<NoBound>(); }
const BoundUnit& novikoff_unit() { return instance<Novikoff>(); }
const BoundUnit& batch_averaged_unit() { return instance<BatchAveraged>(); }
const BoundUnit& batch_summed_unit() { return instance<BatchSummed>(); }
const BoundUnit& kesler_unit() { return instance<Kesler>(); }
const BoundUnit& margin_perceptron_unit() { return instance<MarginPerceptron>(); }
const BoundUnit& least_squares_unit() { return instance<LeastSquares>(); }
const BoundUnit& kernel_novikoff_unit() { return instance<KernelNovikoff>(); }

}  // namespace plab
