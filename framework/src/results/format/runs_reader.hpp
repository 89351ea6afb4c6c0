// Reading runs.jsonl back, one record at a time (Boost.JSON), for summaries, verification
// and resumption. Memory does not grow with the file.
#pragma once

#include <cstddef>
#include <filesystem>
#include <functional>
#include <istream>
#include <string>

#include <boost/json/object.hpp>

namespace plab {

struct RunsFileInfo {
  std::size_t records = 0;         // complete, parsed lines
  std::size_t complete_bytes = 0;  // bytes up to the end of the last complete line
  bool torn_tail = false;          // the file ends in a partial line (a killed writer)
};

// Calls `visit(record, line_number)` for each complete line. A final line without '\n' is
// reported as torn and not visited. A complete line that is not a JSON object is an error
// (DataError naming file:line), and so is a line longer than kMaxLineBytes.
// No line plab writes comes near this; a longer one (a file that is a device such as
// /dev/zero, or garbage) is refused rather than read into memory without end.
inline constexpr std::size_t kMaxLineBytes = std::size_t{16} << 20;

// The next line of `in` (without its '\n') into `line`; false at the end of the stream with
// nothing read. A line longer than kMaxLineBytes is a DataError naming `file`:`line_number`.
bool read_bounded_line(std::istream& in, std::string& line, const std::filesystem::path& file,
                       std::size_t line_number);

// The DataError for a line of `file` longer than kMaxLineBytes, for readers of other streams.
[[noreturn]] void refuse_long_line(const std::filesystem::path& file, std::size_t line_number);

RunsFileInfo read_runs(const std::filesystem::path& file,
                       const std::function<void(const boost::json::object&, std::size_t)>& visit);

}  // namespace plab
