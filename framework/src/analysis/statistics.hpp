// Statistics shared by claims and reports: intervals for means and medians, the signed-rank
// test and Holm's adjustment.
//
// Learners are compared per repeat (the same repeat has the same start and order for every
// learner: common random numbers), so the comparisons are paired differences d = b − a.
#pragma once

#include <cstddef>
#include <vector>

#include "base/median.hpp"

namespace plab {

struct MeanInterval {
  double mean = 0.0;
  double half_width = 0.0;  // 95% Student-t interval: mean ± half_width (0 for n < 2)
};
MeanInterval mean_ci95(const std::vector<double>& values);

// A distribution-free interval for the median from order statistics: [d_(k), d_(n+1−k)]
// with the largest k whose binomial coverage is at least 95% (exact; no resampling).
// With fewer than 6 values no such k exists and the interval is [min, max].
struct MedianInterval {
  double median = 0.0;
  double low = 0.0;
  double high = 0.0;
  double coverage = 1.0;  // the exact coverage of [low, high]
};
MedianInterval median_ci95(std::vector<double> values);

// Wilcoxon signed-rank test of "the differences are symmetric about 0", two-sided. Zero
// differences are dropped (Wilcoxon's convention); none left gives p = 1. Exact null
// distribution for up to 50 non-zero differences without ties, otherwise the normal
// approximation with tie and continuity corrections.
struct SignedRankTest {
  std::size_t n = 0;    // non-zero differences used
  double w_plus = 0.0;  // sum of the ranks of the positive differences
  double p_value = 1.0;
  bool exact = true;
};
SignedRankTest wilcoxon_signed_rank(const std::vector<double>& differences);

// Holm's step-down adjustment of a family of m p-values (Holm 1979), in the input's order:
// with p_(1) <= ... <= p_(m) sorted, the adjusted p_(i) is max over j <= i of
// min(1, (m − j + 1)·p_(j)). Rejecting where the adjusted value is below α keeps the chance of
// any false rejection in the family at most α, without assuming the tests independent.
std::vector<double> holm_adjusted(const std::vector<double>& p_values);

}  // namespace plab
