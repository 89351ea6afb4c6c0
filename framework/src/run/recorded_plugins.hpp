// `plab verify --replay` without --plugin-dir: where the plugins the records came from are,
// found from the manifest (plugins[].file and .sha256) and checked by SHA-256 before any of
// them is loaded, since loading a plugin runs its code.
#pragma once

#include <filesystem>
#include <vector>

#include <boost/json/object.hpp>

namespace plab {

// For each recorded plugin, the folder of a file with its recorded SHA-256: its recorded
// path, else the same file name in the plugin search path (plugin_loader/plugin_locator.hpp).
// Throws PluginError naming the plugin, the recorded digest and every place looked at.
std::vector<std::filesystem::path> recorded_plugin_dirs(const std::filesystem::path& dir,
                                                        const boost::json::object& manifest);

}  // namespace plab
