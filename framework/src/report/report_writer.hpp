// `plab report DIR`: report.md, report.html and plots/ for a results folder.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace plab {

struct ReportResult {
  std::size_t figures = 0;
  std::vector<std::string> problems;  // figures that could not be drawn, and why
};

// Reads DIR's manifest.json and runs.jsonl (and trajectory.jsonl), writes the report into
// DIR. Throws UsageError when DIR is not a results folder.
ReportResult write_report(const std::filesystem::path& dir);

}  // namespace plab
