#include "analysis/range_verdict.hpp"

#include <limits>
#include <optional>

#include "analysis/claim_words.hpp"
#include "analysis/record_checks.hpp"

namespace plab::claims {

Verdict range_verdict(double low, double high, const boost::json::value& range, std::string& text) {
  if (!range.is_object() || range.as_object().empty())
    throw Malformed("a range needs an object of min, max, above, below or near with tol");
  const auto& r = range.as_object();
  double lo = -std::numeric_limits<double>::infinity();
  double hi = std::numeric_limits<double>::infinity();
  bool lo_strict = false;
  bool hi_strict = false;
  for (const auto& c : r) {
    const std::string_view key = c.key();
    const std::optional<Condition> known = kind_of_word(kConditionWords, key);
    if (known == Condition::kTol) continue;
    const double v = number(c.value(), key);
    switch (known.value_or(Condition::kNot)) {
      case Condition::kMin:
      case Condition::kAbove:
        if (v >= lo) lo = v, lo_strict = known == Condition::kAbove;
        break;
      case Condition::kMax:
      case Condition::kBelow:
        if (v <= hi) hi = v, hi_strict = known == Condition::kBelow;
        break;
      case Condition::kNear: {
        const boost::json::value* tol = r.if_contains("tol");
        const double t = tol ? number(*tol, "tol") : 0.0;
        lo = std::max(lo, v - t);
        hi = std::min(hi, v + t);
        break;
      }
      default:  // unknown, or a condition that needs a record or is no range
        throw Malformed("a range knows min, max, above, below and near with tol, not \"" +
                        std::string(key) + "\"");
    }
  }
  text = std::string(lo_strict ? "(" : "[") + show(boost::json::value(lo)) + ", " +
         show(boost::json::value(hi)) + (hi_strict ? ")" : "]");
  const auto inside = [&](double x) {
    return (lo_strict ? x > lo : x >= lo) && (hi_strict ? x < hi : x <= hi);
  };
  if (inside(low) && inside(high)) return Verdict::kHolds;
  const bool below_range = lo_strict ? high <= lo : high < lo;
  const bool above_range = hi_strict ? low >= hi : low > hi;
  return below_range || above_range ? Verdict::kFails : Verdict::kUndecided;
}

}  // namespace plab::claims
