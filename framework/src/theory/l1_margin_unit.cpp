// The ℓ₁-margin as a certified quantity (theory/bound_unit.hpp): computed once per point,
// written into the manifest's theory.l1_margin and re-certified by plab verify.
#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "theory/l1_margin.hpp"
#include "theory/point_theory.hpp"
#include "theory/same_recomputed.hpp"

namespace plab {

namespace {

constexpr const char* kKey = "l1_margin";

// Whether `variant` is the balanced one. The engine asks a unit only for the variants it
// lists, so another word is a bug, never input.
bool balanced_variant(const std::string& variant) {
  if (variant != l1_variant_name(true) && variant != l1_variant_name(false))
    throw std::logic_error("the l1-margin has no variant '" + variant + "'");
  return variant == l1_variant_name(true);
}

class L1MarginUnit final : public VariantQuantityUnit {
 public:
  std::string key() const override { return kKey; }
  std::vector<std::string> variants() const override {
    return {l1_variant_name(false), l1_variant_name(true)};
  }
  const char* description() const override {
    return "l1_margin: gamma1 of a comparator u (svm: a GLPK LP; teacher or given: that u), "
           "recomputed in double less a bound on its rounding error, and R_inf, exact";
  }

  std::shared_ptr<const CertifiedQuantity> compute(const QuantityContext& c,
                                                   const std::string& variant) const override {
    const bool balanced = balanced_variant(variant);
    // The LP under "svm"; the teacher's or given vector itself otherwise, as for the linear
    // margin (cheap where the LP over 2d columns is not).
    return std::make_shared<const L1Margin>(
        c.margin_kind == MarginSource::kSvm
            ? find_l1_margin(*c.data, balanced, c.work_budget, c.budget_seconds)
            : certify_given_l1(*c.data, balanced, c.vector, margin_source_name(c.margin_kind)));
  }

  boost::json::object json(const CertifiedQuantity& quantity,
                           const VectorJson& vector_json) const override {
    const auto& m = dynamic_cast<const L1Margin&>(quantity);
    const bool positive = m.positive.value_or(false);
    return boost::json::object{
        {"certified", positive},
        {"gamma1", positive ? boost::json::value(m.gamma1) : nullptr},
        {"R_inf", m.r_inf},
        {"u", positive ? vector_json(m.u) : nullptr},
        {"reason", m.reason.empty() ? boost::json::value(nullptr) : boost::json::value(m.reason)},
        {"note", m.note},
        {"seconds", m.seconds}};
  }

  // R_inf recomputed, gamma1 recomputed from the stored u as the engine certifies it. What
  // verify finds is what the records' bounds are judged by.
  std::shared_ptr<const CertifiedQuantity> recertify(
      const Dataset& data, const std::string& variant, const StoredFields& f,
      std::size_t longest_vector, const ReportDifference& differ) const override {
    auto m = std::make_shared<L1Margin>();
    m->balanced = balanced_variant(variant);
    m->r_inf = data_r_inf(data);
    if (!same_figure(f.number("R_inf"), m->r_inf)) differ("R_inf", f.any("R_inf"), m->r_inf);
    if (const std::optional<std::string> reason = f.string_or_null("reason")) m->reason = *reason;
    const bool claimed = f.boolean("certified");
    if (claimed || !f.any("u").is_null()) {
      m->u = f.vector("u", longest_vector);
      const std::optional<double> gamma1 = certify_l1_margin(data, m->balanced, m->u);
      if (gamma1) {
        m->positive = true;
        m->gamma1 = *gamma1;
      }
      const std::optional<double> recorded = f.number_or_null("gamma1");
      if (gamma1 ? !recorded || !same_figure(*recorded, *gamma1) : recorded.has_value()) {
        differ("gamma1", f.any("gamma1"),
               gamma1 ? boost::json::value(*gamma1)
                      : boost::json::value("none: the stored u has no certified positive "
                                           "l1-margin"));
      }
      if (gamma1 && !claimed) differ("certified", false, true);
      if (!gamma1 && m->reason.empty()) m->reason = "the stored u has no certified l1-margin";
    } else if (!f.any("gamma1").is_null()) {
      differ("gamma1", f.any("gamma1"), "null (no comparator u stored)");
    }
    return m;
  }
};

}  // namespace

const QuantityUnit& l1_margin_unit() {
  static const L1MarginUnit unit;
  return unit;
}

const char* l1_variant_name(bool balanced) { return balanced ? "balanced" : "plain"; }

const L1Margin* l1_margin_of(const PointTheory& theory, bool balanced) {
  const auto it = theory.quantities.find({kKey, l1_variant_name(balanced)});
  return it == theory.quantities.end() ? nullptr : dynamic_cast<const L1Margin*>(it->second.get());
}

}  // namespace plab
