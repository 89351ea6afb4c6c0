// The hinge bounds' candidates as a quantity unit (theory/bound_unit.hpp): computed once per
// sweep point the oracle did not certify separable, when a learner's form is covered by the
// hinge bounds, with what the oracle left of the budget; written as the manifest's
// theory.hinge_candidates and re-certified by plab verify from the stored v.
#include <optional>
#include <string>

#include "theory/hinge_bound.hpp"
#include "theory/point_quantity_units.hpp"
#include "theory/point_theory.hpp"
#include "theory/same_recomputed.hpp"

namespace plab {

namespace {

class HingeCandidatesUnit final : public QuantityUnit {
 public:
  std::string key() const override { return "hinge_candidates"; }
  const char* description() const override {
    return "hinge_candidates: v from the squared-hinge SVM's path over C, each with its norm "
           "and the norm of its hinges over the data recomputed in double and rounded up";
  }

  // Past separability, once per data set: separable points keep Novikoff's forms only.
  // Beyond the dense copy's limit the candidates are not computed.
  void compute_into(const QuantityContext& c, PointTheory& theory) const override {
    if (!c.hinge_needed || c.margin_kind == MarginSource::kNone || c.data->sparse() ||
        theory.margin.separable.value_or(false)) {
      return;
    }
    // The path shares the oracle's clock limit (a safety stop; LIBLINEAR's own limits bound it).
    bool clock_stopped = false;
    theory.hinge_candidates =
        hinge_candidates(*c.data, c.budget_seconds - theory.margin.seconds, &clock_stopped);
    if (clock_stopped) {
      theory.hinge_candidates.clear();
      theory.hinge_candidates_stopped = hinge_clock_reason(c.budget_seconds);
    }
  }

  void write(const PointTheory& theory, boost::json::object& out,
             const VectorJson& vector_json) const override {
    if (!theory.hinge_candidates_stopped.empty())
      out["hinge_candidates_stopped"] = theory.hinge_candidates_stopped;
    if (theory.hinge_candidates.empty()) return;
    boost::json::array candidates;
    for (const HingeCandidate& c : theory.hinge_candidates) {
      candidates.push_back(boost::json::object{
          {"C", c.c}, {"v_norm", c.v_norm}, {"hinge_norm", c.hinge_norm}, {"v", vector_json(c.v)}});
    }
    out["hinge_candidates"] = std::move(candidates);
  }

  // Their v as stored (read by the correctly rounding parser), their norms recomputed and
  // compared. plab stores them only for points it did not record separable.
  void recheck(QuantityAudit& audit, PointTheory& theory) const override {
    const StoredFields& t = audit.theory();
    if (!t.has("hinge_candidates")) return;
    // Beyond the dense copy's limit: the margin unit says the point was not rechecked.
    if (!theory_too_large(audit.data()).empty()) return;
    if (t.boolean_or_null("separable").value_or(false)) {
      audit.differ("hinge_candidates", t.any("hinge_candidates"),
                   "none: the point is certified separable");
      return;
    }
    const std::vector<std::unique_ptr<StoredFields>> candidates = t.objects("hinge_candidates");
    for (std::size_t k = 0; k < candidates.size(); ++k) {
      const StoredFields& c = *candidates[k];
      const std::string field = "hinge_candidates/" + std::to_string(k) + "/";
      std::optional<HingeCandidate> certified = certify_hinge_candidate(
          audit.data(), c.number("C"), c.precise_vector("v", audit.longest_vector()));
      if (!certified) {
        audit.differ(field + "v", c.any("v"), "a finite vector of the learner's size");
        continue;
      }
      for (const auto& [name, value] : {std::pair{"v_norm", certified->v_norm},
                                        std::pair{"hinge_norm", certified->hinge_norm}}) {
        if (!same_figure(c.number(name), value)) audit.differ(field + name, c.any(name), value);
      }
      theory.hinge_candidates.push_back(std::move(*certified));
    }
  }
};

}  // namespace

const QuantityUnit& hinge_candidates_unit() {
  static const HingeCandidatesUnit unit;
  return unit;
}

}  // namespace plab
