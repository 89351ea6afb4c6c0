#include "config/json_file.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>

#include "error.hpp"

namespace plab {

namespace {

// nlohmann reports a byte offset; people want line and column.
std::string line_and_column(const std::string& text, std::size_t byte) {
  std::size_t line = 1;
  std::size_t column = 1;
  for (std::size_t i = 0; i < byte && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
  }
  return std::to_string(line) + ":" + std::to_string(column);
}

}  // namespace

Json parse_json_text(const std::string& text, const std::string& origin) {
  try {
    return Json::parse(text, nullptr, /*allow_exceptions=*/true,
                       /*ignore_comments=*/true);
  } catch (const nlohmann::json::parse_error& e) {
    // e.byte is one past the offending character.
    const std::size_t at = e.byte > 0 ? e.byte - 1 : 0;
    std::string what = e.what();
    const auto colon = what.find("parse error");
    if (colon != std::string::npos) what = what.substr(colon);
    throw ConfigError(origin + ":" + line_and_column(text, at) + ": invalid JSON: " + what);
  } catch (const nlohmann::json::exception& e) {
    // Found by fuzz_config: a number too large for a double ("1e999") is reported as
    // out_of_range, without a position.
    std::string what = e.what();
    const auto bracket = what.find("] ");
    if (bracket != std::string::npos) what = what.substr(bracket + 2);
    throw ConfigError(origin + ": invalid JSON: " + what +
                      "; numbers must fit in a double (at most about 1.8e308)");
  }
}

Json read_json_file(const std::filesystem::path& path) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) {
    throw ConfigError("config file '" + path.string() + "' does not exist");
  }
  if (std::filesystem::is_directory(path, ec)) {
    throw ConfigError("config file '" + path.string() + "' is a folder; give a .json file");
  }
  // A pipe or device would block the read, or never end it.
  if (!std::filesystem::is_regular_file(path, ec)) {
    throw ConfigError("config file '" + path.string() +
                      "' is not a regular file; give a .json file");
  }
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "rb"),
                                                       &std::fclose);
  if (!file) {
    throw ConfigError("config file '" + path.string() +
                      "' cannot be opened: " + std::strerror(errno));
  }
  std::string text;
  char buffer[1 << 14];
  std::size_t got = 0;
  while ((got = std::fread(buffer, 1, sizeof buffer, file.get())) > 0) text.append(buffer, got);
  if (std::ferror(file.get()) != 0) {
    throw ConfigError("config file '" + path.string() +
                      "' cannot be read: " + std::strerror(errno));
  }
  return parse_json_text(text, path.string());
}

}  // namespace plab
