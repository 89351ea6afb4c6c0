// One text per JSON value, equal exactly when the values are: numbers by their exact value
// (1, 1.0 and 1e0 give "1"; 9007199254740993 and 9007199254740992.0 stay apart, which a
// comparison as doubles would not keep), strings, keys and literals as JSON writes them,
// arrays and objects element by element in their order. A value read back from a manifest
// (numbers in shortest round-trip form) gives the text of the value written.
#pragma once

#include <string>

#include "config/json.hpp"

namespace plab {

std::string canonical_json_text(const Json& value);

}  // namespace plab
