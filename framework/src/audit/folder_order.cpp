#include "audit/folder_order.hpp"

#include <algorithm>
#include <fstream>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "error.hpp"
#include "results/folder/run_timing.hpp"
#include "results/folder/trajectory_line.hpp"
#include "results/format/manifest.hpp"
#include "results/format/record_fields.hpp"
#include "results/format/run_record.hpp"
#include "results/format/runs_reader.hpp"

namespace plab {

namespace {

const char* const kIdentity = "(point, learner, repeat)";

struct RunKey {
  std::size_t point = 0;
  std::string learner;
  std::size_t repeat = 0;
  bool operator==(const RunKey&) const = default;
};

boost::json::value key_json(const RunKey& k) {
  return boost::json::array{k.point, k.learner.c_str(), k.repeat};
}

// Which run each canonical index is, as far as the manifest tells: every point listed (a
// sweep of up to kMaxListedPoints), or a large sweep whose points all make the runs of the
// first listed one (experiment.hpp).
class CanonicalLayout {
 public:
  CanonicalLayout(const std::map<std::size_t, AuditedPoint>& points, bool large_sweep)
      : points_(points), large_(large_sweep) {
    std::size_t run = 0;
    std::size_t expected_index = 0;
    for (const auto& entry : points) {
      complete_ = complete_ && entry.first == expected_index++;
      firsts_.push_back(run);
      run += runs_of(entry.second);
    }
    complete_ = complete_ && !points.empty();
  }

  std::optional<RunKey> at(std::size_t run) const {
    if (large_ && !points_.empty()) {
      const AuditedPoint& p = points_.begin()->second;
      const std::size_t per_point = runs_of(p);
      if (per_point == 0) return std::nullopt;
      return key_within(run / per_point, p, run % per_point);
    }
    if (!complete_) return std::nullopt;
    const auto it = std::upper_bound(firsts_.begin(), firsts_.end(), run);
    const auto point = static_cast<std::size_t>(it - firsts_.begin()) - 1;
    const AuditedPoint& p = points_.at(point);
    if (run - firsts_[point] >= runs_of(p)) return std::nullopt;  // past the last run
    return key_within(point, p, run - firsts_[point]);
  }

  // The learner's place in its point's config, if the manifest lists that point (a large
  // sweep: any point's, all have the same learners).
  std::optional<std::size_t> learner_position(const RunKey& k) const {
    auto it = points_.find(k.point);
    if (it == points_.end() && large_ && !points_.empty()) it = points_.begin();
    if (it == points_.end()) return std::nullopt;
    const auto& order = it->second.learner_order;
    const auto found = std::find(order.begin(), order.end(), k.learner);
    if (found == order.end()) return std::nullopt;
    return static_cast<std::size_t>(found - order.begin());
  }

  // a strictly before b in canonical order; nullopt when the manifest cannot tell.
  std::optional<bool> before(const RunKey& a, const RunKey& b) const {
    if (a.point != b.point) return a.point < b.point;
    if (a.learner == b.learner) return a.repeat < b.repeat;
    const auto pa = learner_position(a);
    const auto pb = learner_position(b);
    if (!pa || !pb) return std::nullopt;
    return *pa < *pb;
  }

 private:
  static std::size_t runs_of(const AuditedPoint& p) {
    return p.learner_order.size() *
           static_cast<std::size_t>(std::max<std::int64_t>(p.config.repeats, 0));
  }
  static RunKey key_within(std::size_t point, const AuditedPoint& p, std::size_t within) {
    const auto repeats = static_cast<std::size_t>(p.config.repeats);
    return RunKey{point, p.learner_order[within / repeats], within % repeats};
  }

  const std::map<std::size_t, AuditedPoint>& points_;
  bool large_;
  bool complete_ = true;
  std::vector<std::size_t> firsts_;  // canonical index of each point's first run
};

// trajectory.jsonl of a completed folder, when its runs wrote one: each line an update of a
// run of runs.jsonl, a run's lines together and the runs in runs.jsonl's order, as merge and
// --resume read them (results/folder/trajectory_line.hpp). The first line that is not is a
// difference; the updates' values are compared by a replay only. A folder still being written
// (or killed) may end in a torn line that --resume cuts: not judged.
class TrajectoryCheck {
 public:
  TrajectoryCheck(std::filesystem::path file, bool completed, AuditReport& report)
      : file_(std::move(file)), report_(report) {
    if (completed) in_.open(file_, std::ios::binary);
    if (in_) advance();
  }

