// `plab report DB --query SQL --out OUT`: the paired comparison of the learners whose runs a
// query returns from a database plab export wrote (results/export/sqlite_query.hpp), as if one
// folder held them all.
#pragma once

#include <filesystem>
#include <string>

#include "report/report_writer.hpp"

namespace plab {

// Writes report.md and report.html into `out` (report/comparison_target.hpp: a folder of its
// own; an earlier report there only with `force`). UsageError when the query does not return
// matching runs (one seed per sweep point).
ReportResult write_query_report(const std::filesystem::path& db, const std::string& sql,
                                const std::filesystem::path& out, bool force);

}  // namespace plab
