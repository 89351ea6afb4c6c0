// Paired comparisons of learners at one sweep point (common random numbers: the same
// repeat has the same start, order and split for every learner).
#pragma once

#include <string>
#include <vector>

#include "analysis/statistics.hpp"
#include "report/report_data.hpp"

namespace plab {

// What a comparison compares: each run's mistakes, or its test error (holdout).
enum class PairedMeasure { kMistakes, kTestError };

// "mistakes" or "test error": the tables' and sentences' word for it.
const char* measure_name(PairedMeasure measure);

struct PairedComparison {
  std::size_t point = 0;
  std::string baseline;  // learner a
  std::string other;     // learner b
  PairedMeasure measure = PairedMeasure::kMistakes;
  std::size_t pairs = 0;      // repeats where both have a value
  MedianInterval difference;  // of b − a
  SignedRankTest test;
  // Holm-adjusted over the report's family: every comparison with at least one pair.
  double holm_p_value = 1.0;
  std::size_t family_size = 0;
  std::string sentence;  // one a user can quote
};

// Every learner at a point against the point's first learner, on mistakes and, where
// recorded, on test error. Many comparisons make small raw p-values cheap, so each carries
// its Holm-adjusted p-value over all of them (the sentence says so when there are several).
std::vector<PairedComparison> compare_learners(const ReportData& data);

// "p = 0.0312", or "p < 0.0001" below it.
std::string p_text(double p);

}  // namespace plab
