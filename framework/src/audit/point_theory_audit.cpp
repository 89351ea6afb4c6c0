// The facts of one sweep point as plab verify re-derives them from its data
// (audit/point_audit.hpp): R, the certified margin and its bracket, the hinge candidates and
// the quantity units' figures (theory/bound_unit.hpp).
#include "audit/point_theory_audit.hpp"

#include <cmath>

#include "audit/certified_tolerance.hpp"
#include "audit/same_figure.hpp"
#include "audit/separability_audit.hpp"
#include "audit/theory_presence.hpp"
#include "results/format/vector_json.hpp"
#include "theory/bound_unit.hpp"
#include "theory/hinge_bound.hpp"
#include "theory/margin_oracle.hpp"

namespace plab {

namespace {

// rho_upper from the hull point stored beside it (rho_upper_weights: convex weights over the
// points y x~), recomputed as the oracle computes it: any hull point p proves rho* <= |p|, so
// the weights certify the bound from the data alone. A manifest without them (an older plab)
// keeps its recorded value, and verify says it was not re-checked.
// Boost.JSON (1.81) may parse a double one ulp off, and a hull point near the origin (data
// that is not separable) turns that into a visible change of its norm: the weights are read
// again from the manifest's text by a correctly rounding parser.
std::vector<double> precise_lambdas(const Json& precise_theory) {
  std::vector<double> out;
  const auto it = precise_theory.find("rho_upper_weights");
  if (it == precise_theory.end() || !it->is_array()) return out;
  for (const Json& pair : *it) {
    if (!pair.is_array() || pair.size() != 2 || !pair[1].is_number()) return {};
    out.push_back(pair[1].get<double>());
  }
  return out;
}

void check_rho_upper(const std::string& where, const std::string& name, const RecordFields& t,
                     const Json& precise_theory, const Dataset& data, MarginCertificate& m,
                     AuditReport& report) {
  const std::optional<double> recorded = t.number_or_null("rho_upper");
  m.rho_upper = recorded;
  if (!t.has("rho_upper_weights")) {
    if (recorded) ++report.rho_upper_unchecked;
    return;
  }
  std::vector<std::pair<std::size_t, double>> weights;
  for (const boost::json::value& v : t.array("rho_upper_weights")) {
    const boost::json::array* pair = v.if_array();
    if (pair == nullptr || pair->size() != 2 || !as_count((*pair)[0]) || !(*pair)[1].is_number())
      t.wrong("rho_upper_weights", v, "an array of [point, lambda] pairs");
    weights.emplace_back(*as_count((*pair)[0]), (*pair)[1].to_number<double>());
  }
  const std::vector<double> lambdas = precise_lambdas(precise_theory);
  if (lambdas.size() == weights.size()) {
    for (std::size_t i = 0; i < weights.size(); ++i) weights[i].second = lambdas[i];
  }
  // Compared within the certified allowance of its rounding (audit/certified_tolerance.hpp):
  // a hull point near the origin has a norm made of rounding noise, and another evaluation
  // order may change its last digits. A recorded figure within it stands for the records.
  const std::optional<HullNormFigures> figures = hull_norm_figures(data, weights);
  m.rho_upper = figures ? std::optional<double>(figures->upper) : std::nullopt;
  if (figures && recorded && within_allowance(*recorded, figures->upper, figures->allowance)) {
    m.rho_upper = recorded;
  } else if (figures || recorded) {
    report.differ(where, name + "rho_upper (from " + name + "rho_upper_weights)",
                  t.any("rho_upper"),
                  m.rho_upper ? boost::json::value(*m.rho_upper)
                              : boost::json::value("no bound: the weights are not convex "
                                                   "weights over the points"));
  }
}

// The most entries a vector of the manifest's theory can have on this data: one row of
// weights per class (a multi-class separator or candidate), two per column for a balanced
// ℓ₁ comparator. Longer is an edited file (results/format/vector_json.hpp).
std::size_t longest_vector(const Dataset& data) {
  return data.cols() * std::max<std::size_t>(2, data.class_names().size());
}

// The hinge bounds' candidates (manifest theory.hinge_candidates), re-certified from the
// data: their v as stored (read by the correctly rounding parser), their norms recomputed
// and compared. plab stores them only for points it did not certify separable.
void check_hinge_candidates(const std::string& where, const std::string& name,
                            const RecordFields& t, const Json& precise_theory, const Dataset& data,
                            PointTheory& theory, AuditReport& report) {
  if (!t.has("hinge_candidates")) return;
  if (theory.margin.separable.value_or(false)) {
    report.differ(where, name + "hinge_candidates", t.any("hinge_candidates"),
                  "none: the point is certified separable");
    return;
  }
  const auto precise = precise_theory.find("hinge_candidates");
  const std::vector<RecordFields> candidates = t.objects("hinge_candidates");
  for (std::size_t k = 0; k < candidates.size(); ++k) {
    const RecordFields& c = candidates[k];
    const std::string field = name + "hinge_candidates/" + std::to_string(k) + "/";
    std::vector<double> v = read_vector(c, "v", longest_vector(data));
    if (precise != precise_theory.end() && precise->is_array() && k < precise->size()) {
      std::optional<std::vector<double>> pv =
          precise_vector((*precise)[k].value("v", Json()), longest_vector(data));
      if (pv && pv->size() == v.size()) v = std::move(*pv);
    }
    std::optional<HingeCandidate> certified = certify_hinge_candidate(data, c.number("C"), v);
    if (!certified) {
      report.differ(where, field + "v", c.any("v"), "a finite vector of the learner's size");
      continue;
    }
    for (const auto& [key, value] :
         {std::pair{"v_norm", certified->v_norm}, std::pair{"hinge_norm", certified->hinge_norm}}) {
      if (!same_figure(c.number(key), value)) report.differ(where, field + key, c.any(key), value);
    }
    theory.hinge_candidates.push_back(std::move(*certified));
  }
}

// A quantity's stored fields as plab verify reads them: errors name the field.
class ManifestFields final : public StoredFields {
 public:
  explicit ManifestFields(RecordFields fields) : f_(std::move(fields)) {}
  bool has(std::string_view key) const override { return f_.has(key); }
  const boost::json::value& any(std::string_view key) const override { return f_.any(key); }
  double number(std::string_view key) const override { return f_.number(key); }
  std::optional<double> number_or_null(std::string_view key) const override {
    return f_.number_or_null(key);
  }
  bool boolean(std::string_view key) const override { return f_.boolean(key); }
  std::optional<std::string> string_or_null(std::string_view key) const override {
    return f_.string_or_null(key);
  }
  std::vector<double> vector(std::string_view key, std::size_t max_length) const override {
    return read_vector(f_, key, max_length);
  }

