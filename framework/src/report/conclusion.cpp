#include "report/conclusion.hpp"

#include <algorithm>
#include <cstdio>
#include <set>

#include "analysis/statistics.hpp"
#include "base/number_text.hpp"
#include "report/contrasts.hpp"
#include "report/hinge_section.hpp"
#include "results/format/json_text.hpp"

namespace plab {

namespace {

std::string percent(double fraction) {
  char buffer[48];
  std::snprintf(buffer, sizeof buffer, "%.3g %%", 100.0 * fraction);
  return buffer;
}

std::string runs_word(std::size_t n) { return std::to_string(n) + (n == 1 ? " run" : " runs"); }

std::string theorem_sentence(const Summary& s) {
  std::size_t judged = 0;
  double worst = 0.0;
  bool any_ratio = false;
  for (const GroupSummary& group : s.groups) {
    judged += group.bound_applies;
    if (group.ratio_max) worst = std::max(worst, *group.ratio_max), any_ratio = true;
  }
  if (judged == 0) {
    return "No run had a bound that applies to it (the data is not certified separable, or "
           "the learner declares no bound), so this report checks no theorem; " +
           runs_word(s.runs) + " were recorded.";
  }
  const std::size_t held = judged - std::min(judged, s.violations);
  std::string text = s.violations == 0 ? "The theorem held: " : "The theorem FAILED: ";
  text += judged == 1
              ? (held == 1 ? "the one run stayed within its bound" : "the one run did not")
              : std::to_string(held) + " of " + runs_word(judged) + " stayed within their bound";
  if (s.violations > 0 && judged > 1) text += ", " + std::to_string(s.violations) + " exceeded it";
  if (any_ratio)
    text += (judged == 1 ? "; it used " : "; the worst used ") + percent(worst) + " of it";
  text += ".";
  if (judged < s.runs) {
    text += " " + std::to_string(s.runs - judged) + " of the " + runs_word(s.runs) +
            " had no applicable bound.";
  }
  return text;
}

}  // namespace

std::vector<std::string> conclusion_sentences(const ReportData& d) {
  // The findings first: each claim with its numbers and its verdict, then the theorem's.
  // Without claims, what the data shows: a sweep's trend, learners that differ, a trace's end.
  std::vector<std::string> out;
  for (const ClaimVerdict& c : d.claims)
    out.push_back("Claim '" + c.what + "': " + c.detail + ": " + verdict_word(c.verdict) + ".");
  if (d.claims.empty()) out = contrast_sentences(d);
  out.push_back(theorem_sentence(d.summary));
  if (const std::string hinge = hinge_bound_sentence(d.summary); !hinge.empty())
    out.push_back(hinge);
  // Sweep points (and learners) where every repeat made the same count are one run done many
  // times: said once, and kept out of the spread of the others.
  std::vector<std::string> identical;
  std::vector<double> varying;
  std::size_t varying_groups = 0;
  std::set<std::string> learners;
  for (std::size_t i = 0; i < d.summary.groups.size(); ++i) {
    const GroupSummary& group = d.summary.groups[i];
    learners.insert(group.learner);
    std::vector<double> mistakes;
    for (const auto& entry : d.series[i].mistakes_by_repeat) mistakes.push_back(entry.second);
    if (mistakes.empty()) continue;
    const auto [low, high] = std::minmax_element(mistakes.begin(), mistakes.end());
    if (mistakes.size() > 1 && *low == *high) {
      identical.push_back(point_name(group.point, group.params) + " for '" + group.learner +
                          "': all " + std::to_string(mistakes.size()) + " runs made " +
                          significant(*low) + " mistakes");
    } else {
      varying.insert(varying.end(), mistakes.begin(), mistakes.end());
      ++varying_groups;
    }
  }
  if (!identical.empty()) {
    std::string text = "Identical runs: ";
    for (std::size_t k = 0; k < identical.size(); ++k) text += (k == 0 ? "" : "; ") + identical[k];
    out.push_back(text + ".");
  }
  if (varying.size() == 1) {
    out.push_back("It made " + significant(varying.front()) + " mistakes.");
  } else if (!varying.empty()) {
    const auto [low, high] = std::minmax_element(varying.begin(), varying.end());
    const bool one_learner = learners.size() == 1;
    out.push_back(std::string(identical.empty() ? "Mistakes" : "Elsewhere, mistakes") +
                  " spread from " + significant(*low) + " to " + significant(*high) + " (median " +
                  significant(median_of(varying)) + ") over " + runs_word(varying.size()) + " (" +
                  std::to_string(varying_groups) +
                  (one_learner           ? (varying_groups == 1 ? " sweep point" : " sweep points")
                   : varying_groups == 1 ? " pair of sweep point and learner"
                                         : " pairs of sweep point and learner") +
                  ").");
  }
  std::size_t not_converged = 0;
  for (const GroupSummary& group : d.summary.groups)
    not_converged += group.not_converged + group.diverged + group.failed;
  if (not_converged > 0) {
    out.push_back(std::to_string(not_converged) + " of the " + runs_word(d.summary.runs) +
                  " did not converge (not converged, diverged or failed): see the table.");
  }
  return out;
}

}  // namespace plab
