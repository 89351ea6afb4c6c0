// The median, written once for the summary (results/) and the statistics (analysis/).
#pragma once

#include <algorithm>
#include <cstddef>
#include <span>
#include <vector>

namespace plab {

// Of values sorted ascending: the middle one, or the mean of the two middle ones; 0 for none.
inline double median_of_sorted(std::span<const double> sorted) {
  const std::size_t n = sorted.size();
  if (n == 0) return 0.0;
  return n % 2 == 1 ? sorted[n / 2] : 0.5 * (sorted[n / 2 - 1] + sorted[n / 2]);
}

inline double median_of(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return median_of_sorted(values);
}

}  // namespace plab
