// Whether the median mistakes (test error, for a holdout) trend with a numeric sweep axis,
// said in the conclusion when the config states no claims: Spearman's rank correlation
// between the axis value and the median over the sweep points, with a permutation test of
// "no association" (exact over every ordering of up to 8 points, Student's t approximation
// beyond). The unit is the sweep point, one median each; the sentence says whether the points
// share one data set (the test then speaks of that data set only) or each has its own.
#pragma once

#include <string>
#include <vector>

#include "report/report_data.hpp"

namespace plab {

struct RankCorrelation {
  double rho = 0.0;      // Spearman's, ties given their mean rank
  double p_value = 1.0;  // two-sided
  bool exact = false;    // p over every ordering of the points, else the t approximation
};

// x and y of the same length, at least 3, neither constant.
RankCorrelation spearman(const std::vector<double>& x, const std::vector<double>& y);

std::vector<std::string> axis_trend_sentences(const ReportData& d);

}  // namespace plab
