// The margin oracle's certified result as a quantity unit (theory/bound_unit.hpp): the
// bracket rho <= rho* <= rho_upper with the reference u, every method's report and, for data
// that is not separable, Gordan's certificate. Computed for every sweep point (under
// `theory.margin: "none"` the oracle says it was not asked), written as the manifest's
// theory.oracle … non_separability_certificate and re-certified by plab verify from the
// stored u and hull points.
#include <cmath>
#include <optional>

#include <boost/json/serialize.hpp>

#include "theory/certified_tolerance.hpp"
#include "theory/margin_oracle.hpp"
#include "theory/point_quantity_units.hpp"
#include "theory/point_theory.hpp"
#include "theory/same_recomputed.hpp"

namespace plab {

namespace {

boost::json::value optional_number(const std::optional<double>& v) {
  return v ? boost::json::value(*v) : boost::json::value(nullptr);
}

boost::json::array weights_json(const std::vector<std::pair<std::size_t, double>>& weights) {
  boost::json::array out;
  for (const auto& [index, weight] : weights) out.push_back(boost::json::array{index, weight});
  return out;
}

// rho_upper from the hull point stored beside it (rho_upper_weights: convex weights over the
// points y x~, read by the correctly rounding parser: a hull point near the origin turns one
// ulp into a visible change of its norm), recomputed as the oracle computes it: any hull
// point p proves rho* <= |p|, so the weights certify the bound from the data alone. A
// manifest without them (an older plab) keeps its recorded value, and verify says it was not
// re-checked.
void recheck_rho_upper(QuantityAudit& audit, MarginCertificate& m) {
  const StoredFields& t = audit.theory();
  const std::optional<double> recorded = t.number_or_null("rho_upper");
  m.rho_upper = recorded;
  if (!t.has("rho_upper_weights")) {
    if (recorded) audit.rho_upper_unchecked();
    return;
  }
  const std::vector<std::pair<std::size_t, double>> weights = t.weight_pairs("rho_upper_weights");
  // Compared within the certified allowance of its rounding (theory/certified_tolerance.hpp):
  // a hull point near the origin has a norm made of rounding noise, and another evaluation
  // order may change its last digits. A recorded figure within it stands for the records.
  const std::optional<HullNormFigures> figures = hull_norm_figures(audit.data(), weights);
  m.rho_upper = figures ? std::optional<double>(figures->upper) : std::nullopt;
  if (figures && recorded && within_allowance(*recorded, figures->upper, figures->allowance)) {
    m.rho_upper = recorded;
  } else if (figures || recorded) {
    audit.differ("rho_upper (from " + audit.path() + "rho_upper_weights)", t.any("rho_upper"),
                 m.rho_upper ? boost::json::value(*m.rho_upper)
                             : boost::json::value("no bound: the weights are not convex "
                                                  "weights over the points"));
  }
}

class MarginUnit final : public QuantityUnit {
 public:
  std::string key() const override { return "oracle"; }
  const char* description() const override {
    return "rho: the margin of a reference separator u (svm: the best of the nearest hull "
           "point, LIBLINEAR and an LP; teacher or given: that u), recomputed in double less a "
           "bound on its rounding error; rho_upper: the norm of a hull point, rounded up; not "
           "separable: convex weights checked exactly in rational arithmetic";
  }

  void compute_into(const QuantityContext& c, PointTheory& theory) const override {
    OracleRequest request;
    request.kind = c.margin_kind;
    request.vector = c.vector;
    request.budget_seconds = c.budget_seconds;
    request.work_budget = c.work_budget;
    // Beyond the dense copy's limit svm runs LIBLINEAR alone, on the sparse rows.
    request.dense_methods = !(c.data->sparse() && c.margin_kind == MarginSource::kSvm);
    theory.margin = find_margin(*c.data, request);
  }

