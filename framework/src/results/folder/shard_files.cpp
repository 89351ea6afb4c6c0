#include "results/folder/shard_files.hpp"

#include <cstdio>

#include "error.hpp"
#include "results/folder/run_timing.hpp"
#include "results/format/run_record.hpp"
#include "results/format/runs_reader.hpp"

namespace plab {

namespace fs = std::filesystem;

namespace {

const char* const kDamaged = "; the shard was edited or damaged";

// The file opened as one of plab's own, or a null InputFile when absent: a symbolic link is
// refused (open_own_file names it), so is a FIFO or device; a hard link is read, as a folder's
// manifest is (a `cp -al` copy of a shard): merge copies the file, never writes through it.
InputFile open_own_input(const fs::path& file) {
  std::error_code ec;
  if (fs::is_symlink(fs::symlink_status(file, ec))) refuse_foreign_own_file(file);
  return open_regular_input(file);
}

std::string run_text(std::size_t point, const std::string& learner, std::size_t repeat) {
  return "run (point " + std::to_string(point) + ", learner '" + learner + "', repeat " +
         std::to_string(repeat) + ")";
}

}  // namespace

ShardFiles::ShardFiles(const fs::path& dir) : dir_(dir) {
  const char* const names[] = {"runs.jsonl", "timings.jsonl", "trajectory.jsonl"};
  for (std::size_t i = 0; i < 3; ++i) {
    files_[i].path = dir / names[i];
    files_[i].open();
  }
  if (!has(Name::kRuns)) {
    throw ResultsError("cannot read '" + files_[index(Name::kRuns)].path.string() + "'");
  }
  try {
    advance_trajectory();
  } catch (const DataError& e) {
    damage_ = e.what();
  }
}

void ShardFiles::Lines::open() {
  file = open_own_input(path);
  present = file && ::fstat(::fileno(file.get()), &checked) == 0;
}

bool ShardFiles::Lines::next() {
  text.clear();
  if (!file) return false;
  int c = 0;
  while ((c = getc_unlocked(file.get())) != EOF && c != '\n') {
    if (text.size() == kMaxLineBytes) refuse_long_line(path, number + 1);
    text += static_cast<char>(c);
  }
  if (c == EOF && text.empty()) return false;
  ++number;
  // plab ends every line it writes, and a completed shard was not cut short by a kill.
  if (c == EOF) throw DataError(where() + ": the file ends inside this line" + kDamaged);
  return true;
}

InputFile ShardFiles::reopen(Name name) const {
  const Lines& lines = files_[index(name)];
  if (!lines.present) return InputFile(nullptr, &std::fclose);
  InputFile in = open_own_input(lines.path);
  struct stat now {};
  const struct stat& was = lines.checked;
  if (!in || ::fstat(::fileno(in.get()), &now) != 0 || now.st_dev != was.st_dev ||
      now.st_ino != was.st_ino || now.st_size != was.st_size ||
      now.st_mtim.tv_sec != was.st_mtim.tv_sec || now.st_mtim.tv_nsec != was.st_mtim.tv_nsec) {
    throw ResultsError("cannot merge: '" + lines.path.string() +
                       "' changed while the shards were merged (another program wrote it); "
                       "nothing was written");
  }
  return in;
}

void ShardFiles::advance_trajectory() {
  pending_.reset();
  if (!trajectory().next()) return;
  pending_ = read_trajectory_run(trajectory().text, trajectory().where());
  if (!pending_) {
    throw DataError(trajectory().where() +
                    ": not a trajectory line as plab writes it (a JSON object: point, learner, "
                    "repeat, epoch, sample and w)" +
                    kDamaged);
  }
}

void ShardFiles::check_timing(const RunRecord& run, std::size_t line) {
  const std::string record = (dir_ / "runs.jsonl").string() + ":" + std::to_string(line);
  if (!timings().next()) {
    throw DataError(timings().path.string() + ":" + std::to_string(line) +
                    ": missing: the file ends before the timing of " + record +
                    " (one line per record)" + kDamaged);
  }
  const std::optional<RunTiming> t = read_timing(timings().text);
  if (!t) {
    throw DataError(timings().where() +
                    ": not a timing line as plab writes it (point, learner, repeat, then seconds "
                    "and train_seconds each null or a finite number >= 0)" +
                    kDamaged);
  }
  if (t->point != run.point || t->learner != run.learner || t->repeat != run.repeat) {
    throw DataError(timings().where() + ": the timing of " +
                    run_text(t->point, t->learner, t->repeat) + " where " + record + " is " +
                    run_text(run.point, run.learner, run.repeat) +
                    " (out of step with runs.jsonl)" + kDamaged);
  }
}

void ShardFiles::check_run(const RunRecord& run, std::size_t line) {
  if (damage_) return;
  try {
    if (has(Name::kTimings)) check_timing(run, line);
    while (pending_ && pending_->point == run.point && pending_->learner == run.learner &&
           pending_->repeat == run.repeat) {
      advance_trajectory();
    }
  } catch (const DataError& e) {
    damage_ = e.what();
  }
}

void ShardFiles::check_nothing_follows(std::size_t records) {
  if (!has(Name::kTimings) && records > 0) {
    throw DataError("shard '" + dir_.string() + "' has no timings.jsonl for its " +
                    std::to_string(records) + " records (one line per record)" + kDamaged);
  }
  if (timings().next()) {
    throw DataError(timings().where() + ": a line past runs.jsonl's last record (" +
                    std::to_string(records) + " records, one timing line each)" + kDamaged);
  }
  if (pending_) {  // a line of a run the shard does not hold, or out of runs.jsonl's order
    throw DataError(trajectory().where() + ": a line of " +
                    run_text(pending_->point, pending_->learner, pending_->repeat) +
                    ", not of the shard's next run in runs.jsonl's order" + kDamaged);
  }
}

void ShardFiles::check_end(std::size_t records) {
  if (!damage_) {
    try {
      check_nothing_follows(records);
    } catch (const DataError& e) {
      damage_ = e.what();
    }
  }
  for (Lines& lines : files_) lines.file.reset();
  if (damage_) throw ResultsError("cannot merge: " + *damage_ + "; nothing was written");
}

}  // namespace plab
