#include "results/format/theory_json.hpp"

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
  // The quantity units' figures (theory/bound_unit.hpp), so that plab verify re-certifies
  // them: each unit appends its members, in the registry's order.
  boost::json::object out;
  const auto write_vector = [](const std::vector<double>& v) { return vector_json(v); };
  for (const QuantityUnit* unit : quantity_units()) unit->write(t, out, write_vector);
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

}  // namespace plab
