// Checking a config's `params` object against a plugin's param table.
#pragma once

#include <string>

#include "base/number_text.hpp"  // number_text, used with these functions
#include "config/json.hpp"
#include "plab/descriptor.hpp"

namespace plab {

// Every declared param, from the config or its default, type- and range-checked; then the
// plugin's own check. Throws ConfigError naming the JSON Pointer, the plugin and the param.
ParamSet resolve_params(const PluginDescriptor& plugin, const Json& params,
                        const std::string& pointer);

// Every declared param at its default, unchecked (the defaults are the plugin's own).
ParamSet default_params(const PluginDescriptor& plugin);

Json params_to_json(const ParamSet& params);

// For `plab describe`: "real, > 0", "one of: mistake | positive", ...
std::string describe_param_type(const ParamSpec& spec);
std::string describe_param_default(const ParamSpec& spec);

}  // namespace plab
