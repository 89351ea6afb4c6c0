#include "analysis/fit_claim.hpp"

#include <cmath>
#include <map>

#include "analysis/range_verdict.hpp"
#include "analysis/statistics.hpp"
#include "base/number_text.hpp"

namespace plab::claims {

namespace json = boost::json;

namespace {

constexpr const char* kFitRatioSquared = "(R/rho)^2";

std::string fit_key_text(std::string_view key) { return std::string(key); }

// x of one record: (R/rho)² from its own R and certified rho, or a field or sweep value.
double fit_x_of(const json::object& r, std::string_view x) {
  if (x == kFitRatioSquared) {
    const json::value& radius = field(r, "R");
    const json::value& rho = field(r, "rho");
    if (!radius.is_number() || !rho.is_number() || rho.to_number<double>() <= 0)
      throw Undecidable("a record has no certified margin (R = " + show(radius) +
                        ", rho = " + show(rho) + "): (R/rho)^2 is undefined");
    const double ratio = radius.to_number<double>() / rho.to_number<double>();
    return ratio * ratio;
  }
  const json::value& v = value_at(r, x);
  if (!v.is_number()) throw Undecidable("a record has " + fit_key_text(x) + " = " + show(v));
  return v.to_number<double>();
}

double fit_logarithm(double v, std::string_view what, const std::string& unit) {
  if (!(v > 0))
    throw Undecidable(fit_key_text(what) + " is " + show(json::value(v)) + " in unit " + unit +
                      ": no fit_logarithm");
  return std::log(v);
}

}  // namespace

double least_squares_slope(const std::vector<double>& x, const std::vector<double>& y) {
  const auto n = static_cast<double>(x.size());
  double mx = 0, my = 0;
  for (std::size_t i = 0; i < x.size(); ++i) mx += x[i], my += y[i];
  mx /= n, my /= n;
  double sxy = 0, sxx = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    sxy += (x[i] - mx) * (y[i] - my);
    sxx += (x[i] - mx) * (x[i] - mx);
  }
  if (x.size() < 2 || sxx == 0) throw Undecidable("fewer than two distinct x in a unit");
  return sxy / sxx;
}

Outcome check_fit(const json::object& claim, const ClaimInputs& inputs) {
  const json::object& fit = object_at(claim, "fit");
  const auto text_key = [&fit](const char* key, const char* fallback) -> std::string {
    const json::value* v = fit.if_contains(key);
    if (!v) {
      if (fallback) return fallback;
      throw Malformed(R"("fit" needs ")" + std::string(key) + "\"");
    }
    if (!v->is_string()) throw Malformed(R"("fit": ")" + std::string(key) + R"(" needs a name)");
    return std::string(v->as_string());
  };
  const std::string y = text_key("y", "mistakes");
  const std::string x = text_key("x", nullptr);
  const std::string per = text_key("per", nullptr);
  const json::value* slope_range = fit.if_contains("slope");
  if (!slope_range) throw Malformed(R"("fit" needs a "slope" range)");
  // unit → x → the y of its records
  std::map<std::string, std::map<double, std::vector<double>>> units;
  for (const json::object* r : select(inputs.records, claim)) {
    const json::value& yv = field(*r, y);
    if (!yv.is_number()) throw Undecidable("a record has " + y + " = " + show(yv));
    const json::value& unit = value_at(*r, per);
    if (unit.is_null()) throw Undecidable("a record has no " + per + " to name its unit");
    units[show(unit)][fit_x_of(*r, x)].push_back(yv.to_number<double>());
  }
  std::vector<double> slopes;
  std::size_t points = 0;
  for (const auto& [unit, by_x] : units) {
    std::vector<double> lx, ly;
    for (const auto& [xv, ys] : by_x) {
      lx.push_back(fit_logarithm(xv, x, unit));
      ly.push_back(fit_logarithm(median_of(ys), "the median " + y, unit));
    }
    points = std::max(points, lx.size());
    slopes.push_back(least_squares_slope(lx, ly));
  }
  const std::string how = "log-log least squares of the median " + y + " against " + x +
                          " in each unit (up to " + std::to_string(points) + " x values)";
  if (slopes.size() < 2)
    throw Undecidable("slope " + significant(slopes.front(), 3) + " from one unit of " + per +
                      ": no interval across units (" + how + ")");
  const MeanInterval m = mean_ci95(slopes);
  const double low = m.mean - m.half_width;
  const double high = m.mean + m.half_width;
  std::string range;
  const Verdict v = range_verdict(low, high, *slope_range, range);
  const std::string where = v == Verdict::kHolds   ? "inside"
                            : v == Verdict::kFails ? "outside"
                                                   : "across a limit of";
  return {v, "slope " + significant(m.mean, 3) + " [" + significant(low, 3) + ", " +
                 significant(high, 3) + "] over " + std::to_string(slopes.size()) + " units of " +
                 per + " (mean and 95% t interval; " + how + "); the interval lies " + where +
                 " the claimed " + range};
}

}  // namespace plab::claims