  // The record `key` comes next in runs.jsonl: its lines are passed.
  void record(const RunKey& key) {
    while (pending_ && *pending_ == key) advance();
  }

  // After the last record: a line left belongs to no record in runs.jsonl's order.
  void finish() {
    if (!pending_) return;
    report_.differ(where(),
                   std::string(kIdentity) +
                       " (a trajectory line of no run of runs.jsonl, or out of its order)",
                   key_json(*pending_), nullptr);
  }

 private:
  std::string where() const { return file_.string() + ":" + std::to_string(line_); }

  void advance() {
    pending_.reset();
    std::string text;
    if (!read_bounded_line(in_, text, file_, line_ + 1)) return;
    ++line_;
    std::optional<TrajectoryRun> run;
    try {
      run = read_trajectory_run(text, where());
    } catch (const DataError&) {  // an object without its run's identity
    }
    if (!run) {
      report_.differ(where(), "(the line)", text.c_str(),
                     "a trajectory line as plab writes it: a JSON object of point, learner, "
                     "repeat, epoch, sample and w");
      return;
    }
    pending_ = RunKey{run->point, run->learner, run->repeat};
  }

  std::filesystem::path file_;
  AuditReport& report_;
  std::ifstream in_;
  std::size_t line_ = 0;
  std::optional<RunKey> pending_;
};

// runs.jsonl in canonical order, each run once, the shard's runs from its first; and
// timings.jsonl (and trajectory.jsonl) line for line the same runs.
void check_records(const std::filesystem::path& dir, const RecordFields& manifest,
                   const CanonicalLayout& layout, AuditReport& report) {
  const std::filesystem::path runs_file = dir / "runs.jsonl";
  const std::filesystem::path timings_file = dir / "timings.jsonl";
  const std::size_t first_run = manifest.object("shard").count("first_run");
  // plab flushes timings.jsonl before runs.jsonl: a killed run may leave either file a few
  // lines ahead (plab run --resume evens them out); only a completed folder must match whole.
  // A word plab does not write is not refused here: the folder audit lists it.
  const bool completed =
      parse_session_status(manifest.string("status")) == SessionStatus::kCompleted;
  TrajectoryCheck trajectory(dir / "trajectory.jsonl", completed, report);
  std::ifstream timings(timings_file, std::ios::binary);
  const bool have_timings = static_cast<bool>(timings);
  bool timings_differ = false;
  std::optional<RunKey> previous;
  std::size_t records = 0;
  read_runs(runs_file, [&](const boost::json::object& object, std::size_t line) {
    ++records;
    const std::string where = runs_file.string() + ":" + std::to_string(line);
    const RunRecord r = read_run_record(object, where);  // checked, as every reader of records
    const RunKey key{r.point, r.learner, r.repeat};
    const std::optional<RunKey> expected = layout.at(first_run + line - 1);
    if (previous && key == *previous) {
      report.differ(
          where, std::string(kIdentity) + " (a duplicate of line " + std::to_string(line - 1) + ")",
          key_json(key), expected ? key_json(*expected) : "a run not yet recorded");
    } else if (previous && !layout.before(*previous, key).value_or(true)) {
      report.differ(where,
                    std::string(kIdentity) + " (not in canonical order: line " +
                        std::to_string(line - 1) + " holds " +
                        boost::json::serialize(key_json(*previous)) + ")",
                    key_json(key), expected ? key_json(*expected) : "a later run");
    } else if (expected && key != *expected) {
      report.differ(where,
                    std::string(kIdentity) + " (canonical run " +
                        std::to_string(first_run + line - 1) + " of the shard's range)",
                    key_json(key), key_json(*expected));
    }
    previous = key;
    trajectory.record(key);
    if (!have_timings || timings_differ) return;
    std::string text;
    const std::string timing_where = timings_file.string() + ":" + std::to_string(line);
    if (!read_bounded_line(timings, text, timings_file, line)) {
      timings_differ = true;
      if (!completed) return;
      report.differ(timing_where,
                    std::string(kIdentity) + " (timings.jsonl ends before runs.jsonl)", nullptr,
                    key_json(key));
      return;
    }
    // A line plab could not have written (not JSON, a key missing, seconds negative or of
    // the wrong type) is as inconsistent as one out of step (results/folder/run_timing.hpp).
    const std::optional<RunTiming> timing = read_timing(text);
    if (!timing) {
      timings_differ = true;
      report.differ(timing_where, "(the line)", text.c_str(),
                    "a timing line as plab writes it: point, learner, repeat, and seconds and "
                    "train_seconds each null or a finite number >= 0");
      return;
    }
    const RunKey timed{timing->point, timing->learner, timing->repeat};
    if (timed != key) {
      timings_differ = true;
      report.differ(timing_where,
                    std::string(kIdentity) +
                        " (timings.jsonl out of step with runs.jsonl:" + std::to_string(line) + ")",
                    key_json(timed), key_json(key));
    }
  });
  trajectory.finish();
  if (records == 0 || timings_differ || !completed) return;
  if (!have_timings) {
    report.differ(
        timings_file.string(), "(the file)", nullptr,
        ("a timing line for each of the " + std::to_string(records) + " records").c_str());
    return;
  }
  // Lines past the records: timings of runs that runs.jsonl does not hold.
  std::string text;
  std::size_t extra = 0;
  for (std::size_t line = records + 1; read_bounded_line(timings, text, timings_file, line); ++line)
    extra += !text.empty();
  if (extra > 0) {
    report.differ(timings_file.string() + ":" + std::to_string(records + 1),
                  std::string(kIdentity) + " (timings.jsonl goes on past runs.jsonl's last record)",
                  static_cast<std::uint64_t>(records + extra), static_cast<std::uint64_t>(records));
  }
}

// A merged folder: its shards (merge.cpp records them) tile runs [0, runs_total) in order.
void check_shard_coverage(const std::filesystem::path& dir, const RecordFields& manifest,
                          AuditReport& report) {
  if (!manifest.has("merged_shards")) return;
  const std::string where = (dir / "manifest.json").string();
  const std::vector<RecordFields> shards = manifest.objects("merged_shards");
  const std::size_t total = manifest.count("runs_total");
  std::size_t covered = 0;
  for (std::size_t i = 0; i < shards.size(); ++i) {
    const std::string name = "merged_shards/" + std::to_string(i) + "/";
    const RecordFields& s = shards[i];
    if (s.count("index") != i) report.differ(where, name + "index", s.any("index"), i);
    if (s.count("count") != shards.size())
      report.differ(where, name + "count", s.any("count"), shards.size());
    const std::size_t first = s.count("first_run");
    const std::size_t end = s.count("end_run");
    if (first != covered) {
      report.differ(where,
                    name + "first_run (" +
                        (first < covered ? "overlaps the shard before" : "leaves a gap after it") +
                        ")",
                    s.any("first_run"), covered);
    }
    if (end < first) {
      report.differ(where, name + "end_run (before its first_run)", s.any("end_run"), first);
    }
    covered = std::max(first, end);
  }
  if (covered != total) {
    report.differ(where,
                  "merged_shards (the shards cover runs [0, " + std::to_string(covered) + "))",
                  static_cast<std::uint64_t>(covered), static_cast<std::uint64_t>(total));
  }
}

}  // namespace

void audit_folder_order(const std::filesystem::path& dir, const boost::json::object& manifest,
                        const std::map<std::size_t, AuditedPoint>& points, bool large_sweep,
                        AuditReport& report) {
  const RecordFields m(manifest, (dir / "manifest.json").string());
  check_shard_coverage(dir, m, report);
  check_records(dir, m, CanonicalLayout(points, large_sweep), report);
}

}  // namespace plab
