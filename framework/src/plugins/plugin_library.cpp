#include "plugins/plugin_library.hpp"

#include <boost/dll/library_info.hpp>

#include "error.hpp"

namespace plab {

namespace {

const char* const kDescriptorSymbol = "plab_descriptor";
const char* const kFactorySymbol = "plab_create";

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
    throw PluginError(where +
                      " is a shared library but not a perceptron-lab plugin: it does not "
                      "export '" +
                      std::string(kDescriptorSymbol) + "' and '" + kFactorySymbol +
                      "' (write PLAB_PLUGIN(descriptor, Learner) in its source)");
  }
  auto plugin = std::make_shared<PluginLibrary>(Token{}, std::move(library), file);
  const auto& descriptor = plugin->library_.get_alias<const PluginDescriptor>(kDescriptorSymbol);
  // abi_version is the first member in every ABI version, so it can be read before the rest
  // of the layout is trusted.
  if (descriptor.abi_version != kAbiVersion) {
    throw PluginError(where + " was built for plugin ABI version " +
                      std::to_string(descriptor.abi_version) + ", but this plab supports version " +
                      std::to_string(kAbiVersion) + "; rebuild the plugin against this plab's SDK");
  }
  if (descriptor.name == nullptr || *descriptor.name == '\0' ||
      (descriptor.param_count > 0 && descriptor.params == nullptr) ||
      descriptor.version == nullptr || descriptor.summary == nullptr ||
      descriptor.details == nullptr) {
    throw PluginError(where +
                      " has an incomplete descriptor (name, version, summary, details and "
                      "the param table must be set)");
  }
  plugin->descriptor_ = &descriptor;
  plugin->create_ = &plugin->library_.get_alias<CreateFunction>(kFactorySymbol);
  return plugin;
}

std::shared_ptr<Learner> PluginLibrary::create(const LearnerSetup& setup) const {
  CreateResult result = create_(setup);
  if (result.learner == nullptr) {
    throw PluginError("plugin '" + std::string(descriptor_->name) + "' (" + path_.string() +
                      ") could not create a learner: " +
                      (result.error.empty() ? "no reason given" : result.error));
  }
  // The deleter owns a reference to this library: the learner's code stays mapped until the
  // learner is gone.
  std::shared_ptr<const PluginLibrary> keep = shared_from_this();
  return std::shared_ptr<Learner>(result.learner, [keep](Learner* learner) { delete learner; });
}

}  // namespace plab
