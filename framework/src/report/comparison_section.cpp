#include "report/comparison_section.hpp"

#include "base/number_text.hpp"

namespace plab {

void comparison_section(const std::vector<PairedComparison>& all, Document& doc) {
  if (all.empty()) return;
  doc.heading("Paired comparisons of learners");
  doc.paragraph(
      "At a sweep point, repeat r gives every learner the same start, order and split, "
      "so learners are compared per repeat: the paired difference is (learner) minus "
      "(baseline, the point's first learner). The interval is distribution-free (order "
      "statistics); the p-value is the Wilcoxon signed-rank test's, two-sided. With "
      "several comparisons, small raw p-values turn up by chance: the Holm p-value is "
      "adjusted over all comparisons of this report (Holm's step-down method), and is the "
      "one to hold against a significance level.");
  std::vector<std::vector<std::string>> rows = {{"point", "baseline", "learner", "measure", "pairs",
                                                 "median difference", "CI", "Wilcoxon p",
                                                 "Holm p"}};
  for (const PairedComparison& c : all) {
    if (c.pairs == 0) {  // no test was run: no statistics to print, only why
      rows.push_back({std::to_string(c.point), c.baseline, c.other, measure_name(c.measure), "0",
                      "none (no pairs)", "-", "-", "-"});
      continue;
    }
    rows.push_back({std::to_string(c.point), c.baseline, c.other, measure_name(c.measure),
                    std::to_string(c.pairs), significant(c.difference.median),
                    "[" + significant(c.difference.low) + ", " + significant(c.difference.high) +
                        "] (" + significant(100 * c.difference.coverage, 3) + "%)",
                    significant(c.test.p_value, 3), significant(c.holm_p_value, 3)});
  }
  doc.table(std::move(rows));
  for (const PairedComparison& c : all) doc.paragraph(c.sentence);
}

}  // namespace plab
