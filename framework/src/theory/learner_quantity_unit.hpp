// A certified figure of one learner at one sweep point: it depends on the point's data and on
// what the learner declares (a kernel perceptron's kernel and its params), so it is computed
// per learner, not per point. Like the point-wide units (theory/bound_unit.hpp) it says what
// it is, computes itself with every rounding outward, writes its member of the manifest's
// learner (points/I/learners/J/<key>), names the record fields it adds, re-certifies itself
// for `plab verify` and describes itself. A bound form asks for it by key
// (BoundUnit::learner_needs); the engine computes, writes, records and re-checks every
// requested unit through the registry and names none.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <boost/json/object.hpp>
#include <boost/json/value.hpp>

#include "theory/bound_unit.hpp"

namespace plab {

// A learner's figures at one point, by unit key.
using LearnerQuantities = std::map<std::string, std::shared_ptr<const CertifiedQuantity>>;

// The figure under `key`, or nullptr when the learner has none.
const CertifiedQuantity* find_learner_quantity(const LearnerQuantities& quantities,
                                               const std::string& key);

// What plab verify gives a unit to re-certify a learner's figure (audit/point_theory_audit.cpp
// implements it).
class LearnerQuantityAudit {
 public:
  virtual ~LearnerQuantityAudit() = default;
  virtual const Dataset& data() const = 0;               // the point's data as read
  virtual const StoredFields& learner() const = 0;       // the manifest's points/I/learners/J
  virtual const BoundDeclaration& declared() const = 0;  // as the manifest records it
  // A difference in the field at `field` under the learner.
  virtual void differ(const std::string& field, const boost::json::value& recorded,
                      const boost::json::value& recomputed) = 0;
};

class LearnerQuantityUnit {
 public:
  virtual ~LearnerQuantityUnit() = default;
  virtual std::string key() const = 0;  // the manifest learner's member
  // plab describe: what is certified and how it is rounded.
  virtual const char* description() const = 0;
  // What, beyond the data, makes two learners' figures the same (the declared kernel, …):
  // a point computes the figure once for learners with equal text here.
  virtual std::string same_figure_key(const BoundDeclaration& declared) const = 0;
  virtual std::shared_ptr<const CertifiedQuantity> compute(
      const Dataset& data, const BoundDeclaration& declared) const = 0;
  // Why plab refuses the learner, its figure being what it is ("" when it does not): said as
  // a config error at the learner's params.
  virtual std::string refusal(const CertifiedQuantity&) const { return ""; }
  // The manifest learner's member.
  virtual boost::json::object json(const CertifiedQuantity& quantity) const = 0;
  // The fields the figure adds to each of the learner's records, in order (after the point's
  // rho_upper), and their values; verify compares them with its re-certified figure.
  virtual std::vector<FieldSpec> record_fields() const = 0;
  virtual boost::json::object record_values(const CertifiedQuantity& quantity) const = 0;
  // The stored figure re-certified from the data as read, each difference reported: what
  // verify finds is what the records' bounds are judged by.
  virtual std::shared_ptr<const CertifiedQuantity> recheck(LearnerQuantityAudit& audit) const = 0;
  // The radius and margin the figure is, when a learner's summary shows them instead of the
  // input space's R and rho.
  virtual std::optional<FormGeometry> geometry() const { return std::nullopt; }
};

// The registry of per-learner units: the built-in ones (theory/bound_registry.cpp) and any
// registered after, as for the point-wide units.
const std::vector<const LearnerQuantityUnit*>& learner_quantity_units();
const LearnerQuantityUnit* find_learner_quantity_unit(const std::string& key);
void register_learner_quantity_unit(const LearnerQuantityUnit& unit);

// The per-learner units a declaration's form asks for (nothing for an unknown form).
std::vector<const LearnerQuantityUnit*> learner_units_needed(const BoundDeclaration& declared);

}  // namespace plab
