// Reading a JSON config file: comments allowed, parse errors located by line and column.
#pragma once

#include <filesystem>
#include <string>

#include "config/json.hpp"

namespace plab {

// Parses JSON text allowing // and /* */ comments. `origin` names the text in errors
// (a file path, or "--set /a/b"). Throws ConfigError with origin:line:column.
Json parse_json_text(const std::string& text, const std::string& origin);

// Reads and parses a file; a missing or unreadable file is a ConfigError naming it.
Json read_json_file(const std::filesystem::path& path);

}  // namespace plab
