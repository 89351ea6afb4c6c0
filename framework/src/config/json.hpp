// The config model's JSON type. Objects keep the order they were written in, so that sweep
// axes expand in the order a user reads them and the manifest echoes the file's layout.
#pragma once

#include <nlohmann/json.hpp>

namespace plab {

using Json = nlohmann::ordered_json;

}  // namespace plab
