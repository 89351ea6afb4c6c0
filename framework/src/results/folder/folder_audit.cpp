#include "results/folder/folder_audit.hpp"

#include <algorithm>
#include <cstdio>
#include <memory>

#include "base/input_file.hpp"
#include "error.hpp"
#include "results/folder/record_digest.hpp"

#include "results/format/record_fields.hpp"

namespace plab {

namespace {

std::string runs(std::size_t n) { return std::to_string(n) + (n == 1 ? " run" : " runs"); }

}  // namespace

std::string FolderAudit::runs_line() const {
  std::string line = std::to_string(records) + (records == 1 ? " record" : " records") +
                     " on disk of the " + std::to_string(announced) + " the manifest announces";
  if (announced != runs_total) line += " (a shard of " + runs(runs_total) + ")";
  return line + "; status " + status_word;
}

std::string FolderAudit::partial_headline(const std::filesystem::path& dir) const {
  if (!partial()) return "";
  const std::string folder = "'" + dir.string() + "'";
  if (shard_count > 1) {
    std::string text = "Partial results: " + folder + " is shard " + std::to_string(shard_index) +
                       " of " + std::to_string(shard_count) + " of the experiment: it holds " +
                       std::to_string(records) + " of its " + runs(runs_total);
    if (records < announced)
      text += " (" + std::to_string(records) + " of its own " + runs(announced) + ", status " +
              status_word + "; plab run --resume " + dir.string() + " finishes it)";
    return text +
           ". Every statistic below is of those runs only. For the whole experiment, merge the "
           "shards first: plab merge OUT SHARD_DIR..., then plab report OUT.";
  }
  return "Partial results: " + folder + " holds " + std::to_string(records) + " of the " +
         "experiment's " + runs(runs_total) + " (status " + status_word +
         "). Every statistic below is of those runs only; plab run --resume " + dir.string() +
         " finishes the experiment, then plab report " + dir.string() + " reports the whole.";
}

std::string FolderAudit::partial_mark() const {
  if (!partial()) return "";
  return " (partial: " +
         (shard_count > 1
              ? "shard " + std::to_string(shard_index) + " of " + std::to_string(shard_count) + ", "
              : std::string()) +
         std::to_string(records) + " of " + runs(runs_total) + ")";
}

FolderAudit audit_folder(const std::filesystem::path& dir, const boost::json::object& manifest,
                         const Summary& summary) {
  const std::string manifest_file = (dir / "manifest.json").string();
  const std::string runs_file = (dir / "runs.jsonl").string();
  const RecordFields m(manifest, manifest_file);
  FolderAudit a;
  a.status_word = m.string("status");
  a.status = parse_session_status(a.status_word);
  // plab writes one of four states; any other is no state of a folder plab wrote.
  if (!a.status) {
    a.inconsistencies.push_back(manifest_file + ": field 'status' is \"" + a.status_word +
                                "\"; plab writes running, completed, interrupted or failed");
  }
  a.runs_total = m.count("runs_total");
  const RecordFields shard = m.object("shard");
  const std::size_t first = shard.count("first_run");
  const std::size_t end = shard.count("end_run");
  if (end < first || end > a.runs_total) {
    shard.fail("end_run", "is " + std::to_string(end) + " with first_run " + std::to_string(first) +
                              " and runs_total " + std::to_string(a.runs_total) +
                              "; expected first_run <= end_run <= runs_total");
  }
  a.announced = end - first;
  a.shard_index = shard.count("index");
  a.shard_count = shard.count("count");
  a.records = summary.runs;
  a.torn_line = summary.torn_line;
  const std::string torn = a.torn_line
                               ? runs_file + ":" + std::to_string(*a.torn_line) +
                                     " is a torn last line (a run cut off mid-write), not counted"
                               : "";
  if (a.records > a.announced) {
    a.inconsistencies.push_back(runs_file + " holds " + std::to_string(a.records) +
                                " records, more than the " + std::to_string(a.announced) +
                                " the manifest announces");
  }
  if (a.status == SessionStatus::kCompleted) {
    if (a.records < a.announced) {
      a.inconsistencies.push_back("the manifest says completed with " + runs(a.announced) +
                                  ", but " + runs_file + " holds " + std::to_string(a.records) +
                                  " complete records; " + std::to_string(a.announced - a.records) +
                                  " are missing");
    }
    if (a.torn_line)
      a.inconsistencies.push_back(torn + ", in a folder the manifest says completed");
    // A completed folder's counts are those of its records.
    const auto count_against = [&](const char* key, std::size_t on_disk, const char* what) {
      if (m.count(key) != on_disk) {
        a.inconsistencies.push_back(manifest_file + ": field '" + key + "' is " +
                                    std::to_string(m.count(key)) + ", but " + runs_file +
                                    " holds " + std::to_string(on_disk) + " " + what);
      }
    };
    count_against("runs_written", a.records, "complete records");
    count_against("runs_failed", summary.failed, "failed records");
  } else {
    if (a.torn_line) a.notes.push_back(torn + " (plab run --resume cuts it and goes on)");
    if (a.records < a.announced) {
      a.notes.push_back("the manifest says " + a.status_word + ": " + std::to_string(a.records) +
                        " of " + runs(a.announced) + " are on disk (plab run --resume " +
                        dir.string() + " finishes it)");
    }
  }
  return a;
}

void refuse_shard(const std::filesystem::path& dir, const boost::json::object& manifest,
                  const std::string& then) {
  const RecordFields m(manifest, (dir / "manifest.json").string());
  const RecordFields shard = m.object("shard");
  const std::size_t first = shard.count("first_run");
  const std::size_t end = shard.count("end_run");
  const std::size_t total = m.count("runs_total");
  if (first == 0 && end == total) return;
  throw UsageError("'" + dir.string() + "' is shard " + std::to_string(shard.count("index")) +
                   " of " + std::to_string(shard.count("count")) + " (" +
                   std::to_string(end - std::min(first, end)) + " of the experiment's " +
                   std::to_string(total) +
                   " runs), not a whole experiment; merge the shards first (plab merge OUT "
                   "SHARD...) and " +
                   then);
}

}  // namespace plab

