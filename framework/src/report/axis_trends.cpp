#include "report/axis_trends.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <numeric>
#include <optional>

#include <boost/json/serialize.hpp>
#include <boost/math/distributions/students_t.hpp>

#include "analysis/statistics.hpp"
#include "base/number_text.hpp"
#include "config/sweep.hpp"
#include "report/paired_comparison.hpp"

namespace plab {

namespace {

// Up to this many points the p-value counts every ordering (8! = 40320 of them).
constexpr std::size_t kMaxExactPoints = 8;
// Trend sentences spelled out; the rest are counted.
constexpr std::size_t kMaxTrendSentences = 4;

std::vector<double> mean_ranks(const std::vector<double>& v) {
  std::vector<std::size_t> at(v.size());
  std::iota(at.begin(), at.end(), 0);
  std::sort(at.begin(), at.end(), [&v](std::size_t a, std::size_t b) { return v[a] < v[b]; });
  std::vector<double> rank(v.size());
  for (std::size_t i = 0; i < at.size();) {
    std::size_t j = i;
    while (j < at.size() && v[at[j]] == v[at[i]]) ++j;
    for (std::size_t k = i; k < j; ++k) rank[at[k]] = (static_cast<double>(i + j) - 1.0) / 2.0 + 1;
    i = j;
  }
  return rank;
}

double pearson(const std::vector<double>& a, const std::vector<double>& b) {
  const auto n = static_cast<double>(a.size());
  const double ma = std::accumulate(a.begin(), a.end(), 0.0) / n;
  const double mb = std::accumulate(b.begin(), b.end(), 0.0) / n;
  double sab = 0, saa = 0, sbb = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    sab += (a[i] - ma) * (b[i] - mb);
    saa += (a[i] - ma) * (a[i] - ma);
    sbb += (b[i] - mb) * (b[i] - mb);
  }
  return sab / std::sqrt(saa * sbb);
}

std::optional<double> number(const boost::json::value* v) {
  if (v == nullptr || !v->is_number()) return std::nullopt;
  return v->to_number<double>();
}

const boost::json::value* setting(const GroupSummary& g, const std::string& pointer) {
  return g.params.is_object() ? g.params.as_object().if_contains(pointer) : nullptr;
}

// One axis's points for one learner in one slice of the other axes: (axis value, median).
struct Trend {
  std::string pointer;
  std::string learner;
  std::string slice;  // "" for a sweep of one axis, else the other axes' values
  std::vector<double> x, y;
  std::size_t runs_min = 0, runs_max = 0;
  bool test_error = false;
};

std::string trend_text(const Trend& t) {
  const RankCorrelation r = spearman(t.x, t.y);
  const auto k = t.x.size();
  const std::string what = t.test_error ? "median test error" : "median mistakes";
  const auto [low, high] = std::minmax_element(t.x.begin(), t.x.end());
  std::string text = "Along " + t.pointer + " (" + std::to_string(k) + " sweep points, " +
                     significant(*low) + " to " + significant(*high) + t.slice + "), the " + what +
                     " of '" + t.learner + "' ";
  text += r.p_value < 0.05 ? (r.rho > 0 ? "rise as it grows" : "fall as it grows")
                           : "show no monotone trend with it";
  std::size_t orderings = 1;
  for (std::size_t i = 2; i <= k; ++i) orderings *= i;
  text += ": Spearman's rank correlation " + significant(r.rho, 3) + " over the " +
          std::to_string(k) + " points, " +
          (r.exact ? "exact permutation " + p_text(r.p_value) + " (two-sided, over all " +
                         std::to_string(orderings) + " orderings of the points)"
                   : p_text(r.p_value) + " (two-sided, Student's t approximation)");
  text += "; the unit is the sweep point, one median of " +
          (t.runs_min == t.runs_max
               ? std::to_string(t.runs_min)
               : std::to_string(t.runs_min) + " to " + std::to_string(t.runs_max)) +
          " runs each, ";
  text += t.pointer.rfind("/dataset/", 0) == 0
              ? "and the axis changes the data, so each point has data of its own."
              : "and the points share one data set, so the test speaks of this data set, not of "
                "data sets in general.";
  return text;
}

}  // namespace

