// Convex weights over the rows ([[row, lambda], ...]) as the manifest writes them, and the
// comparison plab verify makes between stored weights and those an exact check derives.
#pragma once

#include <cmath>
#include <cstddef>
#include <utility>
#include <vector>

#include <boost/json/array.hpp>
#include <boost/json/value.hpp>

namespace plab {

inline boost::json::value certificate_weights_json(
    const std::vector<std::pair<std::size_t, double>>& weights) {
  boost::json::array out;
  for (const auto& [j, lambda] : weights) out.push_back(boost::json::array{j, lambda});
  return out;
}

// Recorded weights against the exact check's: Boost.JSON (1.81) may read a double one ulp
// off; an edit cannot hide in 1e-12.
inline bool same_certificate_weights(const std::vector<std::pair<std::size_t, double>>& recorded,
                                     const std::vector<std::pair<std::size_t, double>>& exact) {
  if (recorded.size() != exact.size()) return false;
  for (std::size_t i = 0; i < recorded.size(); ++i) {
    if (recorded[i].first != exact[i].first) return false;
    if (std::fabs(recorded[i].second - exact[i].second) > 1e-12 * std::fabs(exact[i].second))
      return false;
  }
  return true;
}

}  // namespace plab
