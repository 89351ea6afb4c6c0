// The engine's calls of a quantity with variants (theory/bound_unit.hpp): computed for the
// requests that name it, written and re-checked one variant at a time.
#include <string>

#include "data/dataset.hpp"
#include "theory/bound_unit.hpp"
#include "theory/point_theory.hpp"

namespace plab {

void VariantQuantityUnit::compute_into(const QuantityContext& c, PointTheory& theory) const {
  // Beyond the dense copy's limit only the figures certified on the sparse rows are computed
  // (theory/point_theory.hpp); a form's quantity is not one of them.
  if (c.requested == nullptr || c.margin_kind == MarginSource::kNone || c.data->sparse()) return;
  for (const QuantityRequest& q : *c.requested) {
    if (q.key == key()) theory.quantities[q] = compute(c, q.variant);
  }
}

// One member per unit, one object per variant, in the unit's order.
void VariantQuantityUnit::write(const PointTheory& theory, boost::json::object& out,
                                const VectorJson& vector_json) const {
  boost::json::object stored;
  for (const std::string& variant : variants()) {
    const auto it = theory.quantities.find({key(), variant});
    if (it != theory.quantities.end()) stored[variant] = json(*it->second, vector_json);
  }
  if (!stored.empty()) out[key()] = std::move(stored);
}

void VariantQuantityUnit::recheck(QuantityAudit& audit, PointTheory& theory) const {
  if (!audit.theory().has(key())) return;
  const std::unique_ptr<StoredFields> all = audit.theory().object(key());
  for (const std::string& variant : variants()) {
    if (!all->has(variant)) continue;
    const std::string field = key() + "/" + variant + "/";
    const auto differ = [&](const std::string& name, const boost::json::value& recorded,
                            const boost::json::value& recomputed) {
      audit.differ(field + name, recorded, recomputed);
    };
    theory.quantities[{key(), variant}] = recertify(
        audit.loaded_data(), variant, *all->object(variant), audit.longest_vector(), differ);
  }
}

}  // namespace plab
