#include "audit/theory_presence.hpp"

#include <optional>

#include "theory/hinge_bound.hpp"
#include "theory/margin_oracle.hpp"
#include "theory/point_theory.hpp"

namespace plab {

void check_theory_presence(const std::string& where, const RecordFields& point,
                           const AuditedPoint& p, AuditReport& report) {
  const TheorySpec& spec = p.config.theory;
  if (spec.margin == MarginSource::kNone) return;
  const std::string name = "points/" + std::to_string(point.count("index")) + "/theory/";
  const std::optional<Dataset> dense_copy =
      theory_needs_dense_copy(p.data->data) ? std::optional<Dataset>(p.data->data.stored_dense())
                                            : std::nullopt;
  const Dataset& data = dense_copy ? *dense_copy : p.data->data;
  if (!theory_too_large(data).empty()) return;
  const RecordFields t = point.object("theory");
  // What the oracle spent of the budget in the run; the candidates had the rest.
  const double spent = t.has("seconds") ? t.number_or_null("seconds").value_or(0.0) : 0.0;
  const std::string asked = std::string("the config asks for the theory (theory.margin '") +
                            margin_source_name(spec.margin) + "')";
  if (!p.theory.margin.separable) {
    OracleRequest request;
    request.kind = spec.margin;
    request.vector = spec.margin == MarginSource::kTeacher ? p.data->teacher : spec.u;
    request.budget_seconds = spec.oracle_seconds;
    request.work_budget = spec.oracle_work;
    const MarginCertificate again = find_margin(data, request);
    if (again.separable) {
      report.differ(
          where, name + "separable", t.any("separable"),
          ((*again.separable ? "true" : "false") +
           std::string(": the engine's oracle decides it on the re-read data, and ") + asked)
              .c_str());
    }
  }
  bool needs_hinge = false;
  for (const auto& [learner, l] : p.learners)
    needs_hinge = needs_hinge || (l.declared && hinge_bound_covers(l.declared->form));
  if (!needs_hinge || p.theory.margin.separable.value_or(false) ||
      !p.theory.hinge_candidates.empty() || !(spec.oracle_seconds - spent > 0.0))
    return;
  const std::vector<HingeCandidate> found = hinge_candidates(data, spec.oracle_seconds - spent);
  if (!found.empty()) {
    report.differ(where, name + "hinge_candidates",
                  t.has("hinge_candidates") ? t.any("hinge_candidates") : nullptr,
                  (std::to_string(found.size()) +
                   " certified candidates on the re-read data: a learner's form is covered by "
                   "the hinge bound, the point is not certified separable, and " +
                   asked)
                      .c_str());
  }
}

}  // namespace plab
