#include "analysis/comparison_claim.hpp"

#include <cmath>
#include <map>
#include <optional>
#include <set>

#include <boost/math/distributions/students_t.hpp>

#include "analysis/claim_words.hpp"
#include "analysis/paired_t_test.hpp"
#include "analysis/range_verdict.hpp"
#include "analysis/statistics.hpp"
#include "base/number_text.hpp"
#include "config/config_kinds.hpp"

namespace plab::claims {

namespace json = boost::json;

namespace {

std::string comparison_p_text(double p) {
  return p < 1e-4 ? "p < 0.0001" : "p = " + significant(p, 3);
}

std::string compare_key(const json::object& c, const char* key) {
  const json::value* v = c.if_contains(key);
  if (!v || !v->is_string()) throw Malformed(R"("compare" needs ")" + std::string(key) + "\"");
  return std::string(v->as_string());
}

// The protocol's value at `key` (test_fraction, folds), a sweep point's own value first.
const json::value* protocol_value_of(const ClaimInputs& in, const json::object& record,
                                     const char* key) {
  const json::value& swept = value_at(record, "/protocol/" + std::string(key));
  if (!swept.is_null()) return &swept;
  boost::system::error_code ec;
  return in.manifest.find_pointer("/config/protocol/" + std::string(key), ec);
}

struct UnitPairs {
  std::vector<double> differences;  // learner − baseline
  std::set<std::string> points;
};

// UnitPairs keyed by `key_of` (a record's unit); values within a key are averaged.
template <typename KeyOf>
UnitPairs pair_units(const Records& selected, const std::string& f, const std::string& learner,
                     const std::string& baseline, KeyOf key_of) {
  std::map<std::string, std::pair<std::vector<double>, std::vector<double>>> by_unit;
  UnitPairs p;
  for (const json::object* r : selected) {
    const json::value& name = field(*r, "learner");
    const bool is_learner = name.is_string() && name.as_string() == learner;
    const bool is_baseline = name.is_string() && name.as_string() == baseline;
    if (!is_learner && !is_baseline) continue;
    const json::value& v = field(*r, f);
    if (!v.is_number())
      throw Undecidable("a record of '" + std::string(name.as_string()) + "' has " + f + " = " +
                        show(v));
    auto& slot = by_unit[key_of(*r)];
    (is_learner ? slot.first : slot.second).push_back(v.to_number<double>());
    p.points.insert(show(field(*r, "point")));
  }
  for (const auto& [unit, values] : by_unit) {
    if (values.first.empty() || values.second.empty()) continue;
    const auto mean = [](const std::vector<double>& v) {
      double s = 0;
      for (const double x : v) s += x;
      return s / static_cast<double>(v.size());
    };
    p.differences.push_back(mean(values.first) - mean(values.second));
  }
  if (p.differences.empty())
    throw Undecidable("no unit has both '" + learner + "' and '" + baseline + "' on " + f);
  return p;
}

// The unit "per" names: a word of kComparisonUnitWords, a sweep pointer, or none (Malformed
// where the comparison needs it, after its other keys, as before).
std::optional<ComparisonUnit> comparison_unit_of(std::string_view per) {
  if (const auto unit = kind_of_word(kComparisonUnitWords, per)) return unit;
  if (!per.empty() && per.front() == '/') return ComparisonUnit::kSweepValue;
  return std::nullopt;
}

}  // namespace

