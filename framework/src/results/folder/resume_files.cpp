#include "results/folder/resume_files.hpp"

#include <string_view>

#include "base/input_file.hpp"
#include "error.hpp"
#include "results/folder/record_digest.hpp"
#include "results/folder/run_timing.hpp"
#include "results/folder/space_reserve.hpp"
#include "results/folder/trajectory_line.hpp"
#include "results/format/file_text.hpp"
#include "results/format/run_record.hpp"
#include "results/format/runs_reader.hpp"

namespace plab {

namespace fs = std::filesystem;

namespace {

// Bytes up to the end of the first `lines` complete lines (or of all complete lines).
std::size_t prefix_of_lines(const std::string& text, std::size_t lines) {
  std::size_t offset = 0;
  for (std::size_t k = 0; k < lines; ++k) {
    const std::size_t end = text.find('\n', offset);
    if (end == std::string::npos) break;
    offset = end + 1;
  }
  return offset;
}

// A timings.jsonl line as plab writes it for `run` (results/folder/run_timing.hpp).
bool is_timing_of(std::string_view line, const CanonicalRuns::Run& run) {
  const std::optional<RunTiming> t = read_timing(line);
  return t && t->point == run.point && t->repeat == run.repeat && t->learner == run.learner;
}

}  // namespace

std::size_t keep_verified_runs(const fs::path& dir, const RunRange& range,
                               const CanonicalRuns& order) {
  // These files are cut and rewritten in place below, and appended to after: a link planted at
  // one of their names (symbolic or hard) would carry those writes to a file outside the folder.
  for (const char* name : {"runs.jsonl", kDigestFileName, "timings.jsonl", "trajectory.jsonl"})
    refuse_foreign_own_file(dir / name);
  // The space reserve is made afresh at its name (space_reserve.hpp), which removes a file or
  // link there; a folder cannot be removed without what it holds, and the run would go on
  // without a reserve: refused (naming it) before anything is cut.
  std::error_code ec;
  if (fs::is_directory(fs::symlink_status(dir / kReserveFileName, ec)))
    refuse_foreign_own_file(dir / kReserveFileName);
  // The files the session writes whole and renames into place: a folder at one of their names
  // (or at its NAME.tmp) is not plab's to remove, and would fail the session only after every
  // run, as if the disk were full. Refused, naming it, before anything is run.
  for (const char* name : {"manifest.json.tmp", "summary.json", "summary.json.tmp", "summary.csv",
                           "summary.csv.tmp"}) {
    if (fs::is_directory(fs::symlink_status(dir / name, ec))) refuse_foreign_own_file(dir / name);
  }
  // Every record kept must be the one plab wrote: its link of the digest chain must match.
  // This comes first, so that an edited record is named as such ("not the one plab wrote")
  // rather than by whatever its edit broke. Records past the last digest (a kill between the
  // two writes) are run again.
  const fs::path runs_file = dir / "runs.jsonl";
  const ChainCheck chain = check_digest_chain(dir, static_cast<std::size_t>(-1));
  // runs.jsonl: every record kept must be the next canonical run (the chain proves plab wrote
  // it, not that this experiment did).
  std::size_t count = 0;
  read_runs(runs_file, [&](const boost::json::object& r, std::size_t line) {
    const std::size_t index = range.begin + count;
    ++count;
    if (chain.present && count > chain.verified) return;  // not kept: run again
    const RunRecord record = read_run_record(r, runs_file.string() + ":" + std::to_string(line));
    bool expected = false;
    if (index < range.end) {
      const CanonicalRuns::Run run = order.at(index);
      expected =
          record.point == run.point && record.repeat == run.repeat && record.learner == run.learner;
    }
    if (!expected) {
      throw ResultsError(runs_file.string() + ":" + std::to_string(line) +
                         ": not the run expected at this place in canonical order; the folder "
                         "was not written by this experiment");
    }
  });
  if (!chain.present && count > 0) {
    throw ResultsError("cannot resume '" + dir.string() + "': it has no " + kDigestFileName +
                       ", so its " + std::to_string(count) +
                       " records cannot be checked (the folder of an older plab, or the file "
                       "was removed); start a new run");
  }
  truncate_to(runs_file, chain.runs_bytes_kept);
  truncate_to(dir / kDigestFileName, chain.digest_bytes_kept);
  return chain.verified;
}

std::vector<std::string> keep_timings(const fs::path& dir, std::size_t first_run, std::size_t count,
                                      const CanonicalRuns& order) {
  const std::string timings = read_text(dir / "timings.jsonl");
  const std::size_t timing_bytes = prefix_of_lines(timings, count);
  std::string kept;
  std::size_t missing = 0;
  std::size_t damaged = 0;
  std::size_t at = 0;
  for (std::size_t k = 0; k < count; ++k) {
    const CanonicalRuns::Run run = order.at(first_run + k);
    if (at < timing_bytes) {
      const std::size_t eol = timings.find('\n', at);
      const std::string_view line(timings.data() + at, eol - at);
      at = eol + 1;
      if (is_timing_of(line, run)) {
        kept.append(line).push_back('\n');
        continue;
      }
      ++damaged;
    } else {
      ++missing;
    }
    kept += write_timing({run.point, run.learner, run.repeat, std::nullopt, std::nullopt});
  }
  std::vector<std::string> notes;
  if (missing + damaged == 0) {
    truncate_to(dir / "timings.jsonl", timing_bytes);
    return notes;
  }
  truncate_to(dir / "timings.jsonl", 0);
  append_text(dir / "timings.jsonl", kept);
  if (missing > 0) {
    notes.push_back("timings.jsonl of '" + dir.string() + "' held " +
                    std::to_string(count - missing) + " lines for " + std::to_string(count) +
                    " records; the " + std::to_string(missing) +
                    " missing timings are written as null seconds (they cannot be measured "
                    "again)");
  }
  if (damaged > 0) {
    notes.push_back("timings.jsonl of '" + dir.string() + "' held " + std::to_string(damaged) +
                    " damaged lines (not the run's identity with seconds null or >= 0); the "
                    "damaged timings are written as null seconds (they cannot be measured "
                    "again)");
  }
  return notes;
}

void keep_trajectory(const fs::path& dir, std::size_t next_run, const CanonicalRuns& order) {
  const fs::path trajectory = dir / "trajectory.jsonl";
  std::error_code ec;
  if (!fs::exists(trajectory, ec)) return;
  const std::string text = read_text(trajectory);
  std::size_t keep = 0;
  std::size_t line = 0;
  for (std::size_t offset = 0; offset < text.size();) {
    ++line;
    const std::size_t end = text.find('\n', offset);
    if (end == std::string::npos) break;  // torn
    // A line that parses but lacks its identity was edited: a DataError naming it.
    const std::optional<TrajectoryRun> run =
        read_trajectory_run(std::string_view(text).substr(offset, end - offset),
                            trajectory.string() + ":" + std::to_string(line));
    if (!run) break;
    const std::optional<CanonicalRuns::Repeats> runs = order.repeats_of(run->point, run->learner);
    if (!runs || run->repeat >= runs->repeats || runs->first + run->repeat >= next_run) break;
    offset = end + 1;
    keep = offset;
  }
  truncate_to(trajectory, keep);
}

}  // namespace plab
