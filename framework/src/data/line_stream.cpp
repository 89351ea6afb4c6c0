#include "data/line_stream.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <vector>

#include "base/file_hash.hpp"
#include "base/utf8_text.hpp"
#include "error.hpp"

namespace plab {

std::string stream_lines(std::FILE* file, const std::string& origin, std::size_t chunk_bytes,
                         const LineStreamWords& words,
                         const std::function<void(std::string_view)>& on_line) {
  Sha256 hash;  // fed the very chunks that are parsed
  std::vector<char> buffer(std::max<std::size_t>(chunk_bytes, 1));
  std::string partial;    // the start of a line that continues in the next chunk
  std::size_t lines = 0;  // handed to on_line so far
  std::size_t got = 0;
  while ((got = std::fread(buffer.data(), 1, buffer.size(), file)) > 0) {
    std::string_view chunk(buffer.data(), got);
    hash.update(chunk);
    // A NUL byte ends the read here, before a binary file without line ends is gathered
    // into one enormous line; the parsers name it the same way.
    const std::size_t nul = chunk.find('\0');
    std::string_view text = chunk.substr(0, nul);
    for (std::size_t end = text.find('\n'); end != std::string_view::npos; end = text.find('\n')) {
      ++lines;
      if (partial.empty()) {
        on_line(text.substr(0, end));
      } else {
        partial.append(text.substr(0, end));
        on_line(partial);
        partial.clear();
      }
      text.remove_prefix(end + 1);
    }
    partial.append(text);
    if (nul != std::string_view::npos) {
      throw DataError(origin + ":" + std::to_string(lines + 1) + ": a NUL byte; this is not " +
                      words.not_text);
    }
    if (partial.size() > kMaxDataLineBytes) {
      throw DataError(origin + ":" + std::to_string(lines + 1) + ": the line is longer than " +
                      std::to_string(kMaxDataLineBytes >> 20) + " MiB; " + words.too_long);
    }
  }
  if (std::ferror(file) != 0) {
    throw DataError("data file '" + origin + "' could not be read: " + std::strerror(errno));
  }
  if (!partial.empty()) on_line(partial);
  return hash.finish();
}

std::string_view clean_line(std::string_view line, std::size_t number, const std::string& origin,
                            const LineStreamWords& words) {
  if (number == 1 && line.starts_with("\xEF\xBB\xBF")) line.remove_prefix(3);  // BOM
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  if (line.find('\0') != std::string_view::npos) {
    throw DataError(origin + ":" + std::to_string(number) + ": a NUL byte; this is not " +
                    words.not_text);
  }
  // A CR left inside is the line end of a file written with CR alone (classic Mac OS): read
  // as one line, its rows would be misnamed as one long row or a bad value.
  if (const std::size_t cr = line.find('\r'); cr != std::string_view::npos) {
    throw DataError(origin + ":" + std::to_string(number) + ":" + std::to_string(cr + 1) +
                    ": a carriage return (\\r) inside the line: the file's lines seem to end "
                    "in CR alone; plab reads lines ended by \\n or \\r\\n (convert it, e.g. "
                    "tr '\\r' '\\n' < in > out)");
  }
  return line;
}

void require_utf8(std::string_view text, std::size_t number, const std::string& origin) {
  const std::size_t at = first_non_utf8(text);
  if (at == std::string_view::npos) return;
  throw DataError(origin + ":" + std::to_string(number) + ":" + std::to_string(at + 1) + ": byte " +
                  byte_hex(static_cast<unsigned char>(text[at])) +
                  " is not UTF-8; plab reads data files as UTF-8 text (labels and header names "
                  "are written into JSON): convert the file, e.g. iconv -f latin1 -t utf-8 < in "
                  "> out");
}

std::string split_lines(std::string_view text,
                        const std::function<void(std::string_view)>& on_line) {
  Sha256 hash;
  hash.update(text);
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    on_line(text.substr(0, end));
    text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
  }
  return hash.finish();
}

DataFile open_data_file(const std::filesystem::path& path) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) {
    throw DataError("data file '" + path.string() + "' does not exist or is not a regular file");
  }
  DataFile file(std::fopen(path.c_str(), "rb"), &std::fclose);
  if (!file) {
    throw DataError("data file '" + path.string() +
                    "' cannot be opened for reading: " + std::strerror(errno));
  }
  return file;
}

}  // namespace plab
