// The comparison claim: one learner's field below (or above) a baseline's, paired over a
// named unit of replication, with the test that unit calls for.
//
//   "compare": {"field": "test_error", "learner": "averaged", "below": "perceptron",
//               "per": "split", "alpha": 0.05}
//
// per "split": the repeats of a holdout protocol are splits of one data set; they overlap, so
//   the corrected resampled t-test (Nadeau & Bengio 2003) with the protocol's n_test/n_train,
//   or for k-fold cross-validation the corrected repeated k-fold test (Bouckaert & Frank
//   2004, J = r·k, n_test/n_train = 1/(k − 1)). One sweep point only.
// per "repeat": repeats are independent draws (their own order and start on their own data
//   stream): the Wilcoxon signed-rank test over the pairs (point, repeat).
// per a sweep pointer ("/dataset/seed"): each value is one independent unit; the learners'
//   values are averaged within a unit, then paired: the Wilcoxon signed-rank test.
//
// With "difference": RANGE (and "baseline", "below" or "above" naming the baseline) the claim
// is about the size of learner − baseline instead: the test's 95% interval of it (for splits
// the corrected t interval, mean ± t·√(1/J + n_test/n_train)·s; otherwise the median's
// order-statistic interval) must lie inside RANGE.
//
// The claim holds when the (Holm-adjusted) p-value is below alpha and the difference points
// the claimed way, fails when it is below alpha and points the other way, and is undecided
// otherwise: the data cannot tell.
#pragma once

#include <boost/json.hpp>
#include <string>

#include "analysis/record_checks.hpp"

namespace plab::claims {

struct Comparison {
  double p_value = 1.0;
  double alpha = 0.05;
  bool claimed_way = false;  // the estimated difference points the way the claim says
  std::string finding;       // "'averaged' below 'perceptron' on test_error by 0.031 (...)"
  std::string test;          // which test, on what, and why; its statistic and p-value
  // The 95% interval of the difference (learner − baseline) that goes with the test, and
  // the claimed range for it ("difference"), if any: then the claim is a range claim.
  double low = 0.0;
  double high = 0.0;
  std::string interval;
  boost::json::value difference;
};

Comparison compare(const boost::json::object& claim, const ClaimInputs& inputs);

// With a "difference" range: holds when the interval lies inside it, fails when outside,
// undecided across a limit (range_verdict.hpp). Such a claim is no test of a hypothesis and
// stays out of the Holm family.
Outcome difference_verdict(const Comparison& c);

// The verdict once the family's Holm-adjusted p-value is known (family_size 1: none).
Outcome comparison_verdict(const Comparison& c, double adjusted_p, std::size_t family_size);

}  // namespace plab::claims
