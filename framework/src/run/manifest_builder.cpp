#include "run/manifest_builder.hpp"

#include <algorithm>

#include "base/file_hash.hpp"
#include "build_info.hpp"
#include "config/experiment_identity.hpp"
#include "results/format/exact_json.hpp"
#include "results/format/theory_json.hpp"
#include "theory/learner_quantity_unit.hpp"

namespace plab {

namespace {

// The data set's shape. Sparse storage adds "storage" and its stored "entries" (bias entries
// included), float32 data "precision"; dense float64 points keep the fields they always had,
// so their manifests are unchanged.
boost::json::object dataset_json(const Dataset& d, boost::json::array classes) {
  boost::json::object out{{"rows", d.rows()},
                          {"cols", d.cols()},
                          {"augmented", d.augmented()},
                          {"task", d.task() == TaskKind::kBinary ? "binary" : "multiclass"},
                          {"classes", std::move(classes)}};
  if (d.sparse()) {
    out["storage"] = "sparse";
    out["entries"] = d.sparse_rows().entries();
  }
  if (d.float32()) out["precision"] = "float32";
  return out;
}

// Not through text: Boost.JSON 1.81 reads about one double in ten an ulp off, and the
// manifest's config (inline data, sweep values) must hold the doubles plab ran on.
boost::json::value to_boost(const Json& j) { return to_boost_exactly(j); }

boost::json::array describe_points(const Experiment& e) {
  boost::json::array points;
  for (const PreparedPoint& p : e.points) {
    boost::json::object values;
    for (const auto& [pointer, value] : p.sweep.assignments) values[pointer] = to_boost(value);
    boost::json::array learners;
    for (const PreparedLearner& l : p.learners) {
      boost::json::object learner{{"name", l.name},
                                  {"plugin", l.plugin->descriptor().name},
                                  {"params", to_boost(l.params_json)},
                                  {"weights", l.shape.size()},
                                  {"bound", declaration_json(l.bound)}};
      for (const LearnerQuantityUnit* unit : learner_quantity_units()) {
        if (const CertifiedQuantity* q = find_learner_quantity(l.quantities, unit->key()))
          learner[unit->key()] = unit->json(*q);
      }
      learners.push_back(std::move(learner));
    }
    const Dataset& d = *p.data;
    boost::json::array classes;
    const auto counts = d.class_counts();
    for (std::size_t c = 0; c < d.class_names().size(); ++c) {
      classes.push_back(boost::json::object{{"name", d.class_names()[c]}, {"count", counts[c]}});
    }
    points.push_back(boost::json::object{
        {"index", p.sweep.index},
        {"params", std::move(values)},
        {"first_run", p.first_run},
        {"runs", p.runs()},
        {"seed", p.config.seed},
        {"repeats", p.config.repeats},
        {"learners", std::move(learners)},
        {"dataset", dataset_json(d, std::move(classes))},
        {"theory", theory_json(*p.theory)},
    });
  }
  return points;
}

}  // namespace

boost::json::value make_manifest(const Experiment& e, const ManifestInput& in) {
  const RunSession& s = in.session;
  boost::json::array plugins;
  for (const auto& lib : e.libraries) {
    const PluginDescriptor& d = lib->descriptor();
    plugins.push_back(boost::json::object{{"name", d.name},
                                          {"version", d.version},
                                          {"abi_version", d.abi_version},
                                          {"file", lib->path().string()},
                                          {"sha256", sha256_file(lib->path())}});
  }
  // Data files by content, so that a resume or a merge notices a changed file: the digest
  // of the bytes that were parsed, taken while reading them, not of the file as it is now.
  boost::json::array data_files;
  std::vector<std::string> seen;
  for (const PreparedPoint& p : e.points) {
    if (!p.config.dataset.reads_file()) continue;
    const std::string path = p.config.dataset.path.lexically_normal().string();
    if (std::find(seen.begin(), seen.end(), path) != seen.end()) continue;
    seen.push_back(path);
    data_files.push_back(boost::json::object{{"path", path}, {"sha256", p.data->source_sha256()}});
  }
  boost::json::array notes;
  for (const auto& n : e.notes) notes.emplace_back(n);
  boost::json::array sessions = in.earlier_sessions;
  sessions.push_back(session_json(s));
  const boost::json::value first_start =
      in.earlier_sessions.empty() ? boost::json::value(s.start_time)
                                  : in.earlier_sessions.front().as_object().at("start_time");
  boost::json::object manifest{
      {"schema_version", 1},
      {"name", e.name},
      {"tags", boost::json::array(in.tags.begin(), in.tags.end())},
      {"note", in.note.empty() ? boost::json::value(nullptr) : boost::json::value(in.note)},
      {"status", status_name(s.status)},
      {"error", s.error.empty() ? boost::json::value(nullptr) : boost::json::value(s.error)},
      {"context",
       boost::json::object{
           {"plab_version", build_info::kVersion},
           {"git_commit", *build_info::kGitCommit ? boost::json::value(build_info::kGitCommit)
                                                  : boost::json::value(nullptr)},
           {"git_dirty", build_info::kGitDirty},
           {"build_type", build_info::kBuildType},
           {"compiler", build_info::kCompiler},
           {"cxx_flags", build_info::kCxxFlags},
           {"boost_version", build_info::kBoostVersion},
           {"host", host_name()},
           {"threads", s.threads},
           {"command_line", s.command_line},
       }},
      {"start_time", first_start},
      {"end_time",
       s.end_time.empty() ? boost::json::value(nullptr) : boost::json::value(s.end_time)},
      {"config_file", e.config_path.string()},
      {"config", to_boost(e.document)},
      {"config_identity_sha256", experiment_identity_sha256(e.document)},
      {"command_line_changes", boost::json::array(e.changes.begin(), e.changes.end())},
      {"runs_total", e.total_runs},
      {"shard", boost::json::object{{"index", in.shard.index},
                                    {"count", in.shard.count},
                                    {"first_run", in.range.begin},
                                    {"end_run", in.range.end}}},
      {"runs_written", s.runs_written},
      {"runs_failed", s.runs_failed},
      {"sessions", std::move(sessions)},
      {"plugins", std::move(plugins)},
      {"data_files", std::move(data_files)},
      {"points", describe_points(e)},
      {"notes", std::move(notes)},
  };
  // A large sweep (experiment.hpp) lists only the points of this folder's runs; the axes
  // are the config's "sweep", and point i's values follow from them (sweep.hpp). Smaller
  // sweeps list every point and have no such keys, so their manifests are as before.
  if (e.large) {
    manifest["sweep_points"] = e.point_count;
    manifest["points_listed"] =
        "only the points of this folder's runs; point i's values are its digits of i in mixed "
        "radix over the axes of config.sweep";
  }
  return manifest;
}

void annotate(ManifestInput& m, const Json& config, const boost::json::object* old_manifest,
              const std::vector<std::string>& command_line_tags) {
  const auto add = [&m](const std::string& tag) {
    if (std::find(m.tags.begin(), m.tags.end(), tag) == m.tags.end()) m.tags.push_back(tag);
  };
  if (old_manifest != nullptr) {
    if (const auto* tags = old_manifest->if_contains("tags"); tags && tags->is_array()) {
      for (const auto& t : tags->get_array()) {
        if (t.is_string()) add(std::string(t.get_string()));
      }
    }
    if (const auto* note = old_manifest->if_contains("note"); note && note->is_string()) {
      m.note = std::string(note->get_string());
    }
  }
  // The config was validated when the experiment was prepared: tags are strings.
  if (const auto tags = config.find("tags"); tags != config.end() && tags->is_array()) {
    for (const Json& t : *tags) {
      if (t.is_string()) add(t.get<std::string>());
    }
  }
  for (const std::string& tag : command_line_tags) add(tag);
  if (const auto note = config.find("note"); note != config.end() && note->is_string()) {
    m.note = note->get<std::string>();
  }
}

}  // namespace plab
