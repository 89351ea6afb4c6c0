// Where plugins are looked for, and how a name becomes a file.
//
// Search order (docs/plugins.md): the --plugin-dir folders, then the folders of
// PLAB_PLUGIN_PATH
// (colon-separated), then the plugin folder of this installation or build tree
// (<folder of plab>/../lib/plab/plugins). A plugin named `perceptron` is the file
// `perceptron.so` in the first folder that has it. A name containing '/' or ending in
// ".so" is a path and is used as it is.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace plab {

// A name containing '/' or ending in ".so" is a path, used as it is; any other is a name.
bool is_plugin_path(const std::string& name_or_path);

std::vector<std::filesystem::path> plugin_search_dirs(
    const std::vector<std::filesystem::path>& cli_dirs);

// Throws PluginError naming the plugin and every folder searched.
std::filesystem::path locate_plugin(const std::string& name_or_path,
                                    const std::vector<std::filesystem::path>& dirs);

// Every *.so in the folders, first occurrence of each file name only, sorted by name.
std::vector<std::filesystem::path> list_plugin_files(
    const std::vector<std::filesystem::path>& dirs);

}  // namespace plab
