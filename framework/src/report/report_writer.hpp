// `plab report DIR`: report.md, report.html and plots/ for a results folder.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "report/document.hpp"
#include "report/plots.hpp"
#include "report/report_data.hpp"

namespace plab {

struct ReportResult {
  std::size_t figures = 0;
  std::vector<std::string> problems;  // figures that could not be drawn, and why
  // What is wrong or partial about the folder (results/folder/folder_audit.hpp), also in the
  // report.
  std::vector<std::string> folder_notes;
  std::vector<ClaimVerdict> claims;  // the folder's claims, evaluated and stored in claims.json
};

// The report's text for data already read, with the figures drawn (none is fine): what
// write_report writes, and what the results fuzzer renders without gnuplot.
Document report_document(const ReportData& data, const FigureSet& figures);

// Reads DIR's manifest.json and runs.jsonl (and trajectory.jsonl), writes the report into
// DIR. Throws UsageError when DIR is not a results folder, DataError naming file:line and
// field when a record or the manifest is malformed.
ReportResult write_report(const std::filesystem::path& dir);

}  // namespace plab
