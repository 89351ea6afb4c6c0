#include "audit/point_audit.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "audit/certified_tolerance.hpp"
#include "audit/declaration_check.hpp"
#include "audit/declaration_rederive.hpp"
#include "audit/kernel_audit.hpp"
#include "audit/same_figure.hpp"
#include "audit/separability_audit.hpp"
#include "audit/theory_presence.hpp"
#include "build_info.hpp"
#include "config/sweep.hpp"
#include "error.hpp"
#include "results/exact_json.hpp"
#include "results/manifest_reader.hpp"
#include "results/record_fields.hpp"
#include "results/run_record.hpp"
#include "results/vector_json.hpp"
#include "theory/bound_forms.hpp"
#include "theory/bound_unit.hpp"
#include "theory/hinge_bound.hpp"
#include "theory/margin_oracle.hpp"
#include "theory/point_theory.hpp"

namespace plab {

namespace {

// Values plab computed itself and recomputes the same way: equal up to the last digits
// (a relative 1e-12 leaves room for nothing an edit could hide in).
bool same_number(double recorded, double recomputed) {
  if (recorded == recomputed) return true;
  return std::fabs(recorded - recomputed) <=
         1e-12 * std::max(std::fabs(recorded), std::fabs(recomputed));
}

BoundForm form_named(const RecordFields& f, const std::string& name) {
  for (const BoundUnit* unit : bound_units()) {
    if (name == unit->name()) return unit->form();
  }
  f.wrong("form", f.any("form"), "a bound form (docs/bounds.md)");
}

std::optional<BoundDeclaration> read_declaration(const RecordFields& learner) {
  if (!learner.has("bound")) return std::nullopt;
  const RecordFields b = learner.object("bound");
  BoundDeclaration d;
  d.form = form_named(b, b.string("form"));
  if (!form_has_bound(d.form)) return d;
  const std::string counts = b.string("counts");
  if (counts != "mistakes" && counts != "updates")
    b.wrong("counts", b.any("counts"), R"("mistakes" or "updates")");
  d.counts = counts == "updates" ? BoundCount::kUpdates : BoundCount::kMistakes;
  d.eta = b.number("step_scale");
  d.tau = b.number("threshold");
  const BoundUnit* unit = find_bound_unit(d.form);
  if (unit->has_variants()) d.balanced = b.boolean("balanced");
  if (unit->has_kernel()) d.kernel = read_kernel_spec(b);
  return d;
}

}  // namespace

boost::json::value precision_marker(const Dataset& data) {
  return data.float32() ? boost::json::value("float32") : boost::json::value(nullptr);
}

namespace {

void check_data(const std::string& where, const RecordFields& point, const AuditedPoint& p,
                AuditReport& report) {
  const std::string name = "points/" + std::to_string(point.count("index")) + "/dataset/";
  const RecordFields d = point.object("dataset");
  const Dataset& data = p.data->data;
  const auto count_field = [&](const char* key, std::size_t value) {
    if (d.count(key) != value) report.differ(where, name + key, d.any(key), value);
  };
  count_field("rows", data.rows());
  count_field("cols", data.cols());
  if (d.boolean("augmented") != data.augmented())
    report.differ(where, name + "augmented", d.any("augmented"), data.augmented());
  // "precision" is written for float32 data only (run/manifest_builder.cpp).
  const boost::json::value precision = precision_marker(data);
  const boost::json::value recorded = d.has("precision") ? d.any("precision") : nullptr;
  if (recorded != precision) report.differ(where, name + "precision", recorded, precision);
  if (d.has("storage") != data.sparse()) {
    report.differ(where, name + "storage", d.has("storage") ? d.any("storage") : nullptr,
                  data.sparse() ? "sparse" : "dense (no storage field)");
  } else if (data.sparse()) {
    count_field("entries", data.sparse_rows().entries());
  }
  const std::vector<RecordFields> classes = d.objects("classes");
  const auto counts = data.class_counts();
  if (classes.size() != data.class_names().size()) {
    report.differ(where, name + "classes", static_cast<std::uint64_t>(classes.size()),
                  static_cast<std::uint64_t>(data.class_names().size()));
    return;
  }
  for (std::size_t c = 0; c < classes.size(); ++c) {
    const std::string field = name + "classes/" + std::to_string(c);
    if (classes[c].string("name") != data.class_names()[c])
      report.differ(where, field + "/name", classes[c].any("name"), data.class_names()[c].c_str());
    if (classes[c].count("count") != counts[c])
      report.differ(where, field + "/count", classes[c].any("count"), counts[c]);
  }
}

void check_file_digest(const std::string& where, const RecordFields& manifest,
                       const AuditedPoint& p, AuditReport& report) {
  if (!p.config.dataset.reads_file()) return;
  const std::string path = p.config.dataset.path.lexically_normal().string();
  const std::vector<RecordFields> files = manifest.objects("data_files");
  for (std::size_t i = 0; i < files.size(); ++i) {
    if (files[i].string("path") != path) continue;
    if (files[i].string("sha256") != p.data->data.source_sha256()) {
      report.differ(where, "data_files/" + std::to_string(i) + "/sha256", files[i].any("sha256"),
                    p.data->data.source_sha256().c_str());
    }
    return;
  }
  report.differ(where, "data_files", nullptr, ("an entry for " + path).c_str());
}

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
// ℓ₁ comparator. Longer is an edited file (results/vector_json.hpp).
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
      if (!same_number(c.number(key), value)) report.differ(where, field + key, c.any(key), value);
    }
    theory.hinge_candidates.push_back(std::move(*certified));
  }
}

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
  if (std::isfinite(p.theory.radius) ? !recorded || !same_number(*recorded, p.theory.radius)
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
    if (!v || !same_number(*v, value)) report.differ(where, name + key, t.any(key), value);
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

// The point's sweep values, seed and repeats as the recorded config makes them.
void check_point_config(const std::string& where, const RecordFields& point,
                        const SweepPoint& sweep, const ExperimentConfig& config,
                        AuditReport& report) {
  const std::string name = "points/" + std::to_string(point.count("index")) + "/";
  boost::json::object values;
  for (const auto& [pointer, value] : sweep.assignments) values[pointer] = to_boost_exactly(value);
  if (!point.has("params") || point.any("params") != boost::json::value(values))
    report.differ(where, name + "params", point.has("params") ? point.any("params") : nullptr,
                  values);
  if (!point.has("seed") || point.any("seed") != boost::json::value(config.seed))
    report.differ(where, name + "seed", point.has("seed") ? point.any("seed") : nullptr,
                  config.seed);
  if (!point.has("repeats") || point.any("repeats") != boost::json::value(config.repeats))
    report.differ(where, name + "repeats", point.has("repeats") ? point.any("repeats") : nullptr,
                  config.repeats);
}

// Learner J of the point as the recorded config names it: its name, its plugin (when the
// config names a bundled or installed plugin rather than a file) and the params the config
// sets, which the resolved params must hold as given.
void check_learner_against_config(const std::string& where, std::size_t index, std::size_t j,
                                  const RecordFields& l, const ExperimentConfig& config,
                                  AuditReport& report) {
  const std::string name =
      "points/" + std::to_string(index) + "/learners/" + std::to_string(j) + "/";
  if (j >= config.learners.size()) {
    report.differ(where, name + "name", l.any("name"), "no such learner in the recorded config");
    return;
  }
  const LearnerSpec& spec = config.learners[j];
  if (l.string("name") != spec.name)
    report.differ(where, name + "name", l.any("name"), spec.name.c_str());
  const bool named = spec.plugin.find('/') == std::string::npos && !spec.plugin.ends_with(".so") &&
                     !spec.plugin.ends_with(".dylib");
  if (named && l.string("plugin") != spec.plugin) {
    report.differ(where, name + "plugin", l.any("plugin"),
                  (spec.plugin + " (the recorded config's " + spec.pointer + "/plugin)").c_str());
  }
  if (!l.has("params") || !l.any("params").is_object() || !spec.params.is_object()) return;
  const boost::json::object& resolved = l.any("params").get_object();
  for (const auto& [key, value] : spec.params.items()) {
    const boost::json::value given = to_boost_exactly(value);
    const boost::json::value* held = resolved.if_contains(key);
    if (held == nullptr || !same_json(*held, given))
      report.differ(where, name + "params/" + key, held ? *held : nullptr, given);
  }
}

// The manifest as a correctly rounding parser reads it (an empty object if it cannot).
Json precise_manifest(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  Json document = Json::parse(text.str(), nullptr, false);
  return document.is_object() ? document : Json::object();
}

}  // namespace