RankCorrelation spearman(const std::vector<double>& x, const std::vector<double>& y) {
  RankCorrelation r;
  const std::vector<double> rx = mean_ranks(x);
  std::vector<double> ry = mean_ranks(y);
  r.rho = pearson(rx, ry);
  const std::size_t k = x.size();
  if (k <= kMaxExactPoints) {
    // Under "no association" every ordering of the medians against the axis is equally likely.
    r.exact = true;
    std::vector<std::size_t> order(k);
    std::iota(order.begin(), order.end(), 0);
    std::size_t as_far = 0, all = 0;
    std::vector<double> permuted(k);
    do {
      for (std::size_t i = 0; i < k; ++i) permuted[i] = ry[order[i]];
      ++all;
      if (std::fabs(pearson(rx, permuted)) >= std::fabs(r.rho) - 1e-12) ++as_far;
    } while (std::next_permutation(order.begin(), order.end()));
    r.p_value = static_cast<double>(as_far) / static_cast<double>(all);
    return r;
  }
  const double df = static_cast<double>(k) - 2.0;
  if (std::fabs(r.rho) >= 1.0) {
    r.p_value = 0.0;
    return r;
  }
  const double t = r.rho * std::sqrt(df / (1.0 - r.rho * r.rho));
  r.p_value =
      2.0 * boost::math::cdf(boost::math::complement(boost::math::students_t(df), std::fabs(t)));
  return r;
}

std::vector<std::string> axis_trend_sentences(const ReportData& d) {
  std::vector<std::string> out;
  std::vector<SweepAxis> axes;
  try {
    const auto* config = d.manifest.if_contains("config");
    if (config == nullptr) return out;
    axes = read_sweep_axes(Json::parse(boost::json::serialize(*config)));
  } catch (const std::exception&) {
    return out;  // the manifest's checks are plab verify's; no sentence without clean axes
  }
  std::vector<Trend> trends;
  for (std::size_t a = 0; a < axes.size(); ++a) {
    const std::string& pointer = axes[a].pointers.front();
    std::map<std::pair<std::string, std::string>, Trend> by;  // (slice, learner)
    bool numeric = true;
    for (std::size_t i = 0; i < d.summary.groups.size() && numeric; ++i) {
      const GroupSummary& g = d.summary.groups[i];
      const auto x = number(setting(g, pointer));
      if (!x) numeric = false;
      std::string slice;
      for (std::size_t b = 0; b < axes.size(); ++b) {
        const auto* v = setting(g, axes[b].pointers.front());
        if (b != a && v != nullptr)
          slice += ", " + axes[b].pointers.front() + " = " + boost::json::serialize(*v);
      }
      const GroupSeries& s = d.series[i];
      const bool test_error = s.has_test_error && !s.test_error_by_repeat.empty();
      const auto& values = test_error ? s.test_error_by_repeat : s.mistakes_by_repeat;
      if (!x || values.empty()) continue;
      std::vector<double> v;
      v.reserve(values.size());
      for (const auto& entry : values) v.push_back(entry.second);
      Trend& t = by[{slice, g.learner}];
      if (t.x.empty()) {
        t.pointer = pointer, t.learner = g.learner, t.slice = slice, t.test_error = test_error;
        t.runs_min = t.runs_max = v.size();
      }
      if (t.test_error != test_error) continue;
      t.x.push_back(*x);
      t.y.push_back(median_of(v));
      t.runs_min = std::min(t.runs_min, v.size());
      t.runs_max = std::max(t.runs_max, v.size());
    }
    if (!numeric) continue;
    for (auto& [key, t] : by) {
      const bool varies_x =
          std::adjacent_find(t.x.begin(), t.x.end(), std::not_equal_to<>()) != t.x.end();
      const bool varies_y =
          std::adjacent_find(t.y.begin(), t.y.end(), std::not_equal_to<>()) != t.y.end();
      if (t.x.size() < 3 || !varies_x) continue;
      if (!varies_y) {
        out.push_back(
            "Along " + pointer + " (" + std::to_string(t.x.size()) + " sweep points" + t.slice +
            "), the " + (t.test_error ? "median test error" : "median mistakes") + " of '" +
            t.learner + "' is " + significant(t.y.front()) + " at every point: no trend.");
        continue;
      }
      trends.push_back(std::move(t));
    }
  }
  for (const Trend& t : trends) out.push_back(trend_text(t));
  if (out.size() > kMaxTrendSentences) {
    const std::size_t more = out.size() - kMaxTrendSentences;
    out.resize(kMaxTrendSentences);
    out.push_back(std::to_string(more) + " more trends along sweep axes are not spelled out.");
  }
  return out;
}

}  // namespace plab
