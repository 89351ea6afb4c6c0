// Setting a value at a JSON Pointer inside a config, for sweeps and --set overrides.
#pragma once

#include <string>

#include "config/json.hpp"

namespace plab {

// Sets `document[pointer] = value`. The pointer's parent must exist: an object (the key is
// added or replaced) or an array (the index must exist). Otherwise a ConfigError names
// `where` (the JSON Pointer or option that asked) and what is missing.
void set_at_pointer(Json& document, const std::string& pointer, const Json& value,
                    const std::string& where);

// Applies one `--set /pointer=VALUE` override: VALUE is JSON or a bare word taken as a
// string (`--set /init/kind=gaussian`); see command_line_value.hpp.
void apply_override(Json& document, const std::string& assignment);

}  // namespace plab
