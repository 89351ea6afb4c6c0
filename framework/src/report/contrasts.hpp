// What the data shows when the config states no claim, said first in the conclusion with its
// numbers: the trend along a margin sweep (the fitted exponent and its interval), learners
// that differ (in how many runs converged, or in paired mistakes or test error, Holm-adjusted
// over the report), and for a trace (the trajectory protocol) the final weights and the epoch
// it converged in. Each sentence is computed from the records; none is written without them.
#pragma once

#include <string>
#include <vector>

#include "report/report_data.hpp"

namespace plab {

std::vector<std::string> contrast_sentences(const ReportData& d);

}  // namespace plab
