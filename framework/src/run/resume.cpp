#include "run/resume.hpp"

#include <map>
#include <optional>
#include <utility>

#include "error.hpp"
#include "results/folder/resume_files.hpp"
#include "results/format/manifest_reader.hpp"
#include "run/resume_check.hpp"
#include "run/shard_range.hpp"

namespace plab {

namespace fs = std::filesystem;

namespace {

// The prepared experiment's canonical order, for the files' checks.
class ExperimentOrder final : public CanonicalRuns {
 public:
  explicit ExperimentOrder(const Experiment& e) : e_(e) {}

  Run at(std::size_t index) const override {
    const RunId id = e_.locate(index);
    return Run{id.point, e_.point(id.point).learners[id.learner].name, id.repeat};
  }

  std::optional<Repeats> repeats_of(std::size_t point, const std::string& learner) const override {
    if (learner_index_.empty()) {  // built on first use: only a folder with a trajectory asks
      for (const PreparedPoint& p : e_.points) {
        for (std::size_t l = 0; l < p.learners.size(); ++l) {
          learner_index_[{p.sweep.index, p.learners[l].name}] = l;
        }
      }
    }
    const auto it = learner_index_.find({point, learner});
    if (it == learner_index_.end()) return std::nullopt;
    const PreparedPoint& p = e_.point(point);
    const auto repeats = static_cast<std::size_t>(p.config.repeats);
    return Repeats{p.first_run + it->second * repeats, repeats};
  }

 private:
  const Experiment& e_;
  mutable std::map<std::pair<std::size_t, std::string>, std::size_t> learner_index_;
};

}  // namespace

ResumeState prepare_resume(const fs::path& dir, const Experiment& e,
                           const boost::json::object& manifest) {
  check_resume_files(dir, e, manifest);
  return resume_records(dir, e, manifest);
}

ResumeState resume_records(const fs::path& dir, const Experiment& e,
                           const boost::json::object& manifest) {
  const RecordFields fields = manifest_fields(dir, manifest);
  ResumeState state;
  const RecordFields shard = fields.object("shard");
  state.shard.index = shard.count("index");
  state.shard.count = shard.count("count");
  if (state.shard.count == 0 || state.shard.index >= state.shard.count) {
    shard.fail("index", "is " + std::to_string(state.shard.index) + " of a count of " +
                            std::to_string(state.shard.count) +
                            "; expected an index I and a count N with 0 <= I < N");
  }
  const std::size_t first_run = shard.count("first_run");
  const std::size_t end_run = shard.count("end_run");
  const std::size_t runs_total = fields.count("runs_total");
  state.range = shard_range(e, state.shard);
  if (e.total_runs != runs_total) {
    throw ConfigError("cannot resume '" + dir.string() + "': the experiment now has " +
                      std::to_string(e.total_runs) + " runs, the folder was made for " +
                      std::to_string(runs_total));
  }
  if (state.range.begin != first_run || state.range.end != end_run) {
    throw ConfigError("cannot resume '" + dir.string() + "': shard " +
                      std::to_string(state.shard.index) + "/" + std::to_string(state.shard.count) +
                      " of this experiment holds runs [" + std::to_string(state.range.begin) +
                      ", " + std::to_string(state.range.end) + "), but " +
                      (dir / "manifest.json").string() + " says [" + std::to_string(first_run) +
                      ", " + std::to_string(end_run) +
                      ") (shard/first_run, shard/end_run): the manifest was edited or damaged");
  }
  if (fields.has("sessions")) {
    // The new manifest copies them, and takes its start time from the first.
    for (const RecordFields& session : fields.objects("sessions"))
      (void)session.string("start_time");
    state.sessions = fields.array("sessions");
  }
  const ExperimentOrder order(e);
  const std::size_t kept = keep_verified_runs(dir, state.range, order);
  state.next_run = state.range.begin + kept;
  state.notes = keep_timings(dir, state.range.begin, kept, order);
  keep_trajectory(dir, state.next_run, order);
  return state;
}

}  // namespace plab
