#include "plugin_loader/plugin_library.hpp"

#include <boost/dll/library_info.hpp>
#include <cstdio>

#include "error.hpp"
#include "plab/plugin_checks.hpp"
#include "plugin_loader/param_resolver.hpp"
#include "plugin_loader/plugin_locator.hpp"
#include "theory/bound_forms.hpp"

namespace plab {

namespace {

using plugin_checks::kDescriptorSymbol;
using plugin_checks::kFactorySymbol;

// Boost.DLL wraps dlerror()'s text, which is what says why ("file too short", "undefined
// symbol: ...", "wrong ELF class"), in its own words and an errno that does not apply.
std::string loader_message(const std::string& what) {
  const std::string marker = "dlerror system message: ";
  const std::size_t start = what.find(marker);
  if (start == std::string::npos) return what;
  const std::size_t end = what.rfind("):");
  const std::size_t from = start + marker.size();
  return what.substr(from, end == std::string::npos || end < from ? std::string::npos : end - from);
}

// "eta=0.5, step=\"label\"": which params a declaration was asked for.
std::string params_text(const ParamSet& params) {
  std::string out;
  for (const auto& e : params.entries()) {
    if (!out.empty()) out += ", ";
    out += e.name + "=";
    switch (e.type) {
      case ParamType::kChoice:
        out += "\"" + e.text + "\"";
        break;
      case ParamType::kBool:
        out += e.number != 0.0 ? "true" : "false";
        break;
      default:
        out += number_text(e.number);
    }
  }
  return out.empty() ? "params (none)" : "params " + out;
}

}  // namespace

PluginLibrary::PluginLibrary(Token, boost::dll::shared_library library, std::filesystem::path path)
    : library_(std::move(library)), path_(std::move(path)) {}

std::shared_ptr<const PluginLibrary> PluginLibrary::load(const std::filesystem::path& file) {
  const std::string where = "plugin '" + file.string() + "'";
  std::error_code fs_error;
  if (!std::filesystem::is_regular_file(file, fs_error)) {
    throw PluginError(where + " does not exist or is not a file");
  }
  boost::dll::shared_library library;
  try {
    // The throwing overload keeps dlerror()'s text, which says what the loader disliked.
    library.load(boost::dll::fs::path(file.string()),
                 boost::dll::load_mode::rtld_now | boost::dll::load_mode::rtld_local);
  } catch (const std::exception& e) {
    throw PluginError(where +
                      " could not be loaded as a shared library: " + loader_message(e.what()) +
                      " (a plugin is a .so built with plab_add_plugin against this SDK)");
  }
  if (!library.has(kDescriptorSymbol) || !library.has(kFactorySymbol)) {
    throw PluginError(where + " " + plugin_checks::missing_entry_points());
  }
  auto plugin = std::make_shared<PluginLibrary>(Token{}, std::move(library), file);
  const auto& descriptor = plugin->library_.get_alias<const PluginDescriptor>(kDescriptorSymbol);
  if (std::string problem = plugin_checks::abi_problem(descriptor.abi_version); !problem.empty()) {
    throw PluginError(where + " " + problem);
  }
  if (std::string problem = plugin_checks::descriptor_problem(descriptor); !problem.empty()) {
    throw PluginError(where + " " + problem);
  }
  plugin->descriptor_ = &descriptor;
  plugin->create_ = &plugin->library_.get_alias<CreateFunction>(kFactorySymbol);
  // The declaration for the default params on a nominal shape of each supported task: a
  // broken declare_bound is refused before any config is read.
  const ParamSet defaults = default_params(descriptor);
  for (const TaskKind task : {TaskKind::kBinary, TaskKind::kMulticlass}) {
    const bool binary = task == TaskKind::kBinary;
    if ((descriptor.tasks & (binary ? kBinaryTask : kMulticlassTask)) == 0) continue;
    plugin->checked_bound(LearnerSetup{defaults, task, 1, 2, binary ? 2u : 3u},
                          "its default " + params_text(defaults));
  }
  return plugin;
}

std::shared_ptr<Learner> PluginLibrary::create(const LearnerSetup& setup) const {
  CreateResult result = create_(setup);
  if (result.learner == nullptr) {
    std::string why = result.error.empty() ? "no reason given" : result.error;
    // The SDK's factory passes bad_alloc on as its what(): say what most likely needed it.
    if (why == "std::bad_alloc") {
      char gib[32];
      std::snprintf(gib, sizeof gib, "%.1f", static_cast<double>(setup.cols) * 8.0 / (1u << 30));
      why += " (out of memory: one dense weight vector for the data's " +
             std::to_string(setup.cols) + " columns takes " + gib +
             " GiB; use fewer features, e.g. a smaller n_features or feature hashing)";
    }
    const std::string message = "plugin '" + std::string(descriptor_->name) + "' (" +
                                path_.string() + ") could not create a learner: " + why;
    if (result.error == "std::bad_alloc") throw LearnerOutOfMemoryError(message);
    throw PluginError(message);
  }
  // The deleter owns a reference to this library: the learner's code stays mapped until the
  // learner is gone.
  std::shared_ptr<const PluginLibrary> keep = shared_from_this();
  return std::shared_ptr<Learner>(result.learner, [keep](Learner* learner) { delete learner; });
}

std::shared_ptr<LaneGroup> PluginLibrary::create_lanes(const LearnerSetup& setup,
                                                       std::size_t width) const {
  if (descriptor_->create_lanes == nullptr) return nullptr;
  CreateLanesResult result = descriptor_->create_lanes(setup, width);
  if (result.group == nullptr) return nullptr;
  std::shared_ptr<const PluginLibrary> keep = shared_from_this();
  return std::shared_ptr<LaneGroup>(result.group, [keep](LaneGroup* group) { delete group; });
}

BoundDeclaration PluginLibrary::declare_bound(const LearnerSetup& setup) const {
  return checked_bound(setup, params_text(setup.params));
}

BoundDeclaration PluginLibrary::checked_bound(const LearnerSetup& setup,
                                              const std::string& which) const {
  const std::string who =
      "plugin '" + std::string(descriptor_->name) + "' (" + path_.string() + ")";
  const std::string when =
      which + " on a " + (setup.task == TaskKind::kBinary ? "binary" : "multi-class") + " task";
  BoundDeclaration declared;
  try {
    declared = descriptor_->declare_bound(setup);
  } catch (const std::exception& e) {
    throw PluginError(who + ": its declare_bound threw for " + when + ": " + e.what());
  } catch (...) {
    throw PluginError(who + ": its declare_bound threw for " + when + " (not a std::exception)");
  }
  const std::string problem = bound_declaration_problem(declared, *descriptor_, setup.task);
  if (!problem.empty()) {
    throw PluginError(who + " declares an invalid bound for " + when + ": " + problem +
                      " (docs/writing-a-plugin.md, \"Declaring the bound\")");
  }
  return declared;
}

std::shared_ptr<const PluginLibrary> load_plugin(const std::string& name_or_path,
                                                 const std::vector<std::filesystem::path>& dirs) {
  const std::filesystem::path file = locate_plugin(name_or_path, dirs);
  auto plugin = PluginLibrary::load(file);
  const std::string declared = plugin->descriptor().name;
  if (!is_plugin_path(name_or_path) && declared != name_or_path) {
    throw PluginError("plugin '" + file.string() + "' declares the name '" + declared + "', not '" +
                      name_or_path +
                      "' that was asked for: the file is misnamed or stale (a copy of another "
                      "plugin); rebuild or reinstall '" +
                      name_or_path + "', or name the file " + declared + ".so");
  }
  return plugin;
}

}  // namespace plab
