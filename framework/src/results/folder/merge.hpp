// Joining the shards of one experiment into one results folder (`plab merge OUT DIR...`).
//
// Shards must come from the same resolved config, the same plugin files and the same data
// files (by SHA-256, from manifest.json's plugins and data_files), be complete
// (an empty shard, of an experiment with fewer runs than shards, is), not be written by a plab
// meanwhile, hold the records plab wrote (runs.sha256), and cover every run exactly once. The
// merged runs.jsonl is the shards' files concatenated in shard order: by construction
// (shard_range), record for record the unsharded run.
#pragma once

#include <filesystem>
#include <memory>
#include <vector>

#include "results/folder/staged_folder.hpp"

namespace plab {

struct MergeResult {
  std::size_t runs = 0;
  std::size_t shards = 0;
  // The merged files, still in OUT's hidden folder: the caller adds its own, then publishes
  // it as OUT. Dropped unpublished (an error, a signal), nothing of OUT is left.
  std::unique_ptr<StagedFolder> folder;
};

// Throws ResultsError / ConfigError naming the shard folders that overlap, are missing,
// are incomplete or belong to another experiment, a DataError naming the manifest and field
// a hand edit removed or retyped, and a UsageError if `out` is one of the shards. `out` must
// be new or empty. A signal (base/interrupt.hpp) stops it between two records or two blocks
// of a file with InterruptedError; nothing is left of OUT.
MergeResult merge_shards(const std::filesystem::path& out,
                         const std::vector<std::filesystem::path>& shards,
                         const std::string& command_line);

// InterruptedError "interrupted by signal N (...) while merging the shards into 'OUT'; nothing
// was written ..." if a signal asked to stop (base/interrupt.hpp).
void stop_merge_if_interrupted(const std::filesystem::path& out);

}  // namespace plab
