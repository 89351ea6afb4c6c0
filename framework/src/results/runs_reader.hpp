// Reading runs.jsonl back, one record at a time (Boost.JSON), for summaries, verification
// and resumption. Memory does not grow with the file.
#pragma once

#include <cstddef>
#include <filesystem>
#include <functional>

#include <boost/json/object.hpp>

namespace plab {

struct RunsFileInfo {
  std::size_t records = 0;         // complete, parsed lines
  std::size_t complete_bytes = 0;  // bytes up to the end of the last complete line
  bool torn_tail = false;          // the file ends in a partial line (a killed writer)
};

// Calls `visit(record, line_number)` for each complete line. A final line without '\n' is
// reported as torn and not visited. A complete line that is not a JSON object is an error
// (ResultsError naming file:line).
RunsFileInfo read_runs(const std::filesystem::path& file,
                       const std::function<void(const boost::json::object&, std::size_t)>& visit);

}  // namespace plab
