// The registry of bound forms and certified quantities (theory/bound_unit.hpp): the one
// place that lists the built-in units. The engine iterates it; a build may add its own.
#include <stdexcept>
#include <string>

#include "theory/bound_unit.hpp"
#include "theory/kernel_margin_unit.hpp"
#include "theory/l1_margin.hpp"
#include "theory/learner_quantity_unit.hpp"
#include "theory/perceptron_bounds.hpp"
#include "theory/point_quantity_units.hpp"
#include "theory/winnow_bound.hpp"

namespace plab {

namespace {

// In the order the declaration messages list the forms.
std::vector<const BoundUnit*>& bound_registry() {
  static std::vector<const BoundUnit*> units{
      &no_bound_unit(),      &novikoff_unit(),     &batch_averaged_unit(),
      &batch_summed_unit(),  &kesler_unit(),       &margin_perceptron_unit(),
      &least_squares_unit(), &winnow_bound_unit(), &kernel_novikoff_unit()};
  return units;
}

// In the order they are computed (the hinge candidates get what the oracle left of the
// budget) and their members written into the manifest's theory.
std::vector<const QuantityUnit*>& quantity_registry() {
  static std::vector<const QuantityUnit*> units{&radius_unit(), &margin_unit(),
                                                &hinge_candidates_unit(), &l1_margin_unit()};
  return units;
}

// Per learner: each computed where a learner's form asks for it.
std::vector<const LearnerQuantityUnit*>& learner_quantity_registry() {
  static std::vector<const LearnerQuantityUnit*> units{&kernel_margin_unit()};
  return units;
}

}  // namespace

const std::vector<const BoundUnit*>& bound_units() { return bound_registry(); }
const std::vector<const QuantityUnit*>& quantity_units() { return quantity_registry(); }

const BoundUnit* find_bound_unit(BoundForm form) {
  for (const BoundUnit* unit : bound_registry()) {
    if (unit->form() == form) return unit;
  }
  return nullptr;
}

const QuantityUnit* find_quantity_unit(const std::string& key) {
  for (const QuantityUnit* unit : quantity_registry()) {
    if (unit->key() == key) return unit;
  }
  return nullptr;
}

const std::vector<const LearnerQuantityUnit*>& learner_quantity_units() {
  return learner_quantity_registry();
}

const LearnerQuantityUnit* find_learner_quantity_unit(const std::string& key) {
  for (const LearnerQuantityUnit* unit : learner_quantity_registry()) {
    if (unit->key() == key) return unit;
  }
  return nullptr;
}

std::vector<const LearnerQuantityUnit*> learner_units_needed(const BoundDeclaration& declared) {
  std::vector<const LearnerQuantityUnit*> units;
  const BoundUnit* form = find_bound_unit(declared.form);
  if (form == nullptr) return units;
  for (const std::string& key : form->learner_needs(declared)) {
    if (const LearnerQuantityUnit* unit = find_learner_quantity_unit(key)) units.push_back(unit);
  }
  return units;
}

const CertifiedQuantity* find_learner_quantity(const LearnerQuantities& quantities,
                                               const std::string& key) {
  const auto it = quantities.find(key);
  return it == quantities.end() ? nullptr : it->second.get();
}

// A second unit for a form or key would make the lookups ambiguous: a build that registers
// one has a bug, and stops before any run.
void register_bound_unit(const BoundUnit& unit) {
  if (find_bound_unit(unit.form()) != nullptr) {
    throw std::logic_error(std::string("bound form ") + unit.name() + " registered twice");
  }
  bound_registry().push_back(&unit);
}

void register_quantity_unit(const QuantityUnit& unit) {
  if (find_quantity_unit(unit.key()) != nullptr) {
    throw std::logic_error("quantity " + unit.key() + " registered twice");
  }
  quantity_registry().push_back(&unit);
}

void register_learner_quantity_unit(const LearnerQuantityUnit& unit) {
  if (find_learner_quantity_unit(unit.key()) != nullptr) {
    throw std::logic_error("learner quantity " + unit.key() + " registered twice");
  }
  learner_quantity_registry().push_back(&unit);
}

}  // namespace plab
