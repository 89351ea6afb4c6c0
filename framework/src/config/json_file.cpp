#include "config/json_file.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>

#include "config/json_scan.hpp"
#include "error.hpp"

namespace plab {

Json parse_json_text(const std::string& text, const std::string& origin) {
  // Depth first: a deeply nested value would overflow the stack in a later copy or dump.
  check_json_text_limits(text, origin);
  Json value;
  try {
    value = Json::parse(text, nullptr, /*allow_exceptions=*/true, /*ignore_comments=*/true);
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
  check_duplicate_keys(text, origin);
  check_numbers_rounded_to_whole(text, origin);
  return value;
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
  // The size is checked before reading and again while reading (the file may grow).
  const auto too_large = [&](std::uintmax_t bytes) {
    return ConfigError("config file '" + path.string() + "' is " +
                       (bytes > kMaxConfigBytes ? "" : "more than ") + std::to_string(bytes) +
                       " bytes; plab reads configs of at most 16 MiB (" +
                       std::to_string(kMaxConfigBytes) +
                       " bytes): put large data in a CSV file (dataset kind \"csv\")");
  };
  const std::uintmax_t size = std::filesystem::file_size(path, ec);
  if (!ec && size > kMaxConfigBytes) throw too_large(size);
  std::string text;
  char buffer[1 << 14];
  std::size_t got = 0;
  while ((got = std::fread(buffer, 1, sizeof buffer, file.get())) > 0) {
    text.append(buffer, got);
    if (text.size() > kMaxConfigBytes) throw too_large(kMaxConfigBytes);
  }
  if (std::ferror(file.get()) != 0) {
    throw ConfigError("config file '" + path.string() +
                      "' cannot be read: " + std::strerror(errno));
  }
  return parse_json_text(text, path.string());
}

}  // namespace plab
