// The report's "Paired comparisons of learners" section: one table and one sentence per
// comparison. Shared by the report of a folder and the report across two folders, so that
// both print the same numbers the same way.
#pragma once

#include <vector>

#include "report/document.hpp"
#include "report/paired_comparison.hpp"

namespace plab {

// Nothing when `all` is empty.
void comparison_section(const std::vector<PairedComparison>& all, Document& doc);

}  // namespace plab
