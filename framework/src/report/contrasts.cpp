#include "report/contrasts.hpp"

#include <algorithm>
#include <set>

#include "base/number_text.hpp"
#include "config/config_kinds.hpp"
#include "report/axis_trends.hpp"
#include "report/paired_comparison.hpp"

namespace plab {

namespace {

// How many mistake sentences of learners that differ the conclusion spells out; the
// comparison table has every one.
constexpr std::size_t kMaxDifferenceSentences = 3;

std::string vector_text(const std::vector<double>& w) {
  std::string s = "⟨";
  for (std::size_t k = 0; k < w.size(); ++k) s += (k == 0 ? "" : ", ") + significant(w[k], 6);
  return s + "⟩";
}

bool is_trace(const ReportData& d) {
  const auto* config = d.manifest.if_contains("config");
  const auto* protocol =
      config && config->is_object() ? config->as_object().if_contains("protocol") : nullptr;
  const auto* kind =
      protocol && protocol->is_object() ? protocol->as_object().if_contains("kind") : nullptr;
  // The config as run: it was checked then (a kind it names is one of kProtocolWords).
  return kind && kind->is_string() &&
         kind_of_word(kProtocolWords, kind->as_string()) == ProtocolKind::kTrajectory;
}

// A trace is one run told step by step: where it ended and when.
std::string trace_sentence(const ReportData& d) {
  if (d.series.empty() || d.summary.groups.empty()) return "";
  const GroupSeries& s = d.series.front();
  const GroupSummary& g = d.summary.groups.front();
  std::string text = "The trace of '" + s.learner + "' (repeat 0)";
  const auto w = s.final_weights.find(0);
  if (w != s.final_weights.end()) text += " ends at w = " + vector_text(w->second);
  if (s.first_updates) text += " after " + std::to_string(*s.first_updates) + " updates";
  if (!s.first_epochs) return text + ".";
  const std::string epochs = std::to_string(*s.first_epochs);
  if (g.converged == g.runs && g.runs > 0) {
    return text + "; it converged in epoch " + epochs +
           ", the first pass over the data without a " + "mistake.";
  }
  return text + "; it did not converge in its " + epochs + " epochs.";
}

// Across a margin sweep the exponent of the fitted power law is the finding.
std::string trend_sentence(const SlopeFit& f) {
  const std::string fit = "slope " + significant(f.slope, 3) + ", 95% CI " +
                          significant(f.ci_low, 3) + " to " + significant(f.ci_high, 3) +
                          ", over " + std::to_string(f.points) + " sweep points; " +
                          fit_margin_text(f);
  if (f.ci_low <= 0.0 && f.ci_high >= 0.0) {
    return "Across the sweep, the median mistakes of '" + f.learner +
           "' show no trend with (R/rho)^2 that the data can tell from none (" + fit + ").";
  }
  return "Across the sweep, the median mistakes of '" + f.learner + "' grow like ((R/rho)^2)^" +
         significant(f.slope, 3) + " (" + fit + "); the bound (R/rho)^2 has the exponent 1.";
}

std::string runs_of(std::size_t k, std::size_t n) {
  return std::to_string(k) + " of " + std::to_string(n) + (n == 1 ? " run" : " runs");
}

// At a sweep point, learners of which some converged in every run and others in none: a fact
// of the records, no statistics needed.
std::vector<std::string> convergence_contrasts(const ReportData& d) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < d.summary.groups.size();) {
    std::size_t end = i;
    std::vector<std::string> all;
    std::vector<std::string> none;
    while (end < d.summary.groups.size() &&
           d.summary.groups[end].point == d.summary.groups[i].point) {
      const GroupSummary& g = d.summary.groups[end];
      const std::string median =
          g.mistakes.count > 0 ? " (median " + significant(g.mistakes.median) + " mistakes)" : "";
      const std::string said =
          "'" + g.learner + "' converged in " + runs_of(g.converged, g.runs) + median;
      if (g.runs > 0 && g.converged == g.runs) all.push_back(said);
      if (g.runs > 0 && g.converged == 0) none.push_back(said);
      ++end;
    }
    if (!all.empty() && !none.empty()) {
      std::string text = "At " + point_name(d.summary.groups[i].point, d.summary.groups[i].params) +
                         " the learners differ in convergence: ";
      for (std::size_t k = 0; k < all.size(); ++k) text += (k == 0 ? "" : ", ") + all[k];
      text += "; ";
      for (std::size_t k = 0; k < none.size(); ++k) text += (k == 0 ? "" : ", ") + none[k];
      out.push_back(text + ".");
    }
    i = end;
  }
  return out;
}

// The value a point's config has at `pointer`: the point's sweep value, else the config's.
const boost::json::value* point_setting(const ReportData& d, const boost::json::value& params,
                                        const std::string& pointer) {
  if (params.is_object()) {
    if (const auto* v = params.as_object().if_contains(pointer)) return v;
  }
  boost::system::error_code ec;
  const auto* config = d.manifest.if_contains("config");
  return config ? config->find_pointer(pointer, ec) : nullptr;
}

