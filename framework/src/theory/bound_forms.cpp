#include "theory/bound_forms.hpp"

#include <cmath>

#include "base/number_text.hpp"

namespace plab {

namespace {

bool is_known(BoundForm form) {
  return static_cast<std::uint8_t>(form) <= static_cast<std::uint8_t>(BoundForm::kLeastSquares) ||
         form == BoundForm::kWinnow || form == BoundForm::kKernelNovikoff;
}

// The kernel of a kernel_novikoff declaration: one this plab evaluates (plab/kernel.hpp).
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

// Which counted quantity each form's proof bounds (docs/bounds.md): the averaged batch step
// is one event per update, the summed one one event per misclassified sample.
bool counts_match(BoundForm form, BoundCount counts) {
  switch (form) {
    case BoundForm::kBatchAveraged:
      return counts == BoundCount::kUpdates;
    case BoundForm::kBatchSummed:
      return counts == BoundCount::kMistakes;
    default:
      return counts == BoundCount::kMistakes || counts == BoundCount::kUpdates;
  }
}

const char* counts_accepted(BoundForm form) {
  switch (form) {
    case BoundForm::kBatchAveraged:
      return "updates (one event per averaged batch update)";
    case BoundForm::kBatchSummed:
      return "mistakes (the misclassified samples summed over epochs)";
    default:
      return "mistakes or updates";
  }
}

}  // namespace

const char* bound_form_name(BoundForm form) {
  switch (form) {
    case BoundForm::kNone:
      return "none";
    case BoundForm::kNovikoff:
      return "novikoff";
    case BoundForm::kBatchAveraged:
      return "batch_averaged";
    case BoundForm::kBatchSummed:
      return "batch_sum";
    case BoundForm::kKesler:
      return "kesler";
    case BoundForm::kMarginPerceptron:
      return "margin_perceptron";
    case BoundForm::kLeastSquares:
      return "least_squares";
    case BoundForm::kWinnow:
      return "winnow";
    case BoundForm::kKernelNovikoff:
      return "kernel_novikoff";
  }
  return "";
}

const char* bound_count_name(BoundCount count) {
  switch (count) {
    case BoundCount::kMistakes:
      return "mistakes";
    case BoundCount::kUpdates:
      return "updates";
    case BoundCount::kUnset:
      break;
  }
  return "";
}

bool form_has_bound(BoundForm form) {
  return is_known(form) && form != BoundForm::kNone && form != BoundForm::kLeastSquares;
}

std::string bound_declaration_problem(const BoundDeclaration& declared,
                                      const PluginDescriptor& plugin, TaskKind task) {
  const BoundForm form = declared.form;
  if (!is_known(form)) {
    return "field `form` is " + std::to_string(static_cast<unsigned>(form)) +
           ", which this plab does not know (it proves none, novikoff, batch_averaged, "
           "batch_sum, kesler, margin_perceptron, least_squares, winnow, kernel_novikoff)";
  }
  if (form != BoundForm::kKernelNovikoff && declared.kernel.kind != KernelKind::kNone) {
    return "field `kernel` is set, but form " + std::string(bound_form_name(form)) +
           " has no kernel (only kernel_novikoff does)";
  }
  const std::string name = bound_form_name(form);
  if (!form_has_bound(form)) {
    // A bound-less form with bound fields set is most likely a forgotten `form`.
    if (declared.counts != BoundCount::kUnset) {
      return "field `counts` is set, but form " + name + " has no bound to count for";
    }
    if (!std::isnan(declared.eta)) {
      return "field `eta` is " + number_text(declared.eta) + ", but form " + name +
             " has no step scale; leave it unset (or declare the form it belongs to)";
    }
    if (declared.tau != 0.0) {
      return "field `tau` is " + number_text(declared.tau) + ", but form " + name + " has no tau";
    }
    if (declared.balanced) {
      return "field `balanced` is set, but form " + name + " has no weights to balance";
    }
    return "";
  }
  const bool multiclass_form = form == BoundForm::kKesler;
  if (multiclass_form && (plugin.tasks & kMulticlassTask) == 0) {
    return "field `form` is " + name +
           ", a multi-class form, but the plugin declares binary tasks only";
  }
  if (!multiclass_form && task == TaskKind::kMulticlass) {
    return "field `form` is " + name + ", a binary form, declared for a multi-class task";
  }
  if (declared.counts != BoundCount::kMistakes && declared.counts != BoundCount::kUpdates) {
    return declared.counts == BoundCount::kUnset
               ? "field `counts` is not set; form " + name + " counts " + counts_accepted(form)
               : "field `counts` is " + std::to_string(static_cast<unsigned>(declared.counts)) +
                     ", which this plab does not know (mistakes or updates)";
  }
  if (!counts_match(form, declared.counts)) {
    return "field `counts` is " + std::string(bound_count_name(declared.counts)) + ", but form " +
           name + " counts " + counts_accepted(form);
  }
  if (std::isnan(declared.eta)) {
    return "field `eta` is not set (or NaN); form " + name +
           " needs the step scale, a finite number > 0 (1 for the plain step y x~)";
  }
  if (!std::isfinite(declared.eta) || !(declared.eta > 0.0)) {
    return "field `eta` is " + number_text(declared.eta) +
           "; the step scale must be a finite number > 0";
  }
  if (!std::isfinite(declared.tau) || declared.tau < 0.0) {
    return "field `tau` is " + number_text(declared.tau) + "; it must be a finite number >= 0";
  }
  if (declared.tau != 0.0 && form != BoundForm::kMarginPerceptron) {
    return "field `tau` is " + number_text(declared.tau) + ", but form " + name +
           " has no tau (only margin_perceptron does)";
  }
  if (declared.balanced && form != BoundForm::kWinnow) {
    return "field `balanced` is set, but form " + name +
           " has no balanced variant (only winnow "
           "does)";
  }
  if (form == BoundForm::kKernelNovikoff) {
    if (declared.counts != BoundCount::kMistakes) {
      return "field `counts` is updates, but form kernel_novikoff counts mistakes";
    }
    if (declared.eta != 1.0) {
      return "field `eta` is " + number_text(declared.eta) +
             ", but form kernel_novikoff proves the unit step alpha_i += 1 (eta = 1) only";
    }
    return kernel_problem(declared.kernel);
  }
  return "";
}

}  // namespace plab
