// The files of an interrupted results folder, cut back to the runs a resume keeps
// (`plab run --resume DIR`; run/resume.hpp checks the folder against the experiment first).
//
// The files hold a canonical prefix of the folder's runs, perhaps with a torn last line (a
// kill -9 in the middle of a write). Every record kept must be the one plab wrote (its link of
// the digest chain, record_digest.hpp) and the run expected at its place; runs.jsonl,
// runs.sha256, timings.jsonl and trajectory.jsonl are cut back to the last complete run, so
// that appending the remaining runs gives the same bytes as an uninterrupted run.
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "results/folder/run_range.hpp"

namespace plab {

// The experiment's canonical run order, as far as the files are checked against it.
class CanonicalRuns {
 public:
  struct Run {
    std::size_t point = 0;  // grid index of the sweep point
    std::string learner;    // its name
    std::size_t repeat = 0;
  };
  virtual ~CanonicalRuns() = default;
  // Canonical run `index`, one of the folder's range.
  virtual Run at(std::size_t index) const = 0;
  // The runs of one learner at one sweep point: canonical indices [first, first + repeats).
  struct Repeats {
    std::size_t first = 0;
    std::size_t repeats = 0;
  };
  // Nothing if the experiment (as prepared) has no such learner at that point.
  virtual std::optional<Repeats> repeats_of(std::size_t point,
                                            const std::string& learner) const = 0;
};

// runs.jsonl and runs.sha256: keeps the records the digest chain vouches for, each of which
// must be the next run of `range` (ResultsError if not, or if there is no runs.sha256 to
// check records against); cuts both files after them. Returns how many records are kept.
std::size_t keep_verified_runs(const std::filesystem::path& dir, const RunRange& range,
                               const CanonicalRuns& order);

// timings.jsonl: one line per kept run [first_run, first_run + count). Missing or damaged lines
// (a file cut short or edited) cannot be measured again; they are written with the run's
// identity and null seconds, so that line i stays run i. Returns notes saying so.
std::vector<std::string> keep_timings(const std::filesystem::path& dir, std::size_t first_run,
                                      std::size_t count, const CanonicalRuns& order);

// trajectory.jsonl: the lines of the runs before `next_run`, which come first in canonical
// order; a line that parses but lacks its identity is a DataError naming it.
void keep_trajectory(const std::filesystem::path& dir, std::size_t next_run,
                     const CanonicalRuns& order);

}  // namespace plab
