#include "report/paired_comparison.hpp"

#include <cmath>
#include <cstdio>

namespace plab {

namespace {

std::string number_text(double v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.4g", v);
  return buffer;
}

std::string p_text(double p) {
  if (p < 1e-4) return "p < 0.0001";
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "p = %.4g", p);
  return buffer;
}

PairedComparison compare(const GroupSeries& a, const GroupSeries& b, bool on_test_error) {
  PairedComparison c;
  c.point = a.point;
  c.baseline = a.learner;
  c.other = b.learner;
  c.measure = on_test_error ? "test error" : "mistakes";
  const auto& va = on_test_error ? a.test_error_by_repeat : a.mistakes_by_repeat;
  const auto& vb = on_test_error ? b.test_error_by_repeat : b.mistakes_by_repeat;
  std::vector<double> diff;
  for (std::size_t r = 0; r < std::min(va.size(), vb.size()); ++r) {
    if (!std::isnan(va[r]) && !std::isnan(vb[r])) diff.push_back(vb[r] - va[r]);
  }
  c.pairs = diff.size();
  if (diff.empty()) {
    c.sentence = "No repeat of point " + std::to_string(c.point) + " has " + c.measure +
                 " for both '" + c.baseline + "' and '" + c.other + "'.";
    return c;
  }
  c.difference = median_ci95(diff);
  c.test = wilcoxon_signed_rank(diff);
  const double m = c.difference.median;
  const std::string how =
      m == 0 ? "the same median " + c.measure + " as"
             : "a median of " + number_text(std::fabs(m)) + (m > 0 ? " more " : " fewer ") +
                   c.measure + (on_test_error ? " (fraction of test samples)" : "") + " than";
  c.sentence = "At sweep point " + std::to_string(c.point) + ", '" + c.other + "' had " + how +
               " '" + c.baseline + "' over " + std::to_string(c.pairs) +
               " paired repeats (median paired difference " + number_text(m) + ", " +
               number_text(100 * c.difference.coverage) + "% CI " + number_text(c.difference.low) +
               " to " + number_text(c.difference.high) + "; Wilcoxon signed-rank " +
               p_text(c.test.p_value) + (c.test.exact ? ", exact" : ", normal approximation") +
               ").";
  return c;
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
  return out;
}

}  // namespace plab
