// The one integer rule of configs: an integer field takes a JSON number whose value is exactly
// an integer in the field's range, however it is written (100, 100.0 and 1e2 alike); 2.5,
// 1e400 and anything past the range are refused with the range named.
#pragma once

#include <cstdint>
#include <optional>

#include "config/json.hpp"

namespace plab {

// The value of `v` if it is a number with an exact integer value that a signed 64-bit
// integer holds, else nothing.
std::optional<std::int64_t> exact_int64(const Json& v);

// The same for an unsigned 64-bit integer (0 to 18446744073709551615).
std::optional<std::uint64_t> exact_uint64(const Json& v);

}  // namespace plab
