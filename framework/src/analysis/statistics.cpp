#include "analysis/statistics.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include <boost/math/distributions/binomial.hpp>
#include <boost/math/distributions/normal.hpp>
#include <boost/math/distributions/students_t.hpp>

namespace plab {

MeanInterval mean_ci95(const std::vector<double>& v) {
  MeanInterval m;
  if (v.empty()) return m;
  const auto n = static_cast<double>(v.size());
  m.mean = std::accumulate(v.begin(), v.end(), 0.0) / n;
  if (v.size() < 2) return m;
  double ss = 0.0;
  for (double x : v) ss += (x - m.mean) * (x - m.mean);
  const double sd = std::sqrt(ss / (n - 1.0));
  const double t =
      boost::math::quantile(boost::math::complement(boost::math::students_t(n - 1.0), 0.025));
  m.half_width = t * sd / std::sqrt(n);
  return m;
}

MedianInterval median_ci95(std::vector<double> v) {
  MedianInterval m;
  if (v.empty()) return m;
  std::sort(v.begin(), v.end());
  m.median = median_of_sorted(v);
  const std::size_t n = v.size();
  m.low = v.front();
  m.high = v.back();
  m.coverage = 1.0 - 2.0 * std::pow(0.5, static_cast<double>(n));
  // Coverage of [d_(k), d_(n+1−k)] is 1 − 2·P(B ≤ k − 1), B ~ Binomial(n, ½).
  const boost::math::binomial_distribution<double> b(static_cast<double>(n), 0.5);
  for (std::size_t k = n / 2; k >= 1; --k) {
    const double coverage = 1.0 - 2.0 * boost::math::cdf(b, static_cast<double>(k - 1));
    if (coverage >= 0.95) {
      m.low = v[k - 1];
      m.high = v[n - k];
      m.coverage = coverage;
      break;
    }
  }
  return m;
}

SignedRankTest wilcoxon_signed_rank(const std::vector<double>& differences) {
  SignedRankTest t;
  std::vector<double> d;
  for (double x : differences) {
    if (x != 0.0) d.push_back(x);
  }
  t.n = d.size();
  if (d.empty()) return t;
  std::vector<std::size_t> order(d.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(),
            [&](std::size_t a, std::size_t b) { return std::fabs(d[a]) < std::fabs(d[b]); });
  // Average ranks over ties in |d|.
  std::vector<double> rank(d.size());
  bool ties = false;
  double tie_term = 0.0;  // Σ (t³ − t) over tie groups
  for (std::size_t i = 0; i < order.size();) {
    std::size_t j = i;
    while (j + 1 < order.size() && std::fabs(d[order[j + 1]]) == std::fabs(d[order[i]])) ++j;
    const double average = 0.5 * static_cast<double>(i + j) + 1.0;
    for (std::size_t k = i; k <= j; ++k) rank[order[k]] = average;
    const auto group = static_cast<double>(j - i + 1);
    if (group > 1) {
      ties = true;
      tie_term += group * group * group - group;
    }
    i = j + 1;
  }
  for (std::size_t i = 0; i < d.size(); ++i) {
    if (d[i] > 0) t.w_plus += rank[i];
  }
  const auto n = static_cast<double>(t.n);
  const double mean = n * (n + 1.0) / 4.0;
  if (!ties && t.n <= 50) {
    // Exact: the number of subsets of {1..n} with each rank sum (dynamic programming).
    const std::size_t max_sum = t.n * (t.n + 1) / 2;
    std::vector<double> count(max_sum + 1, 0.0);
    count[0] = 1.0;
    for (std::size_t r = 1; r <= t.n; ++r) {
      for (std::size_t s = max_sum; s >= r; --s) count[s] += count[s - r];
    }
    const double total = std::pow(2.0, n);
    const auto w = static_cast<std::size_t>(std::llround(t.w_plus));
    const std::size_t low = std::min(w, max_sum - w);  // the smaller tail, by symmetry
    double tail = 0.0;
    for (std::size_t s = 0; s <= low; ++s) tail += count[s];
    t.p_value = std::min(1.0, 2.0 * tail / total);
    t.exact = true;
    return t;
  }
  const double variance = n * (n + 1.0) * (2.0 * n + 1.0) / 24.0 - tie_term / 48.0;
  t.exact = false;
  if (variance <= 0.0) return t;
  const double z = (std::fabs(t.w_plus - mean) - 0.5) / std::sqrt(variance);
  t.p_value = std::min(1.0, 2.0 * boost::math::cdf(boost::math::complement(boost::math::normal(),
                                                                           std::max(z, 0.0))));
  return t;
}

std::vector<double> holm_adjusted(const std::vector<double>& p_values) {
  const std::size_t m = p_values.size();
  std::vector<std::size_t> order(m);
  for (std::size_t i = 0; i < m; ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return p_values[a] < p_values[b]; });
  std::vector<double> adjusted(m);
  double running_max = 0.0;  // the step-down keeps adjusted values monotone in rank
  for (std::size_t rank = 0; rank < m; ++rank) {
    const double scaled = std::min(1.0, static_cast<double>(m - rank) * p_values[order[rank]]);
    running_max = std::max(running_max, scaled);
    adjusted[order[rank]] = running_max;
  }
  return adjusted;
}

}  // namespace plab
