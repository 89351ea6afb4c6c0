#include "session/replay.hpp"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <fstream>
#include <limits>
#include <map>
#include <new>
#include <set>
#include <stdexcept>
#include <utility>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "base/input_file.hpp"
#include "base/random.hpp"
#include "base/thread_start.hpp"
#include "build_info.hpp"
#include "error.hpp"
#include "results/format/manifest_reader.hpp"
#include "results/format/record_fields.hpp"
#include "results/format/runs_reader.hpp"
#include "run/experiment.hpp"
#include "run/parallel_runner.hpp"
#include "run/record_builder.hpp"
#include "run/recorded_plugins.hpp"
#include "run/resume_check.hpp"

namespace plab {

namespace {

// Another build may format or compute differently: the claim is that one build repeats itself.
void require_same_plab_version(const std::filesystem::path& dir, const RecordFields& manifest) {
  const RecordFields context = manifest.object("context");
  const std::string written = context.string("plab_version");
  if (written != build_info::kVersion) {
    throw ConfigError("cannot replay '" + dir.string() + "': it was written by plab " + written +
                      " and this is plab " + build_info::kVersion +
                      "; a replay checks that one build repeats its records: replay with plab " +
                      written + " (plab verify without --replay recomputes it with any version)");
  }
}

// Runs the runs of `batch` (line, recorded text) on `threads` threads; their records, in order.
std::vector<RunText> replay_batch(const Experiment& e, std::size_t first_run,
                                  const std::vector<std::pair<std::size_t, std::string>>& batch,
                                  int threads) {
  std::vector<RunText> records(batch.size());
  std::string error;
  bool out_of_memory = false;
  const auto n = static_cast<long long>(batch.size());
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
  for (long long i = 0; i < n; ++i) {
    // Nothing may leave an OpenMP region by exception.
    try {
      const auto at = static_cast<std::size_t>(i);
      records[at] = execute_one(e, first_run + batch[at].first - 1);
    } catch (const std::bad_alloc&) {
#pragma omp critical(plab_replay_error)
      out_of_memory = true;
    } catch (const std::exception& ex) {
#pragma omp critical(plab_replay_error)
      if (error.empty()) error = ex.what();
    }
  }
  if (out_of_memory) {
    throw WriteError(
        "out of memory while replaying records (plab verify --replay); no verdict was given: "
        "free memory and run plab verify again");
  }
  if (!error.empty()) throw std::runtime_error(error);
  return records;
}

// The recorded trajectory.jsonl lines of some runs, by the run's line prefix
// (trajectory_prefix): its first line number and its lines, '\n' included.
struct RecordedTrajectory {
  std::size_t first_line = 0;
  std::string lines;
};

std::map<std::string, RecordedTrajectory> recorded_trajectories(
    const std::filesystem::path& file, const std::set<std::string>& prefixes) {
  std::map<std::string, RecordedTrajectory> out;
  refuse_irregular_input(file);
  std::ifstream in(file, std::ios::binary);
  std::string line;
  std::size_t number = 0;
  while (std::getline(in, line)) {
    ++number;
    const std::size_t end = line.find(",\"epoch\"");
    if (end == std::string::npos) continue;
    const std::string prefix = line.substr(0, end);
    if (!prefixes.contains(prefix)) continue;
    RecordedTrajectory& t = out[prefix];
    if (t.lines.empty()) t.first_line = number;
    t.lines += line + "\n";
  }
  return out;
}

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t end = std::min(text.find('\n', at), text.size());
    lines.push_back(text.substr(at, end - at));
    at = end + 1;
  }
  return lines;
}

// The first line of a replayed run's trajectory that differs from the recorded one.
void name_trajectory_difference(const std::filesystem::path& file, const std::string& prefix,
                                const RecordedTrajectory& recorded, const std::string& replayed,
                                AuditReport& report) {
  const std::vector<std::string> a = split_lines(recorded.lines);
  const std::vector<std::string> b = split_lines(replayed);
  std::size_t line = 0;
  while (line < a.size() && line < b.size() && a[line] == b[line]) ++line;
  const std::string where =
      a.empty() ? file.string()
                : file.string() + ":" +
                      std::to_string(recorded.first_line + std::min(line, a.size() - 1));
  report.differ(where,
                "(the trajectory of " + prefix + "}, its line " + std::to_string(line + 1) + ")",
                line < a.size() ? a[line].c_str() : "(absent)",
                line < b.size() ? b[line].c_str() : "(absent)", "replayed");
}