 private:
  RecordFields f_;
};

}  // namespace

// R and the certified margin of the stored reference u, recomputed as the oracle does.
void check_theory(const std::string& where, const RecordFields& point, const Json& precise_point,
                  AuditedPoint& p, AuditReport& report) {
  const std::string name = "points/" + std::to_string(point.count("index")) + "/theory/";
  const RecordFields t = point.object("theory");
  // Sparse data: rechecked on the dense copy the oracle used (theory/point_theory.hpp).
  const std::optional<Dataset> dense_copy =
      theory_needs_dense_copy(p.data->data) ? std::optional<Dataset>(p.data->data.stored_dense())
                                            : std::nullopt;
  const Dataset& data = dense_copy ? *dense_copy : p.data->data;
  p.theory.radius = data_radius(data);
  // An R beyond the range of a double is written as null (JSON has no infinity).
  const std::optional<double> recorded = t.number_or_null("R");
  if (std::isfinite(p.theory.radius) ? !recorded || !same_figure(*recorded, p.theory.radius)
                                     : recorded.has_value()) {
    report.differ(where, name + "R", t.any("R"),
                  std::isfinite(p.theory.radius) ? boost::json::value(p.theory.radius)
                                                 : boost::json::value(nullptr));
  }
  // Too large for the oracle's dense copy: its u (teacher, given, or LIBLINEAR's under svm)
  // was certified on the sparse rows, and is rechecked on them; the fields only the dense
  // methods write would need the rows dense: not rechecked then.
  const bool certified_on_sparse_rows = !t.has("rho_upper_weights") && !t.has("hinge_candidates") &&
                                        !t.has("non_separability_certificate");
  if (const std::string why = theory_too_large(data); !why.empty() && !certified_on_sparse_rows) {
    report.not_rechecked.push_back("the margin of sparse point " + name + ": " + why);
    return;
  }
  MarginCertificate& m = p.theory.margin;
  static const Json kNone = Json::object();
  const auto precise_theory = precise_point.find("theory");
  check_rho_upper(where, name, t, precise_theory == precise_point.end() ? kNone : *precise_theory,
                  data, m, report);
  m.separable = t.boolean_or_null("separable");
  check_hinge_candidates(where, name, t,
                         precise_theory == precise_point.end() ? kNone : *precise_theory, data,
                         p.theory, report);
  // verify certifies whatever it can: a stored u is certified whatever `separable` says, and
  // a u with a positive margin makes any other verdict than true a difference.
  if (!m.separable.value_or(false) && !t.has("reference")) {
    if (m.separable) check_non_separability(where, name, t, data, report);
    return;
  }
  m.reference = read_vector(t, "reference", longest_vector(data));
  // u as a correctly rounding parser reads it: at a margin of 1e-6 on data of norm 1, one
  // ulp of a coordinate moves u·x̃ by a relative 1e-10 and the certified gamma with it.
  if (precise_theory != precise_point.end()) {
    if (const auto field = precise_theory->find("reference"); field != precise_theory->end()) {
      std::optional<std::vector<double>> pu = precise_vector(*field, longest_vector(data));
      if (pu && pu->size() == m.reference.size()) m.reference = std::move(*pu);
    }
  }
  std::vector<double> u = m.reference;
  const std::optional<CertifiedMargin> c = certify_separator(data, u);
  if (!c) {
    if (m.separable.value_or(false)) {
      report.differ(where, name + "rho", t.any("rho"), "no positive margin for the stored u");
    } else if (m.separable) {
      check_non_separability(where, name, t, data, report);
    }
    m.separable = false;
    return;
  }
  if (!m.separable.value_or(false)) {
    report.differ(where, name + "separable", t.any("separable"), true);
    m.separable = true;
  }
  // plab writes a certificate only for a point it proved not separable.
  if (t.has("non_separability_certificate")) {
    report.differ(where, name + "non_separability_certificate",
                  t.any("non_separability_certificate"),
                  "none: the stored u certifies a positive margin");
  }
  m.reference = u;
  m.gamma = c->gamma;
  m.reference_norm = c->norm;
  m.rho = c->rho;
  const auto check_or_null = [&](const char* key, double value) {
    const std::optional<double> v = t.number_or_null(key);
    if (!v || !same_figure(*v, value)) report.differ(where, name + key, t.any(key), value);
  };
  check_or_null("gamma", m.gamma);
  check_or_null("w_ref_norm", m.reference_norm);
  check_or_null("rho", m.rho);
  // rho <= rho* <= rho_upper: a recorded rho_upper below the certified margin is false,
  // whether or not the hull point behind it is stored.
  if (const std::optional<double> upper = t.number_or_null("rho_upper"); upper && *upper < m.rho) {
    report.differ(where, name + "rho_upper", t.any("rho_upper"),
                  ("at least rho = " + value_text(m.rho) + " (rho <= rho_upper)").c_str());
  }
}

// The quantity units' figures (manifest theory.<key>.<variant>), each re-certified from the
// data by its unit (theory/bound_unit.hpp). What verify finds is what the records' bounds
// are judged by.
void check_quantities(const std::string& where, const RecordFields& point, AuditedPoint& p,
                      AuditReport& report) {
  const RecordFields t = point.object("theory");
  const std::string name = "points/" + std::to_string(point.count("index")) + "/theory/";
  for (const QuantityUnit* unit : quantity_units()) {
    if (!t.has(unit->key())) continue;
    const RecordFields all = t.object(unit->key());
    for (const std::string& variant : unit->variants()) {
      if (!all.has(variant)) continue;
      const std::string field = name + unit->key() + "/" + variant + "/";
      const auto differ = [&](const std::string& key, const boost::json::value& recorded,
                              const boost::json::value& recomputed) {
        report.differ(where, field + key, recorded, recomputed);
      };
      p.theory.quantities[{unit->key(), variant}] =
          unit->recertify(p.data->data, variant, ManifestFields(all.object(variant)),
                          longest_vector(p.data->data), differ);
    }
  }
}

}  // namespace plab
