// plab describe PLUGIN: what a plugin does, its params, conventions and guarantee.
#include <cstdio>

#include "cli/options.hpp"
#include "plugins/param_resolver.hpp"
#include "plugins/plugin_library.hpp"
#include "plugins/plugin_locator.hpp"

namespace plab::cli {

namespace {

const char* guarantee_text(Guarantee g) {
  switch (g) {
    case Guarantee::kNone:
      return "none (no mistake bound)";
    case Guarantee::kNovikoff:
      return "Novikoff: mistakes <= (R/rho)^2 from zero init; init-aware bound otherwise "
             "(THEORY.md s1, s3)";
    case Guarantee::kNovikoffScaled:
      return "Novikoff for every eta > 0 from zero init; init-aware bound otherwise "
             "(THEORY.md s2, s3)";
    case Guarantee::kBatch:
      return "batch: T <= (R/rho)^2 averaged, sum m_t <= n (R/rho)^2 plain sum (THEORY.md s4)";
    case Guarantee::kMulticlass:
      return "multi-class: mistakes <= 2 R^2 / gamma^2 (THEORY.md s5)";
    case Guarantee::kMarginPerceptron:
      return "margin perceptron: mistakes <= (R^2 + 2 tau/eta) / rho^2 from zero; init-aware "
             "form otherwise (docs/bounds.md)";
    case Guarantee::kLeastSquares:
      return "none; reports the distance to the least-squares optimum (THEORY.md s6)";
  }
  return "";
}

const char* orders_text(OrderSupport o) {
  switch (o) {
    case OrderSupport::kNone:
      return "none (batch: every epoch sees all samples)";
    case OrderSupport::kPermutation:
      return "cyclic, shuffle";
    case OrderSupport::kMistakeDriven:
      return "cyclic, shuffle, random_mistake, worst_mistake";
  }
  return "";
}

}  // namespace

int describe_command(const Args& args) {
  po::options_description options("options");
  options.add_options()("plugin", po::value<std::string>()->required(),
                        "plugin name, or path to a .so")(
      "plugin-dir", po::value<std::vector<std::string>>()->composing(),
      "also look for plugins in this folder (repeatable)");
  po::positional_options_description positional;
  positional.add("plugin", 1);
  po::variables_map vm;
  if (!parse_options("describe", "describe PLUGIN [--plugin-dir DIR]...", args, options, positional,
                     vm)) {
    return 0;
  }
  const auto dirs = plugin_search_dirs(plugin_dirs_option(vm));
  const auto plugin = PluginLibrary::load(locate_plugin(vm["plugin"].as<std::string>(), dirs));
  const PluginDescriptor& d = plugin->descriptor();
  std::string tasks;
  if ((d.tasks & kBinaryTask) != 0) tasks += "binary";
  if ((d.tasks & kMulticlassTask) != 0) tasks += tasks.empty() ? "multiclass" : ", multiclass";

  std::printf("%s %s  (plugin ABI %u)\n  %s\n\n", d.name, d.version, d.abi_version, d.summary);
  std::printf("file:       %s\n", plugin->path().c_str());
  std::printf("tasks:      %s\n", tasks.c_str());
  std::printf("orders:     %s\n", orders_text(d.orders));
  std::printf("guarantee:  %s\n\n", guarantee_text(d.guarantee));
  std::printf("%s\n\n", d.details);
  if (d.param_count == 0) {
    std::printf("params: none\n");
    return 0;
  }
  std::printf("params:\n");
  for (std::size_t k = 0; k < d.param_count; ++k) {
    const ParamSpec& s = d.params[k];
    std::printf("  %-12s %s; default %s\n  %-12s %s\n", s.name, describe_param_type(s).c_str(),
                describe_param_default(s).c_str(), "", s.doc);
  }
  return 0;
}

}  // namespace plab::cli
