// Reading a text data file line by line in fixed chunks, for the CSV and svmlight readers:
// memory holds one line, never the file; a NUL byte or an overlong line ends the read at
// once (a binary file or one without line ends is not gathered into memory whole); the
// bytes are hashed as they are read, so the digest is of exactly the bytes parsed.
#pragma once

#include <cstddef>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

namespace plab {

// Longer lines are refused by both readers.
inline constexpr std::size_t kMaxDataLineBytes = std::size_t{64} << 20;

// How the errors name the format: "...: a NUL byte; this is not <not_text>" and "...: the
// line is longer than 64 MiB; <too_long>".
struct LineStreamWords {
  const char* not_text;  // "a text CSV file"
  const char* too_long;  // "rows this long are not accepted (is this a CSV file?)"
};

// Calls `on_line` with each line without its '\n' (a last line without one too); returns the
// SHA-256 (hex) of the bytes read. Throws DataError naming `origin` and the line.
std::string stream_lines(std::FILE* file, const std::string& origin, std::size_t chunk_bytes,
                         const LineStreamWords& words,
                         const std::function<void(std::string_view)>& on_line);

// A line as the parsers read it: without a UTF-8 byte-order mark (line 1) and a CR before
// its '\n'; DataError "<origin>:<number>: a NUL byte; ..." when it holds one, and
// "<origin>:<number>:<column>: a carriage return ..." when a CR is left inside.
std::string_view clean_line(std::string_view line, std::size_t number, const std::string& origin,
                            const LineStreamWords& words);

// Labels and header names go into JSON (manifest.json, runs.jsonl, a labels mapping), which
// is UTF-8: a byte sequence that is not well-formed UTF-8 in `text` (a Latin-1 'é') is
// DataError "<origin>:<number>:<column>: byte 0xE9 is not UTF-8; ...", column 1-based in
// `text`, rather than a folder or mapping that its own readers would refuse.
void require_utf8(std::string_view text, std::size_t number, const std::string& origin);

// The same for text already in memory (no limits: tests and fuzzers compare the two).
std::string split_lines(std::string_view text,
                        const std::function<void(std::string_view)>& on_line);

using DataFile = std::unique_ptr<std::FILE, int (*)(std::FILE*)>;

// Opens a data file for reading; DataError when it is missing, not a regular file, or
// cannot be opened.
DataFile open_data_file(const std::filesystem::path& path);

}  // namespace plab
