#include "analysis/range_verdict.hpp"

#include <limits>

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
    if (key == "tol") continue;
    const double v = number(c.value(), key);
    if (key == "min" || key == "above") {
      if (v >= lo) lo = v, lo_strict = key == "above";
    } else if (key == "max" || key == "below") {
      if (v <= hi) hi = v, hi_strict = key == "below";
    } else if (key == "near") {
      const boost::json::value* tol = r.if_contains("tol");
      const double t = tol ? number(*tol, "tol") : 0.0;
      lo = std::max(lo, v - t);
      hi = std::min(hi, v + t);
    } else {
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
