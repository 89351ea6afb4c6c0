#include "audit/point_audit.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "audit/declaration_check.hpp"
#include "audit/declaration_rederive.hpp"
#include "audit/point_theory_audit.hpp"
#include "audit/same_figure.hpp"
#include "audit/separability_audit.hpp"
#include "audit/theory_presence.hpp"
#include "build_info.hpp"
#include "config/sweep.hpp"
#include "error.hpp"
#include "results/format/exact_json.hpp"
#include "results/format/manifest_reader.hpp"
#include "results/format/record_fields.hpp"
#include "results/format/run_record.hpp"
#include "results/format/vector_json.hpp"
#include "theory/bound_forms.hpp"
#include "theory/bound_unit.hpp"
#include "theory/certified_tolerance.hpp"
#include "theory/hinge_bound.hpp"
#include "theory/margin_oracle.hpp"
#include "theory/point_theory.hpp"

namespace plab {

namespace {

// The `kernel` object of a kernel_novikoff declaration (results/format/theory_json.cpp).
KernelSpec read_kernel_spec(const RecordFields& bound) {
  KernelSpec k;
  const RecordFields o = bound.object("kernel");
  const std::string kind = o.string("kind");
  for (KernelKind known : {KernelKind::kLinear, KernelKind::kPolynomial, KernelKind::kRbf}) {
    if (kind == kernel_name(known)) k.kind = known;
  }
  if (k.kind == KernelKind::kNone) o.wrong("kind", o.any("kind"), "linear, polynomial or rbf");
  k.degree = static_cast<std::uint32_t>(o.count("degree"));
  k.scale = o.number("scale");
  k.coef0 = o.number("coef0");
  k.gamma = o.number("gamma");
  return k;
}

BoundForm form_named(const RecordFields& f, const std::string& name) {
  const std::optional<BoundForm> form = parse_bound_form(name);
  if (!form) f.wrong("form", f.any("form"), "a bound form (docs/bounds.md)");
  return *form;
}

std::optional<BoundDeclaration> read_declaration(const RecordFields& learner) {
  if (!learner.has("bound")) return std::nullopt;
  const RecordFields b = learner.object("bound");
  BoundDeclaration d;
  d.form = form_named(b, b.string("form"));
  if (!form_has_bound(d.form)) return d;
  const std::optional<BoundCount> counts = parse_bound_count(b.string("counts"));
  if (!counts) b.wrong("counts", b.any("counts"), R"("mistakes" or "updates")");
  d.counts = *counts;
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
      if (p.config.dataset.kind == DatasetKind::kSynthetic)
        key += "#" + std::to_string(p.config.seed);
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
      check_quantities(where, point, precise_point, p, report);
      check_point_config(where, point, sweep, p.config, report);
      const std::vector<RecordFields> learners = point.objects("learners");
      for (std::size_t j = 0; j < learners.size(); ++j) {
        const RecordFields& l = learners[j];
        AuditedLearner learner{l.string("plugin"),
                               l.has("weights") ? l.count("weights") : 0,
                               read_declaration(l),
                               {},
                               l.has("params") ? l.any("params") : nullptr};
        if (learner.declared) {
          const Json& precise_learners =
              precise_point.contains("learners") ? precise_point["learners"] : Json();
          learner.quantities = check_learner_quantities(
              where, "points/" + std::to_string(index) + "/learners/" + std::to_string(j) + "/", l,
              precise_learners.is_array() && j < precise_learners.size() ? &precise_learners[j]
                                                                         : nullptr,
              p.data->data, *learner.declared, report);
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
