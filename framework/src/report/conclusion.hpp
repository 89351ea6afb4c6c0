// The report's opening: a few plain sentences computed from the records, so that a reader
// learns what happened before any table (did the theorem hold, how much did mistakes vary,
// which sweep points repeat one run exactly).
#pragma once

#include <string>
#include <vector>

#include "report/report_data.hpp"

namespace plab {

// The first sentence always says how many runs held their bound (or that none had one).
std::vector<std::string> conclusion_sentences(const ReportData& data);

}  // namespace plab
