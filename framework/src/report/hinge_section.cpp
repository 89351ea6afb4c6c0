#include "report/hinge_section.hpp"

#include <algorithm>
#include <vector>

#include "base/number_text.hpp"

namespace plab {

void hinge_bound_section(const ReportData& d, Document& doc) {
  if (!d.summary.any_hinge) return;
  doc.heading("The hinge bound past separability");
  doc.paragraph(
      "Freund and Schapire's bound holds without separability: mistakes ≤ (R‖v‖ + √T·‖h₁(v)‖)² "
      "for any v, T the run's epochs (docs/bounds.md, \"Past separability\"). Each run takes "
      "the smallest bound over the certified candidates v of the squared-hinge path; the "
      "ratio divides the run's mistakes by it.");
  std::vector<std::vector<std::string>> rows = {{"point", "learner", "runs", "hinge bound",
                                                 "applies", "max ratio", "median ratio",
                                                 "violations"}};
  for (const GroupSummary& g : d.summary.groups) {
    rows.push_back({std::to_string(g.point), g.learner, std::to_string(g.runs),
                    g.hinge_kind.empty() ? "-" : g.hinge_kind, std::to_string(g.hinge_applies),
                    g.hinge_ratio_max ? significant(*g.hinge_ratio_max, 4) : "-",
                    g.hinge_ratio_median ? significant(*g.hinge_ratio_median, 4) : "-",
                    std::to_string(g.hinge_violations)});
  }
  doc.table(std::move(rows));
}

std::string hinge_bound_sentence(const Summary& s) {
  if (!s.any_hinge) return "";
  std::size_t applies = 0, violations = 0;
  double worst = 0.0;
  for (const GroupSummary& g : s.groups) {
    applies += g.hinge_applies;
    violations += g.hinge_violations;
    if (g.hinge_ratio_max) worst = std::max(worst, *g.hinge_ratio_max);
  }
  std::string text = violations == 0 ? "The hinge bound past separability held: "
                                     : "The hinge bound past separability FAILED: ";
  text += std::to_string(applies - std::min(applies, violations)) + " of " +
          std::to_string(applies) + " runs carrying it stayed within it";
  return text + "; the worst used " + significant(100.0 * worst, 3) + " % of it.";
}

}  // namespace plab
