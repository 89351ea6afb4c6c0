// Where a run's results land, and writing files so that a reader never sees half of one.
#pragma once

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>

#include "error.hpp"
#include "results/folder/folder_lock.hpp"

namespace plab {

// "2026-11-22T09:30:05Z"
std::string utc_timestamp(std::chrono::system_clock::time_point t);

struct ResultsFolder {
  std::filesystem::path path;
  FolderLock lock;   // held while the folder is written
  std::string note;  // why `<root>/<name>/latest` was left as it was ("" when it points here)
};

// With `out`: that folder, created; it must not exist yet or be empty but for a lock file
// (results are never overwritten). Otherwise `<root>/<name>/<UTC timestamp><suffix>/`, with
// `<root>/<name>/latest` pointing to it. Either way the folder comes locked (folder_lock.hpp).
// Throws WriteError when the folder cannot be made, ResultsError when `out` is taken or
// another plab holds the folder.
ResultsFolder create_results_folder(const std::optional<std::filesystem::path>& out,
                                    const std::filesystem::path& root, const std::string& name,
                                    std::chrono::system_clock::time_point now,
                                    const std::string& suffix = "");

// `out` where a new results folder is to be made (`what`: "--out" for `plab run`, "OUT" for
// `plab merge`), a symbolic link there followed to the folder it names. UsageError (exit 2) when
// it is a link to nothing (plab makes no folder through a link) or lies inside another results
// folder (whose audit and merge would not expect a folder of its own there).
std::filesystem::path checked_new_out(const std::string& what, const std::filesystem::path& out);

// The refusal of an `out` that already holds files ("results are never overwritten").
ResultsError out_already_used(const std::filesystem::path& out);

// Throws ResultsError when `out` exists and is no folder, or holds files and no lock file (with
// a lock file, the caller's lock and then emptiness decide).
void refuse_used_out(const std::filesystem::path& out);

// ResultsError (exit 2), naming it, when a folder is at `file`, where plab is about to write a
// file whole; nothing when it is absent or anything else.
void refuse_folder_at(const std::filesystem::path& file);

// Writes `content` whole into a new file at `tmp` (whatever was at that name is removed
// first, never written through: base/input_file.hpp); WriteError, and no file left, if not.
// ResultsError (exit 2), naming it, when a folder is at `tmp` (or, below, at `path`).
void write_temporary_file(const std::filesystem::path& tmp, const std::string& content);

// Writes to PATH.tmp beside `path`, then renames it over `path`; WriteError, and no temporary
// file left, if not.
void write_file_atomically(const std::filesystem::path& path, const std::string& content);

}  // namespace plab
