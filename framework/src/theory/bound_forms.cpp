#include "theory/bound_forms.hpp"

#include <cmath>

#include "base/number_text.hpp"
#include "theory/bound_unit.hpp"

namespace plab {

namespace {

// "a, b, c": the names of the registered forms `pick` selects, in the registry's order.
template <class Pick>
std::string form_names(Pick pick) {
  std::string out;
  for (const BoundUnit* unit : bound_units()) {
    if (!pick(*unit)) continue;
    if (!out.empty()) out += ", ";
    out += unit->name();
  }
  return out;
}

}  // namespace

const char* bound_form_name(BoundForm form) {
  const BoundUnit* unit = find_bound_unit(form);
  return unit != nullptr ? unit->name() : "";
}

std::optional<BoundForm> parse_bound_form(std::string_view word) {
  for (const BoundUnit* unit : bound_units()) {
    if (word == unit->name()) return unit->form();
  }
  return std::nullopt;
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

std::optional<BoundCount> parse_bound_count(std::string_view word) {
  for (const BoundCount count : {BoundCount::kMistakes, BoundCount::kUpdates}) {
    if (word == bound_count_name(count)) return count;
  }
  return std::nullopt;
}

bool form_has_bound(BoundForm form) {
  const BoundUnit* unit = find_bound_unit(form);
  return unit != nullptr && unit->has_bound();
}

std::string bound_declaration_problem(const BoundDeclaration& declared,
                                      const PluginDescriptor& plugin, TaskKind task) {
  const BoundForm form = declared.form;
  const BoundUnit* unit = find_bound_unit(form);
  if (unit == nullptr) {
    return "field `form` is " + std::to_string(static_cast<unsigned>(form)) +
           ", which this plab does not know (it proves " +
           form_names([](const BoundUnit&) { return true; }) + ")";
  }
  const std::string name = unit->name();
  if (!unit->has_kernel() && declared.kernel.kind != KernelKind::kNone) {
    return "field `kernel` is set, but form " + name + " has no kernel (only " +
           form_names([](const BoundUnit& u) { return u.has_kernel(); }) + " does)";
  }
  if (!unit->has_bound()) {
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
  if (unit->multiclass() && (plugin.tasks & kMulticlassTask) == 0) {
    return "field `form` is " + name +
           ", a multi-class form, but the plugin declares binary tasks only";
  }
  if (!unit->multiclass() && task == TaskKind::kMulticlass) {
    return "field `form` is " + name + ", a binary form, declared for a multi-class task";
  }
  if (declared.counts != BoundCount::kMistakes && declared.counts != BoundCount::kUpdates) {
    return declared.counts == BoundCount::kUnset
               ? "field `counts` is not set; form " + name + " counts " + unit->counts_text()
               : "field `counts` is " + std::to_string(static_cast<unsigned>(declared.counts)) +
                     ", which this plab does not know (mistakes or updates)";
  }
  if (!unit->counts_accepted(declared.counts)) {
    return "field `counts` is " + std::string(bound_count_name(declared.counts)) + ", but form " +
           name + " counts " + unit->counts_text();
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
  if (declared.tau != 0.0 && !unit->has_tau()) {
    return "field `tau` is " + number_text(declared.tau) + ", but form " + name +
           " has no tau (only " + form_names([](const BoundUnit& u) { return u.has_tau(); }) +
           " does)";
  }
  if (declared.balanced && !unit->has_variants()) {
    return "field `balanced` is set, but form " + name + " has no balanced variant (only " +
           form_names([](const BoundUnit& u) { return u.has_variants(); }) + " does)";
  }
  return unit->declaration_problem(declared);
}

}  // namespace plab
