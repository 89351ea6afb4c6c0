#include "analysis/paired_t_test.hpp"

#include <cmath>
#include <numeric>

#include <boost/math/distributions/students_t.hpp>

namespace plab {

PairedTTest corrected_paired_t_test(const std::vector<double>& d, double test_to_train) {
  PairedTTest r;
  r.n = d.size();
  if (r.n < 2) return r;
  const auto n = static_cast<double>(r.n);
  r.mean = std::accumulate(d.begin(), d.end(), 0.0) / n;
  double ss = 0.0;
  for (const double x : d) ss += (x - r.mean) * (x - r.mean);
  r.sd = std::sqrt(ss / (n - 1.0));
  r.variance_factor = 1.0 / n + test_to_train;
  r.df = n - 1.0;
  if (r.sd == 0.0) {  // every difference the same: no spread to test against
    r.p_value = r.mean == 0.0 ? 1.0 : 0.0;
    r.t = r.mean == 0.0 ? 0.0 : std::copysign(INFINITY, r.mean);
    return r;
  }
  r.t = r.mean / std::sqrt(r.variance_factor * r.sd * r.sd);
  r.p_value = 2.0 * boost::math::cdf(
                        boost::math::complement(boost::math::students_t(r.df), std::fabs(r.t)));
  return r;
}

PairedTTest paired_t_test(const std::vector<double>& differences) {
  return corrected_paired_t_test(differences, 0.0);
}

}  // namespace plab