// The first field (in the recorded order) whose value differs, as the report names it.
void name_first_difference(const std::string& where, const std::string& recorded,
                           const std::string& replayed, AuditReport& report) {
  boost::system::error_code error;
  const boost::json::value a = boost::json::parse(recorded, error);
  const boost::json::value b = boost::json::parse(replayed, error);
  if (a.is_object() && b.is_object()) {
    const boost::json::object& r = a.as_object();
    const boost::json::object& p = b.as_object();
    for (const auto& field : r) {
      const auto* other = p.if_contains(field.key());
      if (other == nullptr ||
          boost::json::serialize(*other) != boost::json::serialize(field.value())) {
        report.differ(where, field.key(), field.value(),
                      other ? *other : boost::json::value("(absent)"), "replayed");
        return;
      }
    }
    for (const auto& field : p) {
      if (!r.contains(field.key())) {
        report.differ(where, field.key(), "(absent)", field.value(), "replayed");
        return;
      }
    }
  }
  report.differ(where, "(the line's bytes)", recorded.c_str(), replayed.c_str(), "replayed");
}

}  // namespace

std::optional<std::size_t> parse_replay_count(const std::string& text) {
  if (text == "all") return std::nullopt;
  std::size_t k = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), k);
  if (error == std::errc::result_out_of_range && end == text.data() + text.size()) {
    // Digits beyond a 64-bit count: a number, but more records than any folder holds.
    throw UsageError("--replay '" + text +
                     "' is larger than any number of records a folder can hold (at most " +
                     std::to_string(std::numeric_limits<std::size_t>::max()) +
                     "): give at most the number of records in DIR/runs.jsonl, or 'all'");
  }
  if (error != std::errc() || end != text.data() + text.size() || k == 0) {
    throw UsageError("--replay '" + text +
                     "' is not a number of records: give a count of at least 1, or 'all'");
  }
  return k;
}

std::vector<std::size_t> replay_lines(std::uint64_t seed, std::size_t records, std::size_t k) {
  PLAB_CHECK(k <= records);
  // Floyd's sampling: k distinct numbers of [0, records) in O(k) draws, however many records.
  Rng rng(derive_seed(seed, 0, 0, StreamPurpose::kReplay));
  std::set<std::size_t> chosen;
  for (std::size_t j = records - k; j < records; ++j) {
    const auto t = static_cast<std::size_t>(rng.below(j + 1));
    chosen.insert(chosen.contains(t) ? j : t);
  }
  std::vector<std::size_t> lines;
  lines.reserve(chosen.size());
  for (std::size_t i : chosen) lines.push_back(i + 1);
  return lines;
}

