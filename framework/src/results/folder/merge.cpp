#include "results/folder/merge.hpp"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <utility>

#include <boost/json/object.hpp>

#include "base/input_file.hpp"
#include "base/interrupt.hpp"
#include "config/experiment_identity.hpp"
#include "error.hpp"
#include "results/folder/record_digest.hpp"
#include "results/folder/results_folder.hpp"
#include "results/folder/shard_files.hpp"
#include "results/folder/side_files.hpp"
#include "results/format/exact_json.hpp"
#include "results/format/json_text.hpp"
#include "results/format/manifest_reader.hpp"
#include "results/format/record_fields.hpp"
#include "results/format/run_record.hpp"
#include "results/format/runs_reader.hpp"

namespace plab {

namespace fs = std::filesystem;

namespace {

struct Shard {
  fs::path dir;
  boost::json::object manifest;
  std::size_t index = 0;
  std::size_t count = 0;
  std::size_t first_run = 0;
  std::size_t end_run = 0;
  SessionStatus status = SessionStatus::kRunning;
  FolderLock lock;  // shared: no plab may write the shard while it is merged
  // Checked reading: a hand-edited manifest is a data error naming the file and the field.
  RecordFields fields() const { return RecordFields(manifest, (dir / "manifest.json").string()); }
};

// The config without the keys that annotate it ("$schema", "tags", "note"): shards of one
// experiment may carry different tags and notes (config/experiment_identity.hpp).
boost::json::value config_identity(const boost::json::value& config) {
  boost::json::value identity = config;
  if (identity.is_object()) {
    for (const std::string_view key : kAnnotationKeys) identity.as_object().erase(key);
  }
  return identity;
}

// The merged folder's tags: every shard's, each once in shard order; its note: the shards'
// different notes, one paragraph each (a folder of an older plab has neither key).
void merge_annotations(boost::json::object& manifest,
                       const std::map<std::size_t, const Shard*>& shards) {
  boost::json::array tags;
  std::string note;
  std::vector<std::string> notes;
  for (const auto& [index, s] : shards) {
    if (const auto* t = s->manifest.if_contains("tags"); t && t->is_array()) {
      for (const auto& tag : t->get_array()) {
        if (tag.is_string() && std::find(tags.begin(), tags.end(), tag) == tags.end())
          tags.push_back(tag);
      }
    }
    if (const auto* n = s->manifest.if_contains("note"); n && n->is_string()) {
      const std::string text(n->get_string());
      if (std::find(notes.begin(), notes.end(), text) != notes.end()) continue;
      notes.push_back(text);
      note += (note.empty() ? "" : "\n\n") + text;
    }
  }
  manifest["tags"] = std::move(tags);
  manifest["note"] = note.empty() ? boost::json::value(nullptr) : boost::json::value(note);
}

// OUT must be a new folder: merging into a shard would lock it for writing while merge reads
// it, which the lock reports as another plab writing it.
void refuse_out_among_shards(const fs::path& out, const std::vector<fs::path>& dirs) {
  for (const fs::path& dir : dirs) {
    std::error_code ec;
    if (out.lexically_normal() == dir.lexically_normal() || fs::equivalent(out, dir, ec)) {
      throw UsageError("cannot merge: the output folder '" + out.string() +
                       "' is one of the shard folders; name a new folder for the merged results");
    }
  }
}

// path -> sha256 of every data file a shard's manifest records.
std::map<std::string, std::string> data_files_of(const Shard& s) {
  std::map<std::string, std::string> files;
  for (const RecordFields& f : s.fields().objects("data_files")) {
    files[f.string("path")] = f.string("sha256");
  }
  return files;
}

// Shards of one experiment must have read the same bytes: the config names a CSV by path, so
// a file changed between two shards' runs would otherwise join records of two data sets.
void check_same_data(const Shard& s, const Shard& first) {
  const auto mine = data_files_of(s);
  const auto theirs = data_files_of(first);
  std::map<std::string, std::string> all = mine;
  all.insert(theirs.begin(), theirs.end());
  for (const auto& [path, unused] : all) {
    const auto a = mine.find(path);
    const auto b = theirs.find(path);
    const std::string hash_a = a == mine.end() ? "(not recorded)" : a->second;
    const std::string hash_b = b == theirs.end() ? "(not recorded)" : b->second;
    if (hash_a != hash_b) {
      throw ConfigError("cannot merge: '" + s.dir.string() + "' and '" + first.dir.string() +
                        "' read different data: '" + path + "' has SHA-256 " + hash_a + " in '" +
                        s.dir.string() + "' and " + hash_b + " in '" + first.dir.string() +
                        "' (the file changed between the shards' runs)");
    }
  }
}

// plugin name -> its record in a shard's manifest (name, file, sha256).
std::map<std::string, RecordFields> plugins_of(const Shard& s) {
  std::map<std::string, RecordFields> plugins;
  for (const RecordFields& p : s.fields().objects("plugins")) plugins.emplace(p.string("name"), p);
  return plugins;
}

// Same plugins, by name, and the same files, by content (a rebuilt plugin may compute other
// numbers). Compared by name, not by position: the message names the plugin that differs.
void check_same_plugins(const Shard& s, const Shard& first) {
  const auto mine = plugins_of(s);
  const auto theirs = plugins_of(first);
  const std::string pair =
      "cannot merge: '" + s.dir.string() + "' and '" + first.dir.string() + "'";
  const auto only_in = [&](const auto& in, const auto& other, const Shard& holder,
                           const Shard& without) {
    for (const auto& [name, p] : in) {
      if (other.count(name) != 0) continue;
      throw ConfigError(pair + " ran different plugins: plugin '" + name + "' ('" +
                        p.string("file") + "') ran in '" + holder.dir.string() + "' but not in '" +
                        without.dir.string() + "' (the configs' learners differ)");
    }
  };
  only_in(mine, theirs, s, first);
  only_in(theirs, mine, first, s);
  for (const auto& [name, p] : mine) {
    const RecordFields& q = theirs.at(name);
    const std::string hash_a = p.string("sha256");
    const std::string hash_b = q.string("sha256");
    if (hash_a != hash_b) {
      throw ConfigError(pair + " ran different plugin files: plugin '" + name + "' ('" +
                        p.string("file") + "') has SHA-256 " + hash_a + " in '" + s.dir.string() +
                        "' and " + hash_b + " ('" + q.string("file") + "') in '" +
                        first.dir.string() + "'");
    }
  }
}

std::string expected_runs(std::size_t first, std::size_t end) {
  if (end <= first) return "no runs were expected (an empty shard)";
  if (end - first == 1) return "run " + std::to_string(first) + " was expected";
  return "runs " + std::to_string(first) + " to " + std::to_string(end - 1) + " were expected";
}

// The failed write's cause as the system gives it; the file size limit named as such (SIGXFSZ
// is ignored, so a write past `ulimit -f` fails with EFBIG), as export names it.
[[noreturn]] void throw_write_failed(const fs::path& target) {
  const int error = errno;
  throw WriteError("writing '" + target.string() + "' failed: " +
                   (error == EFBIG ? std::string("the file size limit (ulimit -f) was reached")
                                   : std::string(error != 0 ? std::strerror(error) : "I/O error")));
}

void append_file(std::FILE* out, std::FILE* in, const fs::path& target, const fs::path& merged) {
  char buffer[1 << 16];
  std::size_t got = 0;
  while ((got = std::fread(buffer, 1, sizeof buffer, in)) > 0) {
    stop_merge_if_interrupted(merged);
    if (std::fwrite(buffer, 1, got, out) != got) throw_write_failed(target);
  }
}

// The earliest start and the latest end of the shards (UTC "YYYY-MM-DDTHH:MM:SSZ" text sorts
// as time; a shard without an end time, if any, leaves the end null).
std::pair<boost::json::value, boost::json::value> time_span(
    const std::map<std::size_t, const Shard*>& shards) {
  boost::json::value start = nullptr;
  boost::json::value end = nullptr;
  bool every_end = true;
  for (const auto& [index, s] : shards) {
    const boost::json::string& begun = s->manifest.at("start_time").as_string();
    if (start.is_null() || begun < start.as_string()) start = begun;
    const boost::json::value& ended = s->manifest.at("end_time");
    if (!ended.is_string()) {
      every_end = false;
    } else if (end.is_null() || ended.as_string() > end.as_string()) {
      end = ended;
    }
  }
  return {start, every_end ? end : boost::json::value(nullptr)};
}

}  // namespace

// A signal stops the merge between two records read or two blocks written: OUT's hidden
// folder is then removed (staged_folder.hpp).
void stop_merge_if_interrupted(const fs::path& out) {
  throw_if_interrupted("merging the shards into '" + out.string() + "'",
                       "nothing was written (the partial folder is removed)");
}

MergeResult merge_shards(const fs::path& out, const std::vector<fs::path>& dirs,
                         const std::string& command_line) {
  if (dirs.empty()) throw UsageError("plab merge needs at least one shard folder");
  refuse_out_among_shards(out, dirs);
  std::vector<Shard> shards;
  for (const fs::path& dir : dirs) {
    Shard s;
    s.dir = dir;
    s.lock = FolderLock::shared_if_present(dir);
    s.manifest = read_manifest(dir);
    const RecordFields m = s.fields();
    const RecordFields shard = m.object("shard");
    s.index = shard.count("index");
    s.count = shard.count("count");
    s.first_run = shard.count("first_run");
    s.end_run = shard.count("end_run");
    // Every field merge reads or copies into OUT's manifest, checked before anything is written.
    m.count("runs_total");
    m.count("runs_failed");
    m.string("config_file");
    m.any("config");
    m.array("sessions");
    s.status = manifest_status(m);
    m.string("start_time");
    m.any("end_time");
    (void)m.objects("plugins");
    (void)data_files_of(s);
    // A FIFO or device where merge reads a file would block it or feed it endless bytes:
    // refused before anything is written (the shared reader's rule). runs.sha256 is only read
    // (OUT's chain is computed afresh); the files merge copies are opened as plab's own
    // (shard_files.hpp).
    refuse_irregular_side_files(dir);
    shards.push_back(std::move(s));
  }
  const Shard& first = shards.front();
  std::map<std::size_t, const Shard*> by_index;
  for (const Shard& s : shards) {
    check_same_plugins(s, first);
    if (config_identity(s.manifest.at("config")) != config_identity(first.manifest.at("config")) ||
        s.manifest.at("plugins") != first.manifest.at("plugins") ||
        s.manifest.at("runs_total") != first.manifest.at("runs_total") || s.count != first.count) {
      throw ConfigError("cannot merge: '" + s.dir.string() +
                        "' belongs to another experiment than '" + first.dir.string() +
                        "' (its resolved config, plugin files or shard count "
                        "differ)");
    }
    check_same_data(s, first);
    const auto version = [](const Shard& shard) {
      const auto* context = shard.manifest.if_contains("context");
      const auto* v = context != nullptr && context->is_object()
                          ? context->as_object().if_contains("plab_version")
                          : nullptr;
      return v != nullptr && v->is_string() ? std::string(v->as_string()) : "(unknown)";
    };
    if (version(s) != version(first)) {
      throw ConfigError("cannot merge: '" + s.dir.string() + "' was written by plab " + version(s) +
                        " and '" + first.dir.string() + "' by plab " + version(first) +
                        "; records of two versions are never mixed in one folder");
    }
    if (s.status != SessionStatus::kCompleted) {
      throw ResultsError("cannot merge: shard '" + s.dir.string() + "' is " +
                         status_name(s.status) + "; finish it first with: plab run --resume " +
                         s.dir.string());
    }
    const auto [it, inserted] = by_index.emplace(s.index, &s);
    if (!inserted) {
      throw ResultsError("cannot merge: '" + s.dir.string() + "' and '" + it->second->dir.string() +
                         "' are both shard " + std::to_string(s.index) + "/" +
                         std::to_string(s.count) + " (they overlap)");
    }
  }
  std::string missing;
  for (std::size_t i = 0; i < first.count; ++i) {
    if (by_index.count(i) == 0) missing += (missing.empty() ? "" : ", ") + std::to_string(i);
  }
  if (!missing.empty()) {
    throw ResultsError("cannot merge: shard" +
                       std::string(missing.find(',') == std::string::npos ? " " : "s ") + missing +
                       " of " + std::to_string(first.count) + " missing");
  }
  // Every shard must hold exactly its slice, and the slices must tile the run list.
  std::size_t expected_begin = 0;
  std::map<std::size_t, ShardFiles> files;  // each shard's, checked against its records
  for (const auto& [index, s] : by_index) {
    ShardFiles& checked = files.try_emplace(index, s->dir).first->second;
    std::size_t records = 0;
    const fs::path runs_file = s->dir / "runs.jsonl";
    // Every record is read and checked: a malformed one is named (file:line, field), not merged.
    const RunsFileInfo info =
        read_runs(runs_file, [&](const boost::json::object& record, std::size_t line) {
          stop_merge_if_interrupted(out);
          checked.check_run(
              read_run_record(record, runs_file.string() + ":" + std::to_string(line)), line);
          ++records;
        });
    if (s->first_run != expected_begin || s->end_run < s->first_run ||
        records != s->end_run - s->first_run || info.torn_tail) {
      throw ResultsError("cannot merge: shard '" + s->dir.string() + "' holds " +
                         std::to_string(records) + " runs where " +
                         expected_runs(s->first_run, s->end_run));
    }
    const ChainCheck chain = check_digest_chain(s->dir, records);
    if (chain.present && chain.verified != records) {
      throw ResultsError("cannot merge: shard '" + s->dir.string() + "' has " +
                         std::to_string(chain.verified) + " digests in " + kDigestFileName +
                         " for " + std::to_string(records) +
                         " records; the folder was changed after it was written");
    }
    checked.check_end(records);
    const bool trajectory = checked.has(ShardFiles::Name::kTrajectory);
    if (trajectory != files.begin()->second.has(ShardFiles::Name::kTrajectory)) {
      const Shard& with = trajectory ? *s : *by_index.begin()->second;
      const Shard& without = trajectory ? *by_index.begin()->second : *s;
      throw ResultsError("cannot merge: shard '" + without.dir.string() +
                         "' has no trajectory.jsonl where shard '" + with.dir.string() +
                         "' has one (the shards of one experiment write the same files); the "
                         "shard was edited or damaged; nothing was written");
    }
    expected_begin = s->end_run;
  }
  const auto total = first.manifest.at("runs_total").to_number<std::size_t>();
  if (expected_begin != total) {
    throw ResultsError("cannot merge: the shards cover " + std::to_string(expected_begin) + " of " +
                       std::to_string(total) + " runs");
  }

  auto folder = std::make_unique<StagedFolder>(out);
  const fs::path& dir = folder->path();
  // Each merged file is the shards' ones end to end, in shard order: runs.jsonl, then the files
  // checked line by line against it above (one absent from every shard is not written).
  for (const auto& [name, file] : {std::pair{"runs.jsonl", ShardFiles::Name::kRuns},
                                   std::pair{"timings.jsonl", ShardFiles::Name::kTimings},
                                   std::pair{"trajectory.jsonl", ShardFiles::Name::kTrajectory}}) {
    bool any = false;  // an empty shard may have no timings.jsonl
    for (const auto& [index, checked] : files) any = any || checked.has(file);
    if (!any) continue;
    const fs::path target = dir / name;
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> f(std::fopen(target.c_str(), "wb"),
                                                      &std::fclose);
    if (!f) throw WriteError("cannot write '" + target.string() + "'");
    for (const auto& [index, checked] : files) {
      if (const InputFile in = checked.reopen(file)) append_file(f.get(), in.get(), target, out);
    }
    if (std::fflush(f.get()) != 0) throw_write_failed(target);
  }
  write_digest_chain(dir);
  // Copied from the first shard's file with its doubles as written (exact_json.hpp): its
  // checked reading above may be a unit in the last place off.
  boost::json::object manifest = read_json_exactly(first.dir / "manifest.json").as_object();
  boost::json::array sessions;
  boost::json::array merged_from;
  std::size_t failed = 0;
  for (const auto& [index, s] : by_index) {
    for (const auto& session : s->manifest.at("sessions").as_array()) sessions.push_back(session);
    merged_from.emplace_back(s->dir.string());
    failed += s->manifest.at("runs_failed").to_number<std::size_t>();
  }
  sessions.push_back(
      boost::json::object{{"command_line", command_line},
                          {"start_time", utc_timestamp(std::chrono::system_clock::now())},
                          {"status", "merged"}});
  manifest["shard"] =
      boost::json::object{{"index", 0}, {"count", 1}, {"first_run", 0}, {"end_run", total}};
  manifest["sessions"] = std::move(sessions);
  manifest["merged_from"] = std::move(merged_from);
  // Each shard's slice, so that `plab verify` checks they tile the run range (docs/verify.md),
  // and where and when it ran: the host and scheduler ids of the session that finished it.
  boost::json::array merged_shards;
  for (const auto& [index, s] : by_index) {
    boost::json::object entry{{"index", s->index},
                              {"count", s->count},
                              {"first_run", s->first_run},
                              {"end_run", s->end_run},
                              {"start_time", s->manifest.at("start_time")},
                              {"end_time", s->manifest.at("end_time")}};
    const boost::json::array& shard_sessions = s->manifest.at("sessions").as_array();
    if (!shard_sessions.empty() && shard_sessions.back().is_object()) {
      for (const char* key : {"host", "scheduler"}) {
        if (const auto* v = shard_sessions.back().as_object().if_contains(key)) entry[key] = *v;
      }
    }
    merged_shards.push_back(std::move(entry));
  }
  manifest["merged_shards"] = std::move(merged_shards);
  merge_annotations(manifest, by_index);
  // The experiment ran from the first shard's start to the last shard's end.
  const auto [start, end] = time_span(by_index);
  manifest["start_time"] = start;
  manifest["end_time"] = end;
  manifest["runs_written"] = total;
  manifest["runs_failed"] = failed;
  manifest["status"] = status_name(SessionStatus::kCompleted);
  if (manifest.contains("points_listed")) {  // a large sweep: its points stay unlisted
    manifest["points_listed"] = "only the points of the runs of shard '" + first.dir.string() +
                                "'; point i's values are its digits of i in mixed radix over "
                                "the axes of config.sweep";
  }
  std::string text;
  append_json(text, manifest);
  write_file_atomically(dir / "manifest.json", text + "\n");
  return MergeResult{total, shards.size(), std::move(folder)};
}

}  // namespace plab
