#include "results/format/theory_json.hpp"

#include "results/format/optional_json.hpp"
#include "results/format/vector_json.hpp"
#include "theory/bound_forms.hpp"
#include "theory/bound_unit.hpp"

namespace plab {

namespace {

boost::json::object kernel_spec_json(const KernelSpec& k) {
  return boost::json::object{{"kind", kernel_name(k.kind)},
                             {"degree", k.degree},
                             {"scale", k.scale},
                             {"coef0", k.coef0},
                             {"gamma", k.gamma}};
}

}  // namespace

boost::json::object theory_json(const PointTheory& t) {
  const MarginCertificate& m = t.margin;
  boost::json::array methods;
  for (const MethodReport& r : m.methods) {
    methods.push_back(boost::json::object{{"method", r.name},
                                          {"rho", number_or_null(r.rho)},
                                          {"rho_upper", number_or_null(r.rho_upper)},
                                          {"seconds", r.seconds},
                                          {"note", r.note}});
  }
  const bool separable = m.separable.value_or(false);
  boost::json::object out{
      {"R", t.radius},
      {"oracle", m.oracle},
      {"separable", m.separable ? boost::json::value(*m.separable) : boost::json::value(nullptr)},
      {"method", separable ? boost::json::value(m.method) : boost::json::value(nullptr)},
      {"gamma", separable ? boost::json::value(m.gamma) : boost::json::value(nullptr)},
      {"w_ref_norm",
       separable ? boost::json::value(m.reference_norm) : boost::json::value(nullptr)},
      {"rho", separable ? boost::json::value(m.rho) : boost::json::value(nullptr)},
      {"rho_upper", number_or_null(m.rho_upper)},
      {"reason", m.reason.empty() ? boost::json::value(nullptr) : boost::json::value(m.reason)},
      {"seconds", m.seconds},
      {"methods", std::move(methods)},
  };
  if (separable) out["reference"] = vector_json(m.reference);
  if (m.rho_upper && !m.upper_weights.empty()) {
    // The hull point behind rho_upper, so that plab verify recomputes it (docs/verify.md).
    boost::json::array weights;
    for (const auto& [index, weight] : m.upper_weights) {
      weights.push_back(boost::json::array{index, weight});
    }
    out["rho_upper_weights"] = std::move(weights);
  }
  if (m.hull_residual) {
    boost::json::array weights;
    for (const auto& [index, weight] : m.hull_weights) {
      weights.push_back(boost::json::array{index, weight});
    }
    out["non_separability_certificate"] = boost::json::object{
        {"hull_residual", *m.hull_residual},
        {"points", m.hull_weights.size()},
        {"weights", std::move(weights)},
        {"meaning",
         "weights [point, lambda] >= 0 summing to 1; |sum lambda y x~| = hull_residual"}};
  }
  if (!t.hinge_candidates.empty()) {
    // The hinge bounds' candidates, so that plab verify re-certifies them from the data.
    boost::json::array candidates;
    for (const HingeCandidate& c : t.hinge_candidates) {
      candidates.push_back(boost::json::object{
          {"C", c.c}, {"v_norm", c.v_norm}, {"hinge_norm", c.hinge_norm}, {"v", vector_json(c.v)}});
    }
    out["hinge_candidates"] = std::move(candidates);
  }
  if (!t.hinge_candidates_stopped.empty())
    out["hinge_candidates_stopped"] = t.hinge_candidates_stopped;
  // The quantity units' figures (theory/bound_unit.hpp), so that plab verify re-certifies
  // them: one member per unit, one object per variant, in the registry's orders.
  const auto write_vector = [](const std::vector<double>& v) { return vector_json(v); };
  for (const QuantityUnit* unit : quantity_units()) {
    boost::json::object variants;
    for (const std::string& variant : unit->variants()) {
      const auto it = t.quantities.find({unit->key(), variant});
      if (it != t.quantities.end()) variants[variant] = unit->json(*it->second, write_vector);
    }
    if (!variants.empty()) out[unit->key()] = std::move(variants);
  }
  if (t.least_squares) {
    out["least_squares"] = boost::json::object{{"loss", t.least_squares->loss},
                                               {"w", vector_json(t.least_squares->w)}};
  }
  return out;
}

boost::json::object declaration_json(const BoundDeclaration& d) {
  const bool has = form_has_bound(d.form);
  boost::json::object out{
      {"form", bound_form_name(d.form)},
      {"counts", has ? boost::json::value(bound_count_name(d.counts)) : nullptr},
      {"step_scale", has ? boost::json::value(d.eta) : nullptr},
      {"threshold", has ? boost::json::value(d.tau) : nullptr}};
  // Only the forms with variants or a kernel write them; other declarations keep their bytes.
  const BoundUnit* unit = find_bound_unit(d.form);
  if (unit != nullptr && unit->has_variants()) out["balanced"] = d.balanced;
  if (unit != nullptr && unit->has_kernel()) out["kernel"] = kernel_spec_json(d.kernel);
  return out;
}

boost::json::object kernel_theory_json(const KernelCertificate& c) {
  boost::json::array weights;
  for (const auto& [j, lambda] : c.weights) weights.push_back(boost::json::array{j, lambda});
  boost::json::object out{
      {"R", c.radius},
      {"separable", c.separable ? boost::json::value(*c.separable) : nullptr},
      {"method", c.method.empty() ? boost::json::value(nullptr) : boost::json::value(c.method)},
      {"gamma", c.separable.value_or(false) ? boost::json::value(c.gamma) : nullptr},
      {"v_norm", c.separable.value_or(false) ? boost::json::value(c.norm) : nullptr},
      {"rho", c.separable.value_or(false) ? boost::json::value(c.rho) : nullptr},
      {"rho_upper", number_or_null(c.rho_upper)},
      {"weights", std::move(weights)},
      {"reason", c.reason.empty() ? boost::json::value(nullptr) : boost::json::value(c.reason)},
      {"seconds", c.seconds}};
  if (c.conflict) out["conflict"] = boost::json::array{c.conflict->first, c.conflict->second};
  return out;
}

}  // namespace plab
