#pragma once

#include <boost/json/value.hpp>

#include <optional>

namespace plab {

// A figure that may be absent, as a record holds it: the number, or null.
inline boost::json::value number_or_null(const std::optional<double>& v) {
  return v ? boost::json::value(*v) : boost::json::value(nullptr);
}

}  // namespace plab