Comparison compare(const json::object& claim, const ClaimInputs& inputs) {
  const json::object& c = object_at(claim, "compare");
  const std::string f = compare_key(c, "field");
  const std::string learner = compare_key(c, "learner");
  const std::string per = compare_key(c, "per");
  const std::optional<ComparisonUnit> unit = comparison_unit_of(per);
  const bool below = c.contains("below");
  const json::value* difference = c.if_contains("difference");
  const int named = int(below) + int(c.contains("above")) + int(c.contains("baseline"));
  if (named != 1 || (c.contains("baseline") && !difference))
    throw Malformed(
        "\"compare\" needs one of \"below\" and \"above\" naming the baseline (or "
        "\"baseline\" with a \"difference\" range)");
  const std::string baseline = compare_key(c, below                 ? "below"
                                              : c.contains("above") ? "above"
                                                                    : "baseline");
  Comparison out;
  if (const json::value* a = c.if_contains("alpha")) {
    out.alpha = number(*a, "alpha");
    if (!(out.alpha > 0 && out.alpha < 1)) throw Malformed("\"alpha\" lies in (0, 1)");
  }
  const Records selected = select(inputs.records, claim);
  double estimate = 0.0;
  double direction = 0.0;
  std::string units;
  if (unit == ComparisonUnit::kSplit) {
    const UnitPairs p = pair_units(selected, f, learner, baseline, [](const json::object& r) {
      return show(field(r, "point")) + "/" + show(field(r, "repeat"));
    });
    if (p.points.size() != 1)
      throw Undecidable("splits of " + std::to_string(p.points.size()) +
                        " sweep points are not splits of one data set: select one point with "
                        "\"where\"");
    const json::object& any = *selected.front();
    const json::value* kind = protocol_value_of(inputs, any, "kind");
    if (!kind || !kind->is_string() ||
        kind_of_word(kProtocolWords, kind->as_string()) != ProtocolKind::kHoldout)
      throw Undecidable("per \"split\" needs the holdout protocol");
    const json::value* folds = protocol_value_of(inputs, any, "folds");
    const double k = folds && folds->is_number() ? folds->to_number<double>() : 0.0;
    const json::value* fraction = protocol_value_of(inputs, any, "test_fraction");
    const double tf = fraction && fraction->is_number() ? fraction->to_number<double>() : 0.3;
    const double ratio = k >= 2 ? 1.0 / (k - 1.0) : tf / (1.0 - tf);
    const PairedTTest t = corrected_paired_t_test(p.differences, ratio);
    const PairedTTest naive = paired_t_test(p.differences);
    const std::string j = std::to_string(t.n);
    out.test = (k >= 2 ? "corrected repeated k-fold t-test (Bouckaert & Frank 2004: the " + j +
                             " folds of " + significant(k, 3) +
                             "-fold cross-validation share their training rows, so the "
                             "variance is inflated by 1/J + 1/(k-1) = 1/" +
                             j + " + 1/" + significant(k - 1, 3)
                       : "corrected resampled t-test (Nadeau & Bengio 2003: the " + j +
                             " holdout splits overlap, so the variance is inflated by 1/J + "
                             "n_test/n_train = 1/" +
                             j + " + " + significant(ratio, 4)) +
               "), t = " + significant(t.t, 3) + ", df = " + significant(t.df, 3) + ", " +
               comparison_p_text(t.p_value) +
               "; the plain paired t-test, which assumes independent "
               "splits, would give " +
               comparison_p_text(naive.p_value);
    out.p_value = t.p_value;
    const double q =
        boost::math::quantile(boost::math::complement(boost::math::students_t(t.df), 0.025));
    const double half = q * std::sqrt(t.variance_factor) * t.sd;
    out.low = t.mean - half;
    out.high = t.mean + half;
    out.interval = "corrected 95% t interval";
    estimate = t.mean;
    direction = t.mean;
    units = j + " paired splits";
  } else {
    if (!unit)
      throw Malformed(
          "\"per\" is \"split\", \"repeat\" or a sweep pointer such as "
          "\"/dataset/seed\"");
    const bool by_repeat = unit == ComparisonUnit::kRepeat;
    const UnitPairs p = pair_units(selected, f, learner, baseline, [&](const json::object& r) {
      return by_repeat ? show(field(r, "point")) + "/" + show(field(r, "repeat"))
                       : show(value_at(r, per));
    });
    const SignedRankTest w = wilcoxon_signed_rank(p.differences);
    const auto n = static_cast<double>(w.n);
    out.test = std::string("Wilcoxon signed-rank test (the ") +
               std::to_string(p.differences.size()) +
               (by_repeat ? " repeats" : " units of " + per) +
               " are independent draws), W+ = " + significant(w.w_plus, 4) + " over " +
               std::to_string(w.n) + " non-zero differences, " + comparison_p_text(w.p_value) +
               (w.exact ? ", exact" : ", normal approximation");
    out.p_value = w.p_value;
    const MedianInterval m = median_ci95(p.differences);
    out.low = m.low;
    out.high = m.high;
    out.interval = significant(100 * m.coverage, 3) + "% order-statistic interval of the median";
    estimate = median_of(p.differences);
    // A median difference of 0 has no sign: the rank sums say which way the pairs lean.
    direction = estimate != 0.0 ? estimate : w.w_plus - n * (n + 1.0) / 4.0;
    units = std::to_string(p.differences.size()) + (by_repeat ? " paired repeats" : " units");
  }
  out.claimed_way = below ? direction < 0 : direction > 0;
  if (difference) out.difference = *difference;
  const bool lower = direction < 0;
  out.finding = "'" + learner + "' " + (lower ? "below" : "above") + " '" + baseline + "' on " + f +
                " by " + significant(std::fabs(estimate), 3) + " (" +
                (unit == ComparisonUnit::kSplit ? "mean" : "median") + " paired difference over " +
                units + ")";
  return out;
}

Outcome difference_verdict(const Comparison& c) {
  std::string range;
  const Verdict v = range_verdict(c.low, c.high, c.difference, range);
  const std::string where = v == Verdict::kHolds   ? "inside"
                            : v == Verdict::kFails ? "outside"
                                                   : "across a limit of";
  return {v, c.finding + "; " + c.interval + " of the difference [" + significant(c.low, 3) + ", " +
                 significant(c.high, 3) + "] lies " + where + " the claimed " + range + "; " +
                 c.test};
}

Outcome comparison_verdict(const Comparison& c, double adjusted_p, std::size_t family_size) {
  std::string text = c.finding + "; " + c.test;
  if (family_size > 1)
    text += "; Holm-adjusted over the " + std::to_string(family_size) + " comparisons " +
            comparison_p_text(adjusted_p);
  const bool significant_at_alpha = adjusted_p < c.alpha;
  text += significant_at_alpha ? "; significant at alpha = " + significant(c.alpha, 3)
                               : "; not significant at alpha = " + significant(c.alpha, 3) +
                                     ": the data cannot tell";
  if (!significant_at_alpha) return {Verdict::kUndecided, text};
  return {c.claimed_way ? Verdict::kHolds : Verdict::kFails, text};
}

}  // namespace plab::claims
