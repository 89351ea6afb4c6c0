#pragma once

#include <algorithm>
#include <cmath>

#include <boost/json/value.hpp>

#include "theory/same_recomputed.hpp"  // same_figure

namespace plab {

// Two JSON values alike, numbers by value (a config's 1 is a resolved param's 1.0) and as
// same_figure (Boost.JSON 1.81 may read a manifest's double one ulp off).
inline bool same_json(const boost::json::value& a, const boost::json::value& b) {
  if (a.is_number() && b.is_number())
    return same_figure(a.to_number<double>(), b.to_number<double>());
  if (a.is_object() && b.is_object()) {
    const auto& x = a.get_object();
    const auto& y = b.get_object();
    if (x.size() != y.size()) return false;
    for (const auto& [key, value] : x) {
      const boost::json::value* other = y.if_contains(key);
      if (other == nullptr || !same_json(value, *other)) return false;
    }
    return true;
  }
  if (a.is_array() && b.is_array()) {
    const auto& x = a.get_array();
    const auto& y = b.get_array();
    if (x.size() != y.size()) return false;
    for (std::size_t i = 0; i < x.size(); ++i) {
      if (!same_json(x[i], y[i])) return false;
    }
    return true;
  }
  return a == b;
}

}  // namespace plab
