#include "results/export/export_source.hpp"

#include <algorithm>
#include <cstring>
#include <set>
#include <string>
#include <vector>

#include "base/file_hash.hpp"
#include "base/interrupt.hpp"
#include "config/experiment_identity.hpp"
#include "error.hpp"
#include "results/folder/record_digest.hpp"
#include "results/format/exact_json.hpp"
#include "results/format/json_text.hpp"
#include "results/format/manifest_reader.hpp"
#include "results/format/run_record.hpp"
#include "results/format/runs_reader.hpp"

namespace plab {

namespace fs = std::filesystem;

namespace {

// A point's seed as exact decimal text (a seed is any 64-bit unsigned integer).
std::string seed_text(const RecordFields& point) {
  const boost::json::value& v = point.any("seed");
  if (v.is_uint64()) return std::to_string(v.as_uint64());
  if (v.is_int64() && v.as_int64() >= 0) return std::to_string(v.as_int64());
  point.wrong("seed", v, "a seed (an integer from 0 to 2^64-1)");
}

std::string identity_of(const RecordFields& m) {
  std::vector<std::string> plugins;
  for (const RecordFields& p : m.objects("plugins"))
    plugins.push_back(p.string("name") + " " + p.string("sha256"));
  std::vector<std::string> data;
  for (const RecordFields& d : m.objects("data_files")) {
    (void)d.string("path");  // a NOT NULL column of data_files
    data.push_back(d.string("sha256"));
  }
  return experiment_identity_sha256(m.any("config"), m.object("context").string("plab_version"),
                                    std::move(plugins), std::move(data));
}

}  // namespace

// A shard and the folder merged from it agree on all of these (plab merge checks it), and so
// does a rerun that makes the same records.
std::string experiment_identity_sha256(const boost::json::value& config,
                                       const std::string& plab_version,
                                       std::vector<std::string> plugins,
                                       std::vector<std::string> data_sha256) {
  boost::json::value identity = config;
  if (identity.is_object()) {
    for (const std::string_view key : kAnnotationKeys) identity.as_object().erase(key);
  }
  std::sort(plugins.begin(), plugins.end());
  std::sort(data_sha256.begin(), data_sha256.end());
  Sha256 hash;
  hash.update(to_json_text(identity));
  hash.update("\nplab " + plab_version + "\nplugins");
  for (const std::string& p : plugins) hash.update(" " + p);
  hash.update("\ndata");
  for (const std::string& d : data_sha256) hash.update(" " + d);
  return hash.finish();
}

// A signal asked plab to stop: the transaction is rolled back by the caller.
void stop_export_if_interrupted(const fs::path& db) {
  if (!interrupt_requested()) return;
  const int signal = interrupt_signal();
  throw InterruptedError("interrupted by signal " + std::to_string(signal) + " (" +
                             ::strsignal(signal) + ") during plab export; '" + db.string() +
                             "' is as it was before (nothing of this export was written)",
                         interrupted_exit_code(signal));
}

CheckedFolder read_checked_folder(const fs::path& dir, const fs::path& db) {
  CheckedFolder f;
  // Refuses what is not a results folder, and names a FIFO, device or folder at its files.
  (void)read_manifest(dir);
  // Read again with every double correctly rounded: the export copies its numbers.
  boost::json::value exact = read_json_exactly(dir / "manifest.json");
  if (!exact.is_object())
    throw ResultsError("'" + (dir / "manifest.json").string() + "' changed while it was read");
  f.manifest = std::move(exact.as_object());
  const RecordFields m = manifest_fields(dir, f.manifest);
  const SessionStatus status = manifest_status(m);
  if (status != SessionStatus::kCompleted) {
    throw ResultsError("cannot export '" + dir.string() + "': it is " + status_name(status) +
                       "; finish it first with: plab run --resume " + dir.string());
  }
  // Every manifest field the export reads, checked here: a damaged manifest is named.
  // The name is written twice; the config's copy is covered by config_identity_sha256, which
  // --resume and verify check, and the top-level one must be the same (docs/sqlite.md).
  if (m.string("name") != m.object("config").string("name")) {
    throw ResultsError("cannot export '" + dir.string() + "': its manifest.json's \"name\" '" +
                       m.string("name") + "' is not its config's name '" +
                       m.object("config").string("name") +
                       "' (the manifest was edited); run plab verify " + dir.string());
  }
  (void)m.count("runs_total");
  const RecordFields shard = m.object("shard");
  (void)shard.count("index");
  (void)shard.count("count");
  f.first_run = shard.count("first_run");
  f.end_run = shard.count("end_run");
  for (const RecordFields& p : m.objects("points")) {
    const std::size_t index = p.count("index");
    if (!f.seed_of_point.emplace(index, seed_text(p)).second)
      p.fail("index", "repeats point " + std::to_string(index));
    if (p.has("dataset")) (void)p.object("dataset");
    std::set<std::string> learners;
    for (const RecordFields& l : p.objects("learners")) {
      if (!learners.insert(l.string("name")).second)
        l.fail("name",
               "repeats learner '" + l.string("name") + "' of point " + std::to_string(index));
    }
  }
  f.identity_sha256 = identity_of(m);
  const fs::path runs_file = dir / "runs.jsonl";
  // Checked here, read again when written: memory does not grow with the folder.
  const RunsFileInfo info = read_runs(runs_file, [&](const boost::json::object& record,
                                                     std::size_t line) {
    stop_export_if_interrupted(db);
    const std::string where = runs_file.string() + ":" + std::to_string(line);
    const RunRecord r = read_run_record(record, where);
    if (f.seed_of_point.count(r.point) == 0) {
      throw ResultsError("cannot export '" + dir.string() + "': " + where +
                         " is a run of sweep point " + std::to_string(r.point) +
                         ", which manifest.json does not list; run plab verify " + dir.string());
    }
  });
  f.records = info.records;
  const ChainCheck chain = check_digest_chain(dir, f.records);
  if (!chain.present || chain.verified != f.records || info.torn_tail || f.end_run < f.first_run ||
      f.records != f.end_run - f.first_run) {
    const std::string torn = info.torn_tail
                                 ? "; " + runs_file.string() + ":" + std::to_string(f.records + 1) +
                                       " is a torn last line (a run cut off mid-write)"
                                 : "";
    // Every complete record is one plab wrote: --resume cuts the torn line off and runs again
    // what is missing, as after a kill.
    const bool resumable = info.torn_tail && chain.present && chain.verified == f.records &&
                           f.end_run >= f.first_run && f.records <= f.end_run - f.first_run;
    throw ResultsError("cannot export '" + dir.string() + "': its " + std::to_string(f.records) +
                       " records are not all the ones plab wrote (runs.sha256 verifies " +
                       std::to_string(chain.verified) + "; the manifest says " +
                       std::to_string(f.end_run - std::min(f.first_run, f.end_run)) + torn + "); " +
                       (resumable ? "plab run --resume " + dir.string() +
                                        " cuts it off and finishes the folder, then export it"
                                  : "run plab verify " + dir.string()));
  }
  Sha256 config_hash;
  config_hash.update(to_json_text(m.any("config")));
  f.config_sha256 = config_hash.finish();
  f.records_sha256 = sha256_file(runs_file);
  return f;
}

}  // namespace plab
