#include "session/run_count_audit.hpp"

#include <memory>
#include <vector>

#include <boost/json/serialize.hpp>

#include "config/experiment_identity.hpp"
#include "config/json.hpp"
#include "config/sweep.hpp"
#include "error.hpp"
#include "results/folder/run_range.hpp"
#include "results/format/manifest_reader.hpp"
#include "results/format/record_fields.hpp"
#include "run/experiment.hpp"
#include "run/shard_range.hpp"

namespace plab {

namespace {

// The experiment as far as shard_range needs it (each point's rows, learners' weights,
// repeats and first run), built from the audited points: the engine's own function then
// gives the slices. Nullopt when a learner's number of weights is not recorded.
std::optional<Experiment> slicing_experiment(const std::map<std::size_t, AuditedPoint>& points,
                                             bool large, std::size_t total_runs) {
  Experiment e;
  e.large = large;
  e.total_runs = total_runs;
  if (large) return e;
  std::size_t first_run = 0;
  for (const auto& [index, audited] : points) {
    PreparedPoint p;
    p.config = audited.config;
    p.data = std::shared_ptr<const Dataset>(audited.data, &audited.data->data);
    p.first_run = first_run;
    for (const std::string& name : audited.learner_order) {
      PreparedLearner l;
      l.name = name;
      l.shape = WeightShape{1, audited.learners.at(name).weights};
      if (l.shape.size() == 0) return std::nullopt;
      p.learners.push_back(std::move(l));
    }
    first_run += p.runs();
    e.points.push_back(std::move(p));
  }
  return e;
}

void check_slice(const std::string& where, const std::string& name, const RecordFields& shard,
                 const Experiment& e, AuditReport& report) {
  const std::size_t index = shard.count("index");
  const std::size_t count = shard.count("count");
  if (count == 0 || index >= count || count > kMaxShards) {
    report.differ(where, name + "index", shard.any("index"),
                  ("a shard index below its count (" + std::to_string(count) + ")").c_str());
    return;
  }
  const RunRange r = shard_range(e, ShardSpec{index, count});
  if (shard.count("first_run") != r.begin)
    report.differ(where, name + "first_run", shard.any("first_run"), r.begin);
  if (shard.count("end_run") != r.end)
    report.differ(where, name + "end_run", shard.any("end_run"), r.end);
}

}  // namespace

void audit_run_counts(const std::filesystem::path& dir, const boost::json::object& object,
                      const std::map<std::size_t, AuditedPoint>& points, AuditReport& report) {
  const std::string where = (dir / "manifest.json").string();
  const RecordFields manifest(object, where);
  std::size_t grid = 0;
  try {
    grid =
        count_points(read_sweep_axes(Json::parse(boost::json::serialize(manifest.any("config")))));
  } catch (const ConfigError& error) {
    throw DataError(where + ": the recorded config cannot be read again: " + error.what());
  }
  // The config as plab wrote it (--resume refuses an edited one the same way): an edit that
  // changes no recomputed figure, its name for one, shows here.
  if (manifest.has("config_identity_sha256")) {
    // Read as --resume reads it: every double exactly as written.
    const std::string now = experiment_identity_sha256(recorded_config(dir, object));
    if (manifest.string("config_identity_sha256") != now)
      report.differ(where, "config_identity_sha256 (the config was edited after plab wrote it)",
                    manifest.any("config_identity_sha256"), now.c_str());
  }
  // The name is written twice, and the top-level one, which export takes, must be the config's.
  const RecordFields recorded_config = manifest.object("config");
  if (recorded_config.has("name") && manifest.string("name") != recorded_config.string("name"))
    report.differ(where, "name", manifest.any("name"), recorded_config.any("name"),
                  "in the config");
  const bool large = manifest.has("sweep_points");
  if (large) {
    if (manifest.count("sweep_points") != grid || grid <= kMaxListedPoints)
      report.differ(
          where, "sweep_points", manifest.any("sweep_points"),
          grid <= kMaxListedPoints
              ? boost::json::value(("absent: the config's sweep has " + std::to_string(grid) +
                                    " points, and a folder lists up to " +
                                    std::to_string(kMaxListedPoints) + " of them all")
                                       .c_str())
              : boost::json::value(grid));
  } else if (grid > kMaxListedPoints) {
    report.differ(where, "sweep_points", nullptr, grid);
  } else if (points.size() != grid || (!points.empty() && points.rbegin()->first + 1 != grid)) {
    report.differ(
        where, "points", ("points " + std::to_string(points.size()) + " listed").c_str(),
        ("the config's sweep has " + std::to_string(grid) + " points, all listed").c_str());
    return;
  }
  if (points.empty()) return;
  std::size_t total = 0;
  if (large) {
    const AuditedPoint& p = points.begin()->second;
    total = grid * p.config.learners.size() * static_cast<std::size_t>(p.config.repeats);
  } else {
    for (const auto& [index, p] : points)
      total += p.config.learners.size() * static_cast<std::size_t>(p.config.repeats);
  }
  if (manifest.count("runs_total") != total) {
    report.differ(where, "runs_total", manifest.any("runs_total"), total);
    return;
  }
  const std::optional<Experiment> e = slicing_experiment(points, large, total);
  if (!e) {
    report.not_rechecked.emplace_back(
        "the shard's slice of the runs: the manifest does not record the learners' numbers "
        "of weights (a folder of an older plab)");
    return;
  }
  check_slice(where, "shard/", manifest.object("shard"), *e, report);
  if (!manifest.has("merged_shards")) return;
  const std::vector<RecordFields> shards = manifest.objects("merged_shards");
  for (std::size_t i = 0; i < shards.size(); ++i)
    check_slice(where, "merged_shards/" + std::to_string(i) + "/", shards[i], *e, report);
}

}  // namespace plab
