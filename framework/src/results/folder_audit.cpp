#include "results/folder_audit.hpp"

#include "results/record_fields.hpp"

namespace plab {

namespace {

std::string runs(std::size_t n) { return std::to_string(n) + (n == 1 ? " run" : " runs"); }

}  // namespace

std::string FolderAudit::runs_line() const {
  std::string line = std::to_string(records) + (records == 1 ? " record" : " records") +
                     " on disk of the " + std::to_string(announced) + " the manifest announces";
  if (announced != runs_total) line += " (a shard of " + runs(runs_total) + ")";
  return line + "; status " + status;
}

FolderAudit audit_folder(const std::filesystem::path& dir, const boost::json::object& manifest,
                         const Summary& summary) {
  const std::string manifest_file = (dir / "manifest.json").string();
  const std::string runs_file = (dir / "runs.jsonl").string();
  const RecordFields m(manifest, manifest_file);
  FolderAudit a;
  a.status = m.string("status");
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
  if (a.status == "completed") {
    if (a.records < a.announced) {
      a.inconsistencies.push_back("the manifest says completed with " + runs(a.announced) +
                                  ", but " + runs_file + " holds " + std::to_string(a.records) +
                                  " complete records; " + std::to_string(a.announced - a.records) +
                                  " are missing");
    }
    if (a.torn_line)
      a.inconsistencies.push_back(torn + ", in a folder the manifest says completed");
  } else {
    if (a.torn_line) a.notes.push_back(torn + " (plab run --resume cuts it and goes on)");
    if (a.records < a.announced) {
      a.notes.push_back("the manifest says " + a.status + ": " + std::to_string(a.records) +
                        " of " + runs(a.announced) + " are on disk (plab run --resume " +
                        dir.string() + " finishes it)");
    }
  }
  return a;
}

}  // namespace plab
