// What a JSON number's text says, before a double rounds it. nlohmann reads a number with a
// fraction or an exponent as the nearest double, so 1.0000000000000000001 and 1e-400 arrive
// as the whole numbers 1 and 0: an integer field (seed, repeats, max_epochs, a plugin's
// integer param) would take them as such, silently. The text decides instead.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace plab {

// Whether the JSON number `token` (JSON's number syntax) is exactly an integer in decimal:
// 100, 100.0, 1e2 and 1.5e1 are; 2.5, 1e-1 and 1.0000000000000000001 are not.
bool is_integer_text(std::string_view token);

// The whole number a double makes of `token` when the text is not an integer but its nearest
// double is whole (1.0000000000000000001 gives 1, 1e-400 gives 0, 9007199254740993.5 gives
// 9007199254740994); nothing otherwise.
std::optional<double> whole_double_of_fraction(std::string_view token);

// A whole double as messages show it: its digits ("9007199254740994", "-0"), in exponent form
// only from 1e21 on.
std::string whole_number_text(double whole);

}  // namespace plab
