// plab plugins: every plugin found on the search path, with version and summary.
#include <cstdio>

#include "cli/options.hpp"
#include "error.hpp"
#include "plugin_loader/plugin_library.hpp"
#include "plugin_loader/plugin_locator.hpp"

namespace plab::cli {

int plugins_command(const Args& args) {
  po::options_description options("options");
  options.add_options()("plugin-dir", po::value<std::vector<std::string>>()->composing(),
                        "also look for plugins in this folder (repeatable)");
  po::variables_map vm;
  if (!parse_options("plugins", "plugins [--plugin-dir DIR]...", args, options, {}, vm)) return 0;

  const auto dirs = plugin_search_dirs(plugin_dirs_option(vm));
  const auto files = list_plugin_files(dirs);
  std::size_t found = 0;
  for (const auto& file : files) {
    try {
      const auto plugin = PluginLibrary::load(file);
      const PluginDescriptor& d = plugin->descriptor();
      std::printf("%-24s %-8s %s\n", d.name, d.version, d.summary);
      std::printf("%-24s %-8s   %s\n", "", "", file.c_str());
      ++found;
    } catch (const Error& e) {
      std::fprintf(stderr, "plab: warning: skipping %s: %s\n", file.c_str(), e.what());
    }
  }
  if (found == 0) {
    std::printf("no plugins found; searched:\n");
    for (const auto& d : dirs) std::printf("  %s\n", d.c_str());
  }
  return kExitSuccess;
}

}  // namespace plab::cli
