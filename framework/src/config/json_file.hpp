// Reading a JSON config file: comments allowed, parse errors located by line and column.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

#include "config/json.hpp"

namespace plab {

// The largest config file read, checked before reading (configs hold settings, and inline
// data only for small examples).
inline constexpr std::uintmax_t kMaxConfigBytes = std::uintmax_t{16} << 20;

// Parses JSON text allowing // and /* */ comments. `origin` names the text in errors
// (a file path, or "--set /a/b"). Throws ConfigError with origin:line:column.
Json parse_json_text(const std::string& text, const std::string& origin);

// Reads and parses a file; a missing, unreadable or too large file is a ConfigError naming
// it. NUL bytes, nesting deeper than kMaxJsonDepth and duplicate keys are refused.
Json read_json_file(const std::filesystem::path& path);

}  // namespace plab
