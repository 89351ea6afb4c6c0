// Files for the fuzz targets that read results folders (fuzz_results, fuzz_export): a
// temporary folder made once per process, bytes written to a file as they are, and an
// input cut into the parts of a folder.
#pragma once

#include <stdlib.h>

#include <cstdio>
#include <filesystem>
#include <string>
#include <string_view>

namespace plab::fuzz {

// A new folder under the system's temporary folder, named PREFIX-XXXXXX; aborts if it cannot.
inline std::filesystem::path make_temp_folder(const std::string& prefix) {
  std::string pattern = (std::filesystem::temp_directory_path() / (prefix + "-XXXXXX")).string();
  if (mkdtemp(pattern.data()) == nullptr) std::abort();
  return std::filesystem::path(pattern);
}

// Writes `bytes` to `file` (made or emptied first); aborts if it cannot.
inline void write_bytes(const std::filesystem::path& file, std::string_view bytes) {
  std::FILE* f = std::fopen(file.c_str(), "wb");
  if (f == nullptr) std::abort();
  if (!bytes.empty()) std::fwrite(bytes.data(), 1, bytes.size(), f);
  std::fclose(f);
}

// `text` cut at the first `separator`: what comes before it and what after (all of `text`
// and nothing, `found` false, without one).
struct Cut {
  std::string_view before;
  std::string_view after;
  bool found = false;
};
inline Cut cut_at(std::string_view text, std::string_view separator) {
  const std::size_t at = text.find(separator);
  if (at == std::string_view::npos) return {text, {}, false};
  return {text.substr(0, at), text.substr(at + separator.size()), true};
}

}  // namespace plab::fuzz
