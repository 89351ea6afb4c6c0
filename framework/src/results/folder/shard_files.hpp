// The files plab merge copies from a shard: runs.jsonl, and beside it timings.jsonl (one line
// per record) and trajectory.jsonl (the updates of each run, run after run). The records are
// vouched for by runs.sha256; the other two files are not, so each of their lines is checked
// against the record it belongs to as the records are read, and a shard with a line plab could
// not have written is refused before anything is written. All three are opened as plab's own
// files (base/input_file.hpp): a link planted at one of the names would bring a file from
// outside into the merged folder.
#pragma once

#include <sys/stat.h>

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>

#include "base/input_file.hpp"
#include "results/folder/trajectory_line.hpp"

namespace plab {

struct RunRecord;

class ShardFiles {
 public:
  enum class Name { kRuns, kTimings, kTrajectory };

  // Opens DIR's three files for the check; an absent timings.jsonl or trajectory.jsonl counts as
  // absent, an absent runs.jsonl is a ResultsError. DataError (exit 2) naming the file when it
  // is a link (symbolic or hard), a FIFO, a folder or a device.
  explicit ShardFiles(const std::filesystem::path& dir);

  // Record `line` of runs.jsonl is `run`: line `line` of timings.jsonl must time that run, and
  // the trajectory lines after the previous run's must be its own (a run may have none). The
  // first damage found is kept for check_end, so that a damaged record is named first.
  void check_run(const RunRecord& run, std::size_t line);

  // After the last of the shard's `records` records: ResultsError (exit 2) naming the first
  // damaged line, a line past the last record, or a timings.jsonl missing. Closes the files:
  // a merge of many shards holds no more of them open than one shard's.
  void check_end(std::size_t records);

  bool has(Name name) const { return files_[index(name)].present; }

  // The file opened again for merge to copy, or a null InputFile when absent. ResultsError
  // when it is no longer the file checked (another device, inode, size or modification time:
  // something wrote it during the merge).
  InputFile reopen(Name name) const;

 private:
  struct Lines {
    std::filesystem::path path;
    InputFile file{nullptr, &std::fclose};
    bool present = false;
    struct stat checked {};  // the file read, for reopen
    std::size_t number = 0;  // lines read so far
    std::string text;        // the last one read, without its '\n'
    void open();
    bool next();  // false at the end of the file; DataError for a torn line
    std::string where() const { return path.string() + ":" + std::to_string(number); }
  };
  static std::size_t index(Name name) { return static_cast<std::size_t>(name); }
  Lines& timings() { return files_[index(Name::kTimings)]; }
  Lines& trajectory() { return files_[index(Name::kTrajectory)]; }
  void check_timing(const RunRecord& run, std::size_t line);
  void check_nothing_follows(std::size_t records);
  void advance_trajectory();

  std::filesystem::path dir_;
  Lines files_[3];
  std::optional<TrajectoryRun> pending_;  // the trajectory line read ahead, not yet matched
  std::optional<std::string> damage_;     // the first damage found, said by check_end
};

}  // namespace plab
