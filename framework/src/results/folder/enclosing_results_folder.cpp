#include "results/folder/enclosing_results_folder.hpp"

#include "error.hpp"

namespace plab {

namespace fs = std::filesystem;

fs::path resolved_path(const fs::path& path) {
  std::error_code ec;
  fs::path full = fs::absolute(path, ec);
  if (ec) full = path;
  const fs::path resolved = fs::weakly_canonical(full, ec);
  if (!ec) full = resolved;
  return full.lexically_normal();
}

std::optional<fs::path> enclosing_results_folder(const fs::path& path) {
  std::error_code ec;
  const fs::path full = resolved_path(path);
  for (fs::path p = full;; p = p.parent_path()) {
    if (fs::is_directory(p, ec) && fs::exists(p / "manifest.json", ec)) return p;
    if (p == p.parent_path() || p.empty()) return std::nullopt;
  }
}

void require_outside_results_folders(const std::string& what, const fs::path& path) {
  if (const auto folder = enclosing_results_folder(path)) {
    throw UsageError(what + " '" + path.string() + "' is inside the results folder '" +
                     folder->string() +
                     "', where it could replace the folder's own files: give a file outside "
                     "results folders; nothing was written");
  }
}

}  // namespace plab
