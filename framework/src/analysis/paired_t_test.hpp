// Paired t-tests of "the mean difference is 0", two-sided, for differences d_j of two
// learners on the same J units, and the corrections for units that share their data.
//
// Holdout splits of one data set overlap: two splits train on mostly the same rows, so their
// differences are positively correlated and the plain t-test's variance s²/J is far too small
// (its p-values are too small). Nadeau & Bengio (2003, "Inference for the generalization
// error", Machine Learning 52) replace 1/J by 1/J + n_test/n_train: the corrected resampled
// t-test. Bouckaert & Frank (2004, "Evaluating the replicability of significance tests for
// comparing learning algorithms", PAKDD) apply the same correction to r repetitions of k-fold
// cross-validation with J = r·k and n_test/n_train = 1/(k − 1): the corrected repeated k-fold
// test. Both keep J − 1 degrees of freedom.
#pragma once

#include <cstddef>
#include <vector>

namespace plab {

struct PairedTTest {
  std::size_t n = 0;  // J, the differences used
  double mean = 0.0;  // d̄
  double sd = 0.0;    // sample standard deviation of the d_j (J − 1 in the denominator)
  double variance_factor = 0.0;  // 1/J, or 1/J + n_test/n_train
  double t = 0.0;                // d̄ / sqrt(variance_factor · sd²)
  double df = 0.0;               // J − 1
  double p_value = 1.0;          // two-sided, Student t with df degrees of freedom
};

// The plain paired t-test: variance factor 1/J. Fewer than 2 differences, or differences that
// are all equal, give p = 1 (nonzero equal differences: p = 0, the sign is certain).
PairedTTest paired_t_test(const std::vector<double>& differences);

// The corrected test for units that overlap: variance factor 1/J + test_to_train, where
// test_to_train is n_test/n_train of one unit.
PairedTTest corrected_paired_t_test(const std::vector<double>& differences, double test_to_train);

}  // namespace plab
