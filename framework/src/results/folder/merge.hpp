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
#include <vector>

#include "results/folder/folder_lock.hpp"

namespace plab {

struct MergeResult {
  std::size_t runs = 0;
  std::size_t shards = 0;
  FolderLock lock;  // OUT's: hold it until everything in OUT is written
};

// Throws ResultsError / ConfigError naming the shard folders that overlap, are missing,
// are incomplete or belong to another experiment, a DataError naming the manifest and field
// a hand edit removed or retyped, and a UsageError if `out` is one of the shards. `out` must
// be new or empty.
MergeResult merge_shards(const std::filesystem::path& out,
                         const std::vector<std::filesystem::path>& shards,
                         const std::string& command_line);

}  // namespace plab
