// One loaded plugin: its shared library, its checked descriptor, and its factory.
//
// Loading happens on the main thread, before any parallel region. Every learner made by a
// library holds a reference to it, so the library stays loaded while any such learner lives.
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include <boost/dll/shared_library.hpp>

#include "error.hpp"
#include "plab/descriptor.hpp"

namespace plab {

// The plugin's factory ran out of memory (its error is std::bad_alloc's). While an experiment
// is prepared it is a plugin error like any other (exit 3, naming the weights' size); inside a
// run it is the engine's failure, never the run's result (protocols/protocol.cpp).
struct LearnerOutOfMemoryError : PluginError {
  using PluginError::PluginError;
};

class PluginLibrary : public std::enable_shared_from_this<PluginLibrary> {
 public:
  // Loads `file` and checks it: a shared library, exporting plab_descriptor and plab_create,
  // built for this engine's ABI version, whose bound declaration is valid for its default
  // params on every task it supports (so a broken declaration is refused at load, even by
  // `plab describe`, not only by the config that first meets it). Throws PluginError naming
  // the file otherwise.
  static std::shared_ptr<const PluginLibrary> load(const std::filesystem::path& file);

  const PluginDescriptor& descriptor() const { return *descriptor_; }
  const std::filesystem::path& path() const { return path_; }

  // Makes a learner; a factory failure is a PluginError carrying the plugin's message
  // (LearnerOutOfMemoryError when it is std::bad_alloc).
  std::shared_ptr<Learner> create(const LearnerSetup& setup) const;

  // A group training `width` repeats side by side (0: the widest this CPU runs natively;
  // plab/lane_group.hpp), or null when the plugin offers no lanes for these params or could
  // not make them: its runs then train one at a time, where a real problem is recorded.
  std::shared_ptr<LaneGroup> create_lanes(const LearnerSetup& setup, std::size_t width) const;

  // The bound the plugin declares for `setup` (resolved params, data shape), checked by
  // bound_declaration_problem. Throws PluginError naming the plugin, the params and the
  // field when the declaration is refused or the plugin's function throws.
  BoundDeclaration declare_bound(const LearnerSetup& setup) const;

  // Private by intent; public only for std::make_shared.
  struct Token {};
  PluginLibrary(Token, boost::dll::shared_library library, std::filesystem::path path);

 private:
  // declare_bound, with `which` saying which params they are in messages.
  BoundDeclaration checked_bound(const LearnerSetup& setup, const std::string& which) const;

  boost::dll::shared_library library_;
  std::filesystem::path path_;
  const PluginDescriptor* descriptor_ = nullptr;
  CreateFunction* create_ = nullptr;
};

// Finds `name_or_path` (plugin_locator.hpp) and loads it. A file found by a name must declare
// that name: a copy or a stale build left under another plugin's name is refused
// (PluginError naming the file and both names), never trained under the name the user gave.
// A path is loaded whatever its file is called.
std::shared_ptr<const PluginLibrary> load_plugin(const std::string& name_or_path,
                                                 const std::vector<std::filesystem::path>& dirs);

}  // namespace plab
