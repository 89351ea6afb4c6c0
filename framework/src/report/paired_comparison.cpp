#include "report/paired_comparison.hpp"

#include <cmath>

#include "base/number_text.hpp"

namespace plab {

const char* measure_name(PairedMeasure measure) {
  return measure == PairedMeasure::kTestError ? "test error" : "mistakes";
}

std::string p_text(double p) { return p < 1e-4 ? "p < 0.0001" : "p = " + significant(p); }

namespace {

PairedComparison compare(const GroupSeries& a, const GroupSeries& b, bool on_test_error) {
  PairedComparison c;
  c.point = a.point;
  c.baseline = a.learner;
  c.other = b.learner;
  c.measure = on_test_error ? PairedMeasure::kTestError : PairedMeasure::kMistakes;
  const std::string measure = measure_name(c.measure);
  const auto& va = on_test_error ? a.test_error_by_repeat : a.mistakes_by_repeat;
  const auto& vb = on_test_error ? b.test_error_by_repeat : b.mistakes_by_repeat;
  std::vector<double> diff;
  std::vector<double> values_a;
  std::vector<double> values_b;
  for (const auto& [repeat, x] : va) {
    const auto y = vb.find(repeat);
    if (y == vb.end()) continue;
    diff.push_back(y->second - x);
    values_a.push_back(x);
    values_b.push_back(y->second);
  }
  c.pairs = diff.size();
  if (diff.empty()) {
    c.sentence = "No repeat of point " + std::to_string(c.point) + " has " + measure +
                 " for both '" + c.baseline + "' and '" + c.other + "'.";
    return c;
  }
  c.difference = median_ci95(diff);
  c.test = wilcoxon_signed_rank(diff);
  const double m = c.difference.median;
  // The median of the differences is not the difference of the medians: say which was
  // computed, and give both medians, so that "0" is not read as "the same median".
  const std::string unit = on_test_error ? " (fraction of test samples)" : "";
  const std::string how = m == 0 ? "a median paired difference of 0 " + measure + " against"
                                 : "a median paired difference of " + significant(std::fabs(m)) +
                                       (m > 0 ? " more " : " fewer ") + measure + unit + " than";
  c.sentence = "At sweep point " + std::to_string(c.point) + ", '" + c.other + "' had " + how +
               " '" + c.baseline + "' over " + std::to_string(c.pairs) +
               " paired repeats (median " + measure + " " + significant(median_of(values_b)) +
               " for '" + c.other + "' and " + significant(median_of(values_a)) + " for '" +
               c.baseline + "'; " + significant(100 * c.difference.coverage) +
               "% CI of the median difference " + significant(c.difference.low) + " to " +
               significant(c.difference.high) + "; Wilcoxon signed-rank " + p_text(c.test.p_value) +
               (c.test.exact ? ", exact" : ", normal approximation") + ").";
  return c;
}

void adjust_for_many(std::vector<PairedComparison>& all) {
  std::vector<PairedComparison*> family;
  std::vector<double> raw;
  for (PairedComparison& c : all) {
    if (c.pairs == 0) continue;  // no test was run
    family.push_back(&c);
    raw.push_back(c.test.p_value);
  }
  const std::vector<double> holm = holm_adjusted(raw);
  for (std::size_t i = 0; i < family.size(); ++i) {
    PairedComparison& c = *family[i];
    c.holm_p_value = holm[i];
    c.family_size = family.size();
    if (family.size() < 2) continue;  // one test: the raw p-value is the adjusted one
    // The sentence ends in ")."; the adjusted value goes inside, after the raw one.
    c.sentence.insert(c.sentence.size() - 2,
                      "; Holm-adjusted over the " + std::to_string(family.size()) +
                          " comparisons of this report " + p_text(c.holm_p_value));
  }
}

}  // namespace

std::vector<PairedComparison> compare_learners(const ReportData& data) {
  std::vector<PairedComparison> out;
  for (std::size_t i = 0; i < data.series.size(); ++i) {
    const GroupSeries& a = data.series[i];
    if (i > 0 && data.series[i - 1].point == a.point) continue;  // a is not the point's first
    for (std::size_t j = i + 1; j < data.series.size() && data.series[j].point == a.point; ++j) {
      out.push_back(compare(a, data.series[j], false));
      if (a.has_test_error && data.series[j].has_test_error) {
        out.push_back(compare(a, data.series[j], true));
      }
    }
  }
  adjust_for_many(out);
  return out;
}

}  // namespace plab