namespace plab {

namespace {

// Lines ending in '\n' (a torn last line is not one); 0 if the file is absent.
std::size_t complete_lines(const std::filesystem::path& file) {
  InputFile f = open_regular_input(file);
  if (!f) return 0;
  std::size_t n = 0;
  for (int c = std::getc(f.get()); c != EOF; c = std::getc(f.get())) n += c == '\n';
  return n;
}

}  // namespace

void require_record_chain(const std::filesystem::path& dir) {
  const std::filesystem::path runs_file = dir / "runs.jsonl";
  const std::filesystem::path digest_file = dir / kDigestFileName;
  const std::size_t records = complete_lines(runs_file);
  const ChainCheck chain = check_digest_chain(dir, records);  // names the first edited record
  if (!chain.present) {
    if (records == 0) return;
    throw DataError("'" + dir.string() + "' has no " + kDigestFileName + ", so its " +
                    std::to_string(records) +
                    " records cannot be checked (the folder of an older plab, or the file was "
                    "removed); its results cannot be trusted, start a new run");
  }
  const std::size_t digests = complete_lines(digest_file);
  if (digests > records) {
    throw DataError(digest_file.string() + " has " + std::to_string(digests) +
                    " digest lines but " + runs_file.string() + " holds " +
                    std::to_string(records) + " complete records: records " +
                    std::to_string(records + 1) + " to " + std::to_string(digests) +
                    " are missing (the folder was changed after it was written)");
  }
  if (records > chain.verified) {
    throw DataError(runs_file.string() + ":" + std::to_string(chain.verified + 1) +
                    ": this record has no digest line in " + digest_file.string() + " (" +
                    std::to_string(records - chain.verified) +
                    " records past its last line): a run cut off between the two writes, or the "
                    "file was cut; plab run --resume runs them again");
  }
}

}  // namespace plab