  void write(const PointTheory& theory, boost::json::object& out,
             const VectorJson& vector_json) const override {
    const MarginCertificate& m = theory.margin;
    boost::json::array methods;
    for (const MethodReport& r : m.methods) {
      methods.push_back(boost::json::object{{"method", r.name},
                                            {"rho", optional_number(r.rho)},
                                            {"rho_upper", optional_number(r.rho_upper)},
                                            {"seconds", r.seconds},
                                            {"note", r.note}});
    }
    const bool separable = m.separable.value_or(false);
    const auto if_separable = [&](const boost::json::value& v) {
      return separable ? v : boost::json::value(nullptr);
    };
    out["oracle"] = margin_source_name(m.oracle);
    out["separable"] = m.separable ? boost::json::value(*m.separable) : nullptr;
    out["method"] = if_separable(boost::json::value(m.method));
    out["gamma"] = if_separable(m.gamma);
    out["w_ref_norm"] = if_separable(m.reference_norm);
    out["rho"] = if_separable(m.rho);
    out["rho_upper"] = optional_number(m.rho_upper);
    out["reason"] = m.reason.empty() ? boost::json::value(nullptr) : boost::json::value(m.reason);
    out["seconds"] = m.seconds;
    out["methods"] = std::move(methods);
    if (separable) out["reference"] = vector_json(m.reference);
    // The hull point behind rho_upper, so that plab verify recomputes it (docs/verify.md).
    if (m.rho_upper && !m.upper_weights.empty()) {
      out["rho_upper_weights"] = weights_json(m.upper_weights);
    }
    if (m.hull_residual) {
      out["non_separability_certificate"] = boost::json::object{
          {"hull_residual", *m.hull_residual},
          {"points", m.hull_weights.size()},
          {"weights", weights_json(m.hull_weights)},
          {"meaning",
           "weights [point, lambda] >= 0 summing to 1; |sum lambda y x~| = hull_residual"}};
    }
  }

  // The certified margin of the stored reference u, recomputed as the oracle does; the
  // bracket's rho_upper from the hull point stored beside it. verify certifies whatever it
  // can: a stored u is certified whatever `separable` says, and a u with a positive margin
  // makes any other verdict than true a difference.
  void recheck(QuantityAudit& audit, PointTheory& theory) const override {
    const StoredFields& t = audit.theory();
    // Too large for the oracle's dense copy: its u (teacher, given, or LIBLINEAR's under
    // svm) was certified on the sparse rows, and is rechecked on them; the fields only the
    // dense methods write would need the rows dense: not rechecked then.
    const bool certified_on_sparse_rows = !t.has("rho_upper_weights") &&
                                          !t.has("hinge_candidates") &&
                                          !t.has("non_separability_certificate");
    if (const std::string why = theory_too_large(audit.data());
        !why.empty() && !certified_on_sparse_rows) {
      audit.not_rechecked("the margin of sparse point " + audit.path() + ": " + why);
      return;
    }
    MarginCertificate& m = theory.margin;
    recheck_rho_upper(audit, m);
    m.separable = t.boolean_or_null("separable");
    if (!m.separable.value_or(false) && !t.has("reference")) {
      if (m.separable) audit.check_non_separability();
      return;
    }
    // u as a correctly rounding parser reads it: at a margin of 1e-6 on data of norm 1, one
    // ulp of a coordinate moves u·x̃ by a relative 1e-10 and the certified gamma with it.
    m.reference = t.precise_vector("reference", audit.longest_vector());
    std::vector<double> u = m.reference;
    const std::optional<CertifiedMargin> c = certify_separator(audit.data(), u);
    if (!c) {
      if (m.separable.value_or(false)) {
        audit.differ("rho", t.any("rho"), "no positive margin for the stored u");
      } else if (m.separable) {
        audit.check_non_separability();
      }
      m.separable = false;
      return;
    }
    if (!m.separable.value_or(false)) {
      audit.differ("separable", t.any("separable"), true);
      m.separable = true;
    }
    // plab writes a certificate only for a point it proved not separable.
    if (t.has("non_separability_certificate")) {
      audit.differ("non_separability_certificate", t.any("non_separability_certificate"),
                   "none: the stored u certifies a positive margin");
    }
    m.reference = u;
    m.gamma = c->gamma;
    m.reference_norm = c->norm;
    m.rho = c->rho;
    const auto check_or_null = [&](const char* key, double value) {
      const std::optional<double> v = t.number_or_null(key);
      if (!v || !same_figure(*v, value)) audit.differ(key, t.any(key), value);
    };
    check_or_null("gamma", m.gamma);
    check_or_null("w_ref_norm", m.reference_norm);
    check_or_null("rho", m.rho);
    // rho <= rho* <= rho_upper: a recorded rho_upper below the certified margin is false,
    // whether or not the hull point behind it is stored.
    if (const std::optional<double> upper = t.number_or_null("rho_upper");
        upper && *upper < m.rho) {
      audit.differ("rho_upper", t.any("rho_upper"),
                   ("at least rho = " + boost::json::serialize(boost::json::value(m.rho)) +
                    " (rho <= rho_upper)")
                       .c_str());
    }
  }
};

}  // namespace

const QuantityUnit& margin_unit() {
  static const MarginUnit unit;
  return unit;
}

}  // namespace plab
