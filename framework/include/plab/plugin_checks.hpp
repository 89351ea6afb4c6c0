// The checks a loaded plugin must pass before anything of it is used, header-only so that
// the engine's loader (framework/src/plugin_loader/plugin_library.cpp) and the SDK's test loader
// (plab/testing.hpp) refuse the same plugins with the same sentences.
//
// Each function returns "" when the plugin passes, or the rest of a sentence that starts
// with the plugin's name ("plugin '…/p.so' was built for plugin ABI version 1, …").
#pragma once

#include <cstdint>
#include <string>

#include "plab/descriptor.hpp"

namespace plab::plugin_checks {

inline constexpr const char* kDescriptorSymbol = "plab_descriptor";
inline constexpr const char* kFactorySymbol = "plab_create";

inline std::string missing_entry_points() {
  return std::string("is a shared library but not a perceptron-lab plugin: it does not export '") +
         kDescriptorSymbol + "' and '" + kFactorySymbol +
         "' (write PLAB_PLUGIN(descriptor, Learner) in its source)";
}

// abi_version is the first member in every ABI version, so it can be read before the rest
// of the layout is trusted: this check comes first.
inline std::string abi_problem(std::uint32_t plugin_abi) {
  if (plugin_abi == kAbiVersion) return "";
  return "was built for plugin ABI version " + std::to_string(plugin_abi) +
         ", but this plab supports version " + std::to_string(kAbiVersion) +
         "; rebuild the plugin against this plab's SDK";
}

// The descriptor's fields, once its ABI version matches.
inline std::string descriptor_problem(const PluginDescriptor& d) {
  if (d.name == nullptr || *d.name == '\0' || (d.param_count > 0 && d.params == nullptr) ||
      d.version == nullptr || d.summary == nullptr || d.details == nullptr) {
    return "has an incomplete descriptor (name, version, summary, details and the param table "
           "must be set)";
  }
  if (d.declare_bound == nullptr) {
    return "declares no bound: its descriptor's `declare_bound` is not set (write "
           "plab::no_bound for a learner without one; docs/writing-a-plugin.md)";
  }
  return "";
}

}  // namespace plab::plugin_checks
