// Whether a path is, or lies inside, a results folder: the commands that write a file or a
// folder the user names (report --out, export --csv, convert OUT) refuse such a place, where
// they could replace the folder's own files (runs.jsonl, manifest.json) or leave files its
// audit does not expect.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

namespace plab {

// `path` made absolute, with `.`, `..` and the symbolic links on the way resolved as far as
// they exist (the path as given when that fails).
std::filesystem::path resolved_path(const std::filesystem::path& path);

// The nearest folder on `path` (itself first, then its parents) that holds a manifest.json,
// after resolving `.`, `..` and symbolic links on the way (so that a link into a results
// folder is seen); nullopt when there is none.
std::optional<std::filesystem::path> enclosing_results_folder(const std::filesystem::path& path);

// UsageError (exit 2) when the file `path` would be inside a results folder: "`what` 'PATH'
// is inside the results folder 'FOLDER', where it could replace the folder's own files…".
void require_outside_results_folders(const std::string& what, const std::filesystem::path& path);

}  // namespace plab
