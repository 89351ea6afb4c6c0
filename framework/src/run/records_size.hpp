// How many bytes the runs of a range add to a results folder, at least, and the refusal of a
// run whose records cannot fit on the disk that would hold them (a repeat count of 10^9 would
// otherwise stream hundreds of gigabytes until the disk is full).
//
// The estimate is measured from the record layout, not guessed: for each learner of each
// prepared point, the record of a failed run (every field a record of that point and learner
// always has) and its timings.jsonl line are written, and each counts its keys, braces,
// commas and newline in full, its learner and plugin names in full, and every other value as
// one byte, the least a JSON value takes; runs.sha256 adds 65 bytes a run. So no run's files
// are smaller, and a refusal is never of a run that would have fit; trajectory.jsonl, a
// curve's or a weight vector's numbers only add to it. It is cheap (one record a point and
// learner, not a run) and the same for the same config.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>

#include "run/experiment.hpp"

namespace plab {

struct RecordsSize {
  std::size_t runs = 0;     // runs of the range on prepared points, the ones counted
  std::uint64_t bytes = 0;  // their runs.jsonl, runs.sha256 and timings.jsonl lines, at least
};

// The runs [first_run, end_run) of `e` whose points are prepared (all of them, but for a large
// sweep before its window is prepared).
RecordsSize least_records_size(const Experiment& e, std::size_t first_run, std::size_t end_run);

// "the records of 150 runs take at least 61050 bytes (59.6 KiB: runs.jsonl, runs.sha256 and
// timings.jsonl); 68.2 GiB are free on the file system of '/tmp'": --plan's line.
std::string records_size_text(const RecordsSize& size, const std::filesystem::path& folder);

// ConfigError (nothing written) when `size` is more than the free space of the file system that
// holds `folder` (or will: its nearest existing parent); nothing when it fits or the free space
// cannot be asked.
void check_records_fit(const RecordsSize& size, const std::filesystem::path& folder);

}  // namespace plab
