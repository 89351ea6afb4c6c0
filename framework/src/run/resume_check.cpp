#include "run/resume_check.hpp"

#include <algorithm>
#include <map>

#include <boost/json/serialize.hpp>

#include "base/file_hash.hpp"
#include "config/experiment_identity.hpp"
#include "error.hpp"
#include "results/format/manifest_reader.hpp"

namespace plab {

namespace fs = std::filesystem;

std::string PluginMismatch::shown() const {
  return "SHA-256 " + now +
         (recorded.empty() ? ", not in the manifest" : ", manifest: " + recorded);
}

std::optional<PluginMismatch> first_plugin_mismatch(const fs::path& dir, const Experiment& e,
                                                    const boost::json::object& manifest) {
  std::map<std::string, std::string> recorded;
  for (const RecordFields& p : manifest_fields(dir, manifest).objects("plugins"))
    recorded[p.string("name")] = p.string("sha256");
  for (const auto& lib : e.libraries) {
    const std::string name = lib->descriptor().name;
    const std::string now = sha256_file(lib->path());
    const auto it = recorded.find(name);
    if (it == recorded.end() || it->second != now) {
      return PluginMismatch{name, lib->path().string(), now,
                            it == recorded.end() ? "" : it->second};
    }
  }
  return std::nullopt;
}

void check_resume_files(const fs::path& dir, const Experiment& e,
                        const boost::json::object& manifest) {
  const RecordFields fields = manifest_fields(dir, manifest);
  if (const auto m = first_plugin_mismatch(dir, e, manifest)) {
    throw ConfigError("cannot resume: plugin '" + m->name + "' (" + m->path +
                      ") is not the file the interrupted run used (" + m->shown() +
                      "); resume with the same build, or start a new run");
  }
  // plab writes data_files in every manifest (empty without CSV data): a manifest without it,
  // or without an entry for a file this session reads, cannot vouch for the records' data.
  std::vector<std::string> listed;
  for (const RecordFields& f : fields.objects("data_files")) listed.push_back(f.string("path"));
  for (const PreparedPoint& p : e.points) {
    if (!p.config.dataset.reads_file()) continue;
    const std::string path = p.config.dataset.path.lexically_normal().string();
    if (std::find(listed.begin(), listed.end(), path) == listed.end()) {
      throw ConfigError("cannot resume: data file '" + path + "' is not in " +
                        (dir / "manifest.json").string() +
                        " (data_files), so the records kept cannot be shown to come from the "
                        "same data (SHA-256 now " +
                        p.data->source_sha256() + "); start a new run");
    }
  }
  for (const RecordFields& f : fields.objects("data_files")) {
    const std::string path = f.string("path");
    const std::string sha256 = f.string("sha256");
    // The bytes this session parsed (a file read now could differ from them).
    std::string now;
    for (const PreparedPoint& p : e.points) {
      if (p.config.dataset.reads_file() && p.config.dataset.path.lexically_normal() == path) {
        now = p.data->source_sha256();
        break;
      }
    }
    try {
      if (now.empty()) now = sha256_file(path);
    } catch (const Error&) {
      now = "(missing)";
    }
    if (now != sha256) {
      throw ConfigError("cannot resume: data file '" + path +
                        "' has changed since the interrupted "
                        "run (SHA-256 " +
                        now + ", manifest: " + sha256 + "); start a new run");
    }
  }
}

// The manifest's "config" is the one the folder's runs were made with: its digest, written
// with the folder, must still match (a hand edit, max_epochs 300 to 299, would finish the
// folder with runs of another experiment). A folder of a plab that wrote no digest is taken
// as it is.
void check_config_not_edited(const std::filesystem::path& dir, const boost::json::object& manifest,
                             const Json& config) {
  const auto* recorded = manifest.if_contains("config_identity_sha256");
  if (recorded == nullptr) return;
  const std::string now = experiment_identity_sha256(config);
  if (recorded->is_string() && recorded->get_string() == now) return;
  throw ResultsError("cannot resume '" + dir.string() + "': the \"config\" in its manifest.json " +
                     "was edited after plab wrote it (its SHA-256 is " + now +
                     ", and the manifest's config_identity_sha256 is " +
                     boost::json::serialize(*recorded) +
                     "); the runs on disk were made with the config as written, so undo the "
                     "edit, or start a new run with the edited config");
}

}  // namespace plab
