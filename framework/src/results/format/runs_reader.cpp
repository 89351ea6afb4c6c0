#include "results/format/runs_reader.hpp"

#include <cstdio>
#include <memory>
#include <string>

#include <boost/json/parser.hpp>

#include "base/input_file.hpp"
#include "error.hpp"

namespace plab {

void refuse_long_line(const std::filesystem::path& file, std::size_t line_number) {
  throw DataError(file.string() + ":" + std::to_string(line_number) +
                  ": a line longer than 16 MiB; plab writes no such line (the file was "
                  "replaced or damaged, or is a device such as /dev/zero)");
}

bool read_bounded_line(std::istream& in, std::string& line, const std::filesystem::path& file,
                       std::size_t line_number) {
  line.clear();
  for (int c = in.get(); c != std::char_traits<char>::eof(); c = in.get()) {
    if (c == '\n') return true;
    if (line.size() == kMaxLineBytes) refuse_long_line(file, line_number);
    line += static_cast<char>(c);
  }
  return !line.empty();
}

RunsFileInfo read_runs(const std::filesystem::path& file,
                       const std::function<void(const boost::json::object&, std::size_t)>& visit) {
  InputFile f = open_regular_input(file);
  if (!f) throw ResultsError("cannot read '" + file.string() + "'");
  RunsFileInfo info;
  boost::json::parser parser;
  std::string line;
  std::size_t line_number = 0;
  char buffer[1 << 16];
  std::size_t got = 0;
  while ((got = std::fread(buffer, 1, sizeof buffer, f.get())) > 0) {
    for (std::size_t i = 0; i < got; ++i) {
      if (buffer[i] != '\n') {
        if (line.size() == kMaxLineBytes) refuse_long_line(file, line_number + 1);
        line += buffer[i];
        continue;
      }
      ++line_number;
      boost::json::error_code ec;
      parser.reset();
      parser.write(line, ec);  // a whole JSON text; no finish() needed
      boost::json::value value;
      if (!ec) value = parser.release();
      if (ec || !value.is_object()) {
        const std::string what =
            ec ? "not valid JSON (" + ec.message() + ")" : "valid JSON but not an object";
        throw DataError(file.string() + ":" + std::to_string(line_number) + ": " + what +
                        "; expected one run record, a JSON object, per line (the results file "
                        "was edited or damaged)");
      }
      visit(value.get_object(), line_number);
      info.complete_bytes += line.size() + 1;
      ++info.records;
      line.clear();
    }
  }
  info.torn_tail = !line.empty();
  return info;
}

}  // namespace plab
