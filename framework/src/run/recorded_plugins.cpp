#include "run/recorded_plugins.hpp"

#include <algorithm>
#include <string>

#include "base/file_hash.hpp"
#include "error.hpp"
#include "plugin_loader/plugin_locator.hpp"
#include "results/format/record_fields.hpp"

namespace plab {

namespace fs = std::filesystem;

namespace {

bool holds(const fs::path& file, const std::string& sha256) {
  std::error_code ec;
  return fs::is_regular_file(file, ec) && sha256_file(file) == sha256;
}

}  // namespace

std::vector<fs::path> recorded_plugin_dirs(const fs::path& dir,
                                           const boost::json::object& manifest) {
  const RecordFields m(manifest, (dir / "manifest.json").string());
  const std::vector<fs::path> search = plugin_search_dirs({});
  std::vector<fs::path> dirs;
  const auto add = [&dirs](const fs::path& folder) {
    if (std::find(dirs.begin(), dirs.end(), folder) == dirs.end()) dirs.push_back(folder);
  };
  for (const RecordFields& plugin : m.objects("plugins")) {
    const fs::path file = plugin.string("file");
    const std::string sha256 = plugin.string("sha256");
    if (holds(file, sha256)) {
      add(file.parent_path());
      continue;
    }
    std::string looked = "'" + file.string() + "'";
    bool found = false;
    for (const fs::path& folder : search) {
      const fs::path candidate = folder / file.filename();
      if (candidate == file) continue;
      looked += ", '" + candidate.string() + "'";
      if (holds(candidate, sha256)) {
        add(folder);
        found = true;
        break;
      }
    }
    if (!found) {
      throw PluginError("cannot replay: plugin '" + plugin.string("name") + "' (" + file.string() +
                        ") is not the file the records came from (manifest: SHA-256 " + sha256 +
                        "; no file of that name and digest at " + looked +
                        ", nothing loaded); give the recorded build with --plugin-dir");
    }
  }
  return dirs;
}

}  // namespace plab
