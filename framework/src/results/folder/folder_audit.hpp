// What a results folder holds on disk against what its manifest announces, for the header of
// `plab report` and the verdict of `plab verify`.
//
// A folder whose manifest says "completed" must hold every run it announces and no torn
// line; one that was interrupted (or is still running) may hold fewer, and says so.
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <boost/json/object.hpp>

#include "results/format/manifest.hpp"
#include "results/summary/summary.hpp"

namespace plab {

struct FolderAudit {
  std::size_t records = 0;     // complete records in runs.jsonl
  std::size_t announced = 0;   // the runs this folder holds when complete (its shard's slice)
  std::size_t runs_total = 0;  // of the whole experiment
  std::string status_word;     // the manifest's status as written, for messages
  std::optional<SessionStatus> status;  // nullopt: a word plab does not write
  std::size_t shard_index = 0;          // shard I of N (0 of 1: the whole experiment)
  std::size_t shard_count = 1;
  std::optional<std::size_t> torn_line;
  // Contradictions between the manifest and runs.jsonl: `plab verify` fails on any.
  std::vector<std::string> inconsistencies;
  // What a reader must know but is not wrong: a partial folder, a torn last line.
  std::vector<std::string> notes;

  // "7 records on disk of the 30 the manifest announces (status completed)".
  std::string runs_line() const;

  // Whether the folder holds fewer runs than the experiment has: a shard, or a folder whose
  // run was interrupted (or is still running, or failed) before every run was written.
  bool partial() const { return records < runs_total; }
  // For a partial folder, the sentence a report opens with, saying in words which part of the
  // experiment `dir` holds and what to do for the whole (merge, resume); "" otherwise.
  std::string partial_headline(const std::filesystem::path& dir) const;
  // For a partial folder, " (partial: 64 of 128 runs)", after the heading of every table of
  // statistics; "" otherwise.
  std::string partial_mark() const;
};

// Checks the manifest's status, runs_total and shard (DataError naming the field if one is
// malformed) and compares them with the records `summary` counted.
FolderAudit audit_folder(const std::filesystem::path& dir, const boost::json::object& manifest,
                         const Summary& summary);

// A shard holds a slice of the experiment's runs, so nothing that needs the whole experiment
// (a comparison, a claim) can be read from it: UsageError naming the shard and its slice,
// saying to merge the shards first and then `then` ("compare the merged folders").
void refuse_shard(const std::filesystem::path& dir, const boost::json::object& manifest,
                  const std::string& then);

}  // namespace plab

namespace plab {

// Refuses (DataError, exit 2, naming the line) a folder whose records are not provably the ones
// plab wrote: each complete line of runs.jsonl must have its runs.sha256 line and match it,
// with no digest line left over. A folder with records but no runs.sha256 is refused, as
// `plab run --resume` refuses it. Records past the last digest line (a kill between the two
// writes) are refused too, naming the line: resume runs them again, so they are no result yet.
void require_record_chain(const std::filesystem::path& dir);

}  // namespace plab
