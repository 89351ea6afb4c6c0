#include "config/json_integer.hpp"

#include <cmath>
#include <limits>

namespace plab {

namespace {

// 2^63 and 2^64 are exact doubles; every double below them converts without overflow.
constexpr double kTwoTo63 = 9223372036854775808.0;
constexpr double kTwoTo64 = 18446744073709551616.0;

bool is_whole(double d) { return std::isfinite(d) && std::trunc(d) == d; }

}  // namespace

std::optional<std::int64_t> exact_int64(const Json& v) {
  if (v.is_number_unsigned()) {
    const auto u = v.get<std::uint64_t>();
    if (u > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) return {};
    return static_cast<std::int64_t>(u);
  }
  if (v.is_number_integer()) return v.get<std::int64_t>();
  if (v.is_number_float()) {
    const double d = v.get<double>();
    if (is_whole(d) && d >= -kTwoTo63 && d < kTwoTo63) return static_cast<std::int64_t>(d);
  }
  return {};
}

std::optional<std::uint64_t> exact_uint64(const Json& v) {
  if (v.is_number_unsigned()) return v.get<std::uint64_t>();
  if (v.is_number_integer()) {
    const auto i = v.get<std::int64_t>();
    if (i < 0) return {};
    return static_cast<std::uint64_t>(i);
  }
  if (v.is_number_float()) {
    const double d = v.get<double>();
    if (is_whole(d) && d >= 0 && d < kTwoTo64) return static_cast<std::uint64_t>(d);
  }
  return {};
}

}  // namespace plab