std::map<std::size_t, AuditedPoint> audit_points(const std::filesystem::path& dir,
                                                 const boost::json::object& manifest,
                                                 AuditReport& report) {
  const std::string where = (dir / "manifest.json").string();
  const RecordFields m(manifest, where);
  const Json document = recorded_config(dir, manifest);
  const std::filesystem::path base_dir =
      std::filesystem::path(m.string("config_file")).parent_path();
  std::map<std::string, std::shared_ptr<const LoadedData>> loaded;
  std::map<std::size_t, AuditedPoint> points;
  const Json precise = precise_manifest(dir / "manifest.json");
  // Only a folder of an older plab may lack what this plab records (the declarations).
  const bool current = m.object("context").string("plab_version") == build_info::kVersion;
  std::size_t position = 0;
  try {
    const std::vector<SweepAxis> axes = read_sweep_axes(document);
    for (const RecordFields& point : m.objects("points")) {
      const std::size_t index = point.count("index");
      AuditedPoint p;
      const SweepPoint sweep = make_point(document, axes, index);
      p.config = parse_experiment(sweep.document, base_dir);
      p.params = record_params(sweep);
      std::string key = sweep.document["dataset"].dump();
      if (p.config.dataset.kind == "synthetic") key += "#" + std::to_string(p.config.seed);
      auto& data = loaded[key];
      if (!data) {
        data = std::make_shared<const LoadedData>(
            load_dataset_with_teacher(p.config.dataset, p.config.seed));
      }
      p.data = data;
      check_file_digest(where, m, p, report);
      check_data(where, point, p, report);
      const Json& precise_point = precise.contains("points") && precise["points"].is_array() &&
                                          position < precise["points"].size()
                                      ? precise["points"][position]
                                      : precise;
      ++position;
      check_theory(where, point, precise_point, p, report);
      check_quantities(where, point, p, report);
      check_point_config(where, point, sweep, p.config, report);
      const std::vector<RecordFields> learners = point.objects("learners");
      for (std::size_t j = 0; j < learners.size(); ++j) {
        const RecordFields& l = learners[j];
        AuditedLearner learner{l.string("plugin"), l.has("weights") ? l.count("weights") : 0,
                               read_declaration(l), std::nullopt,
                               l.has("params") ? l.any("params") : nullptr};
        if (learner.declared && learner.declared->form == BoundForm::kKernelNovikoff) {
          const Json& precise_learners =
              precise_point.contains("learners") ? precise_point["learners"] : Json();
          const Json& precise_kernel = precise_learners.is_array() && j < precise_learners.size() &&
                                               precise_learners[j].contains("kernel_theory")
                                           ? precise_learners[j]["kernel_theory"]
                                           : Json();
          learner.kernel = recheck_kernel_theory(
              where, "points/" + std::to_string(index) + "/learners/" + std::to_string(j) + "/", l,
              precise_kernel, p.data->data, learner.declared->kernel, report);
        }
        check_declaration(
            where, "points/" + std::to_string(index) + "/learners/" + std::to_string(j) + "/", l,
            learner.weights, learner.declared, current, p.data->data.task(), report);
        check_learner_against_config(where, index, j, l, p.config, report);
        p.learners[l.string("name")] = learner;
        p.learner_order.push_back(l.string("name"));
      }
      if (learners.size() != p.config.learners.size()) {
        report.differ(where, "points/" + std::to_string(index) + "/learners",
                      static_cast<std::uint64_t>(learners.size()),
                      static_cast<std::uint64_t>(p.config.learners.size()));
      }
      check_theory_presence(where, point, p, report);
      points[index] = std::move(p);
    }
    rederive_declarations(where, m, points, report);
  } catch (const ConfigError& error) {
    throw DataError(where + ": the recorded config cannot be read again: " + error.what());
  }
  report.points = points.size();
  if (report.rho_upper_unchecked > 0) {
    report.not_rechecked.push_back(
        "rho_upper of " + std::to_string(report.rho_upper_unchecked) +
        " point(s): the manifest does not store the hull point behind it (rho_upper_weights; "
        "a folder of an older plab)");
  }
  return points;
}

}  // namespace plab