// "Proved unable to converge" needs more than a certificate of non-separability: a clean
// epoch shows only that every row is on its side under the learner's tie rule. Under tie
// "mistake" that is y·(w·x̃) > 0 for every row, a strict separation the certificate excludes;
// under tie "positive" a zero score counts as +1, so a set certified inseparable can be
// learned with 0 mistakes, unless a constant feature (the bias of augmented data) lets a
// small shift of its weight make every score strict. The sentence is written only when one
// of the two holds, and names which.
std::vector<std::string> inseparable_sentences(const ReportData& d) {
  std::vector<std::string> out;
  const auto* points = d.manifest.if_contains("points");
  if (!points || !points->is_array()) return out;
  for (const GroupSummary& g : d.summary.groups) {
    if (g.point < 0 || static_cast<std::size_t>(g.point) >= points->as_array().size()) continue;
    boost::system::error_code ec;
    const auto* separable =
        points->as_array()[static_cast<std::size_t>(g.point)].find_pointer("/theory/separable", ec);
    if (!separable || !separable->is_bool() || separable->as_bool()) continue;
    if (g.plugin != "perceptron" && g.plugin != "eta_perceptron") continue;
    if (g.converged > 0) continue;
    // The learner's params as resolved for this point (defaults included).
    const boost::json::value* tie = nullptr;
    if (const auto* learners =
            points->as_array()[static_cast<std::size_t>(g.point)].find_pointer("/learners", ec);
        learners && learners->is_array()) {
      for (const auto& l : learners->as_array()) {
        const auto* name = l.is_object() ? l.as_object().if_contains("name") : nullptr;
        if (name && name->is_string() && name->as_string() == g.learner)
          tie = l.find_pointer("/params/tie", ec);
      }
    }
    if (!tie || !tie->is_string()) continue;
    const bool tie_mistake = tie->as_string() == "mistake";
    const auto* augment = point_setting(d, g.params, "/dataset/augment");
    const bool constant_feature = !augment || (augment->is_bool() && augment->as_bool());
    if (!tie_mistake && !constant_feature) continue;
    out.push_back("At " + point_name(g.point, g.params) +
                  " the data is certified not linearly separable, so '" + g.learner +
                  "' is proved unable to converge there: " +
                  (tie_mistake
                       ? "its tie rule \"mistake\" counts a zero score as a mistake, so a clean "
                         "epoch would need every row strictly on its side"
                       : "under its tie rule \"positive\" a zero score counts as +1, but the data "
                         "has a constant feature (the bias), so a clean epoch would still give a "
                         "strict separation") +
                  "; " + runs_of(0, g.runs) + " converged.");
  }
  return out;
}

std::string comparison_sentence(const PairedComparison& c, bool detectable) {
  const bool lower = c.difference.median < 0;
  const std::string what = c.measure == PairedMeasure::kTestError
                               ? (lower ? "lower test error" : "higher test error")
                               : (lower ? "fewer mistakes" : "more mistakes");
  const std::string head = c.difference.median == 0
                               ? "'" + c.other + "' and '" + c.baseline +
                                     "' had a median paired difference of 0 in " +
                                     measure_name(c.measure)
                               : "'" + c.other + "' had " + what + " than '" + c.baseline + "'";
  return head + " at sweep point " + std::to_string(c.point) + ": median paired difference " +
         significant(c.difference.median) + " (" + significant(100.0 * c.difference.coverage, 4) +
         "% CI " + significant(c.difference.low) + " to " + significant(c.difference.high) +
         ") over " + std::to_string(c.pairs) + " pairs, Holm-adjusted " + p_text(c.holm_p_value) +
         (detectable ? "" : ": the data cannot tell them apart at alpha = 0.05") + ".";
}

// Learners compared per repeat: the differences the Holm-adjusted test can tell, the
// smallest p first; with none, the closest one, said as undecided.
std::vector<std::string> paired_contrasts(const ReportData& d) {
  std::vector<PairedComparison> all = compare_learners(d);
  all.erase(
      std::remove_if(all.begin(), all.end(), [](const PairedComparison& c) { return c.pairs < 2; }),
      all.end());
  std::stable_sort(all.begin(), all.end(),
                   [](const auto& a, const auto& b) { return a.holm_p_value < b.holm_p_value; });
  std::vector<std::string> out;
  for (const PairedComparison& c : all) {
    if (c.holm_p_value >= 0.05 || out.size() == kMaxDifferenceSentences) break;
    out.push_back(comparison_sentence(c, true));
  }
  const auto detectable = static_cast<std::size_t>(std::count_if(
      all.begin(), all.end(), [](const PairedComparison& c) { return c.holm_p_value < 0.05; }));
  if (detectable > out.size()) {
    out.push_back(std::to_string(detectable - out.size()) +
                  " more differences are in the paired comparisons below.");
  }
  if (out.empty() && !all.empty()) out.push_back(comparison_sentence(all.front(), false));
  return out;
}

}  // namespace

std::vector<std::string> contrast_sentences(const ReportData& d) {
  std::vector<std::string> out;
  if (is_trace(d)) {
    if (std::string t = trace_sentence(d); !t.empty()) out.push_back(std::move(t));
    return out;
  }
  for (const SlopeFit& f : d.summary.fits) out.push_back(trend_sentence(f));
  for (std::string& s : axis_trend_sentences(d)) out.push_back(std::move(s));
  for (std::string& s : convergence_contrasts(d)) out.push_back(std::move(s));
  for (std::string& s : paired_contrasts(d)) out.push_back(std::move(s));
  for (std::string& s : inseparable_sentences(d)) out.push_back(std::move(s));
  return out;
}

}  // namespace plab
