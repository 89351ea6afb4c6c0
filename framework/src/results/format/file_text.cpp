#include "results/format/file_text.hpp"

#include <cstdio>
#include <memory>

#include "base/input_file.hpp"
#include "error.hpp"

namespace plab {

namespace fs = std::filesystem;

std::string read_text(const fs::path& file) {
  InputFile f = open_regular_input(file);
  if (!f) return "";
  std::string text;
  char buffer[1 << 16];
  std::size_t got = 0;
  while ((got = std::fread(buffer, 1, sizeof buffer, f.get())) > 0) text.append(buffer, got);
  return text;
}

void truncate_to(const fs::path& file, std::size_t bytes) {
  std::error_code ec;
  if (!fs::exists(file, ec)) return;
  if (fs::file_size(file, ec) == bytes) return;
  fs::resize_file(file, bytes, ec);
  if (ec) throw WriteError("cannot truncate '" + file.string() + "': " + ec.message());
}

void append_text(const fs::path& file, const std::string& text) {
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> f(std::fopen(file.c_str(), "ab"), &std::fclose);
  if (!f || std::fwrite(text.data(), 1, text.size(), f.get()) != text.size() ||
      std::fflush(f.get()) != 0) {
    throw WriteError("writing '" + file.string() + "' failed");
  }
}

}  // namespace plab