ReplayResult replay_records(const std::filesystem::path& dir, const boost::json::object& manifest,
                            const ReplayRequest& request, AuditReport& report) {
  const std::filesystem::path runs_file = dir / "runs.jsonl";
  const RecordFields m(manifest, (dir / "manifest.json").string());
  ReplayResult result;
  result.records = read_runs(runs_file, [](const boost::json::object&, std::size_t) {}).records;
  const std::size_t k = request.count.value_or(result.records);
  if (k > result.records) {
    throw UsageError("--replay " + std::to_string(k) + " asks for more records than the " +
                     std::to_string(result.records) + " in " + runs_file.string() +
                     "; give at most " + std::to_string(result.records) + ", or 'all'");
  }
  if (k == 0) return result;  // `all` of an empty folder: nothing to run
  require_same_plab_version(dir, m);
  // Without --plugin-dir, the recorded files, found and checked before any is loaded.
  const std::vector<std::filesystem::path> plugin_dirs =
      request.plugin_dirs.empty() ? recorded_plugin_dirs(dir, manifest) : request.plugin_dirs;
  Experiment e = prepare_experiment(source_from_manifest(dir, manifest), {plugin_dirs});
  // Every plugin the replay loaded must be the file the records came from.
  if (const auto mismatch = first_plugin_mismatch(dir, e, manifest)) {
    throw PluginError("cannot replay: plugin '" + mismatch->name + "' (" + mismatch->path +
                      ") is not the file the records came from (" + mismatch->shown() +
                      "); give the recorded build with --plugin-dir");
  }
  const RecordFields shard = m.object("shard");
  const std::size_t first_run = shard.count("first_run");
  const std::size_t end_run = shard.count("end_run");
  if (e.total_runs != m.count("runs_total") || end_run > e.total_runs || first_run > end_run) {
    throw ConfigError("cannot replay '" + dir.string() + "': its recorded config makes " +
                      std::to_string(e.total_runs) + " runs, but the manifest says runs_total " +
                      std::to_string(m.count("runs_total")) + " and shard runs [" +
                      std::to_string(first_run) + ", " + std::to_string(end_run) + ")");
  }
  const std::uint64_t seed = e.points.front().config.seed;
  prepare_window(e, first_run, end_run, {plugin_dirs});
  const ThreadStart started = start_worker_threads(request.threads);
  if (!started.note.empty()) std::fprintf(stderr, "plab: note: %s\n", started.note.c_str());
  const std::vector<std::size_t> lines = replay_lines(seed, result.records, k);
  // The trajectories of the runs replayed, compared line for line too.
  const std::filesystem::path trajectory_file = dir / "trajectory.jsonl";
  std::map<std::string, RecordedTrajectory> trajectories;
  if (std::filesystem::exists(trajectory_file)) {
    std::set<std::string> prefixes;
    for (std::size_t line : lines) {
      const std::size_t index = first_run + line - 1;
      if (index < end_run) prefixes.insert(trajectory_prefix(e, e.locate(index)));
    }
    trajectories = recorded_trajectories(trajectory_file, prefixes);
  }
  // In batches, so that memory does not grow with the folder.
  constexpr std::size_t kBatch = 4096;
  std::ifstream in(runs_file, std::ios::binary);
  std::string text;
  std::size_t number = 0;
  auto wanted = lines.begin();
  std::vector<std::pair<std::size_t, std::string>> batch;
  const auto flush = [&] {
    const std::vector<RunText> replayed = replay_batch(e, first_run, batch, started.threads);
    for (std::size_t i = 0; i < batch.size(); ++i) {
      const std::size_t line = batch[i].first;
      const std::string& recorded = batch[i].second;
      ++result.replayed;
      result.lines.push_back(line);
      bool same = true;
      if (!replayed[i].trajectory.empty() || !trajectories.empty()) {
        const std::string prefix = trajectory_prefix(e, e.locate(first_run + line - 1));
        const auto it = trajectories.find(prefix);
        const RecordedTrajectory none;
        const RecordedTrajectory& t = it == trajectories.end() ? none : it->second;
        if (t.lines != replayed[i].trajectory) {
          same = false;
          name_trajectory_difference(trajectory_file, prefix, t, replayed[i].trajectory, report);
        }
      }
      if (replayed[i].record == recorded + "\n") {
        result.matched += same ? 1 : 0;
        continue;
      }
      std::string without_newline = replayed[i].record;
      if (!without_newline.empty() && without_newline.back() == '\n') without_newline.pop_back();
      name_first_difference(runs_file.string() + ":" + std::to_string(line), recorded,
                            without_newline, report);
    }
    batch.clear();
  };
  while (wanted != lines.end() && std::getline(in, text)) {
    if (++number != *wanted) continue;
    ++wanted;
    // More records than the shard holds: the folder audit says so.
    if (first_run + number - 1 >= end_run) break;
    batch.emplace_back(number, std::move(text));
    text.clear();  // a moved-from string, valid but unspecified: getline refills it
    if (batch.size() == kBatch) flush();
  }
  flush();
  return result;
}

}  // namespace plab
