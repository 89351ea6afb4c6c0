#include "plugin_loader/plugin_locator.hpp"

#include <algorithm>
#include <cstdlib>
#include <set>

#include <boost/dll/runtime_symbol_info.hpp>

#include "error.hpp"

namespace plab {

std::vector<std::filesystem::path> plugin_search_dirs(
    const std::vector<std::filesystem::path>& cli_dirs) {
  std::vector<std::filesystem::path> dirs = cli_dirs;
  if (const char* env = std::getenv("PLAB_PLUGIN_PATH"); env != nullptr) {
    std::string list(env);
    std::size_t start = 0;
    while (start <= list.size()) {
      const std::size_t end = std::min(list.find(':', start), list.size());
      if (end > start) dirs.emplace_back(list.substr(start, end - start));
      start = end + 1;
    }
  }
  const std::filesystem::path exe(boost::dll::program_location().string());
  dirs.push_back((exe.parent_path() / ".." / "lib" / "plab" / "plugins").lexically_normal());
  return dirs;
}

bool is_plugin_path(const std::string& name_or_path) {
  return name_or_path.find('/') != std::string::npos || name_or_path.ends_with(".so");
}

std::filesystem::path locate_plugin(const std::string& name_or_path,
                                    const std::vector<std::filesystem::path>& dirs) {
  // An empty name would be looked for as the file ".so": a slip of the command line, not a
  // missing plugin.
  if (name_or_path.empty()) {
    throw UsageError(
        "a plugin name is empty: give a plugin's name (`plab plugins` lists them) or a path to "
        "its .so file");
  }
  if (is_plugin_path(name_or_path)) return name_or_path;
  std::string searched;
  for (const auto& dir : dirs) {
    std::filesystem::path candidate = dir / (name_or_path + ".so");
    std::error_code ec;
    if (std::filesystem::is_regular_file(candidate, ec)) return candidate;
    searched += "\n  " + dir.string();
  }
  throw PluginError("plugin '" + name_or_path + "' was not found; looked for '" + name_or_path +
                    ".so' in:" + searched +
                    "\n(add a folder with --plugin-dir or PLAB_PLUGIN_PATH, or give a path to the "
                    ".so file; `plab plugins` lists what is found)");
}

std::vector<std::filesystem::path> list_plugin_files(
    const std::vector<std::filesystem::path>& dirs) {
  std::vector<std::filesystem::path> files;
  std::set<std::string> seen;
  for (const auto& dir : dirs) {
    std::error_code ec;
    std::vector<std::filesystem::path> here;
    for (std::filesystem::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
      if (it->path().extension() == ".so" && it->is_regular_file(ec)) here.push_back(it->path());
    }
    std::sort(here.begin(), here.end());
    for (const auto& f : here) {
      if (seen.insert(f.filename().string()).second) files.push_back(f);
    }
  }
  std::sort(files.begin(), files.end(),
            [](const auto& a, const auto& b) { return a.filename() < b.filename(); });
  return files;
}

}  // namespace plab
