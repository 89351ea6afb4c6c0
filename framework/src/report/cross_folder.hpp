// `plab report A B --out DIR`: the paired comparison of the learners of two results folders
// whose runs match (same data, seed, sweep points and repeats), so that repeat r of a point
// saw the same start, order and split in both. The comparison is compare_learners' over the
// two folders' learners taken together: the same numbers as if one folder held them all.
#pragma once

#include <filesystem>

#include "report/report_data.hpp"
#include "report/report_writer.hpp"

namespace plab {

// A's and B's series at every point (A's first), B's learners renamed "name (B)" where A has
// one of the same name. Throws UsageError naming the first difference when the runs do not
// match.
ReportData combine_for_comparison(const ReportData& a, const ReportData& b);

// Reads both folders, writes report.md and report.html into `out` (report/comparison_target.hpp:
// a folder of its own; an earlier report there only with `force`). UsageError when A and B
// are one folder or either is a shard; throws as combine_for_comparison and load_report_data do.
ReportResult write_cross_report(const std::filesystem::path& a, const std::filesystem::path& b,
                                const std::filesystem::path& out, bool force);

}  // namespace plab
