// Checks on JSON text that nlohmann's parser does not make, with line:column positions.
//
// nlohmann accepts any nesting depth (and later recursive copies and dumps of a deep value
// overflow the stack), stops reading at a NUL byte, and keeps the last of two equal keys.
// The scanner walks the text once, without recursion, before and after nlohmann parses it.
#pragma once

#include <cstddef>
#include <string>

namespace plab {

// The deepest nesting of [ ] and { } a config may have. Real configs need fewer than 10.
inline constexpr std::size_t kMaxJsonDepth = 256;

// "line:column" (both from 1) of byte `byte` of `text`.
std::string line_and_column(const std::string& text, std::size_t byte);

// Refuses a NUL byte or nesting deeper than kMaxJsonDepth, as
// ConfigError "origin:line:column: ...". Safe on any text, valid JSON or not.
void check_json_text_limits(const std::string& text, const std::string& origin);

// Refuses an object that has the same key twice, naming both places. Call it only on text
// nlohmann parsed (comments allowed), so that the scanner's view of strings is right.
void check_duplicate_keys(const std::string& text, const std::string& origin);

// Refuses a number whose text is not an integer but whose nearest double is whole
// (1.0000000000000000001, 1e-400; config/json_number_text.hpp), naming its JSON Pointer.
// Call it only on text nlohmann parsed, as check_duplicate_keys.
void check_numbers_rounded_to_whole(const std::string& text, const std::string& origin);

}  // namespace plab
