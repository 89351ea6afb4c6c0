// Whether text is well-formed UTF-8. plab writes labels, names, paths and its command line into
// JSON files (manifest.json, runs.jsonl, a labels mapping), and JSON text is UTF-8: bytes that
// are not (a Latin-1 'é', 0xE9) would make a file plab's own readers refuse, so they are
// refused where they come in.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace plab {

// The offset of the first byte of `text` that does not start a well-formed UTF-8 sequence
// (Unicode's table "Well-Formed UTF-8 Byte Sequences": no overlong forms, no surrogates,
// nothing past U+10FFFF, no sequence cut short), or std::string_view::npos when there is none.
std::size_t first_non_utf8(std::string_view text);

// "U+0063 U+0061 U+0066 U+00E9": the code points of `text`, for messages about text that
// looks alike but is written differently ('é' precomposed against 'e' and a combining accent).
// A byte that starts no well-formed sequence is written as byte_hex does.
std::string code_points_text(std::string_view text);

// "0xE9": a byte as the messages name it.
std::string byte_hex(unsigned char byte);

}  // namespace plab
