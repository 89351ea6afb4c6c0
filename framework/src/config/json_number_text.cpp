#include "config/json_number_text.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <string>
#include <system_error>

namespace plab {

namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// An exponent beyond any that matters (a double's range ends near 10^±324); larger ones are
// clamped so that the sum below cannot overflow.
constexpr std::int64_t kExponentClamp = 1'000'000'000;

}  // namespace

bool is_integer_text(std::string_view token) {
  std::size_t i = 0;
  if (i < token.size() && token[i] == '-') ++i;
  std::string digits;
  std::int64_t fraction_digits = 0;
  while (i < token.size() && is_digit(token[i])) digits += token[i++];
  if (i < token.size() && token[i] == '.') {
    for (++i; i < token.size() && is_digit(token[i]); ++i, ++fraction_digits) digits += token[i];
  }
  std::int64_t exponent = 0;
  if (i < token.size() && (token[i] == 'e' || token[i] == 'E')) {
    ++i;
    const bool negative = i < token.size() && token[i] == '-';
    if (i < token.size() && (token[i] == '-' || token[i] == '+')) ++i;
    for (; i < token.size() && is_digit(token[i]); ++i) {
      exponent = std::min(exponent * 10 + (token[i] - '0'), kExponentClamp);
    }
    if (negative) exponent = -exponent;
  }
  // The value is digits × 10^(exponent − fraction_digits); trailing zeros of the digits
  // raise the power. An integer when the power is not negative, or the digits are all zero.
  const std::size_t last = digits.find_last_not_of('0');
  if (last == std::string::npos) return true;
  const auto trailing_zeros = static_cast<std::int64_t>(digits.size() - 1 - last);
  return exponent - fraction_digits + trailing_zeros >= 0;
}

std::optional<double> whole_double_of_fraction(std::string_view token) {
  if (is_integer_text(token)) return std::nullopt;
  double d = 0;
  const auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), d);
  if (ec == std::errc::result_out_of_range) {
    // Beyond the doubles: an underflow reads as zero (a negative exponent), an overflow is
    // no number at all (nlohmann refuses it).
    const bool underflow =
        token.find("e-") != std::string_view::npos || token.find("E-") != std::string_view::npos;
    if (!underflow) return std::nullopt;
    return token.front() == '-' ? -0.0 : 0.0;
  }
  if (ec != std::errc() || end != token.data() + token.size()) return std::nullopt;
  if (std::isfinite(d) && std::trunc(d) == d) return d;
  return std::nullopt;
}

std::string whole_number_text(double whole) {
  char text[400];
  const auto format =
      std::fabs(whole) < 1e21 ? std::chars_format::fixed : std::chars_format::general;
  const auto end = std::to_chars(text, text + sizeof text, whole, format).ptr;
  return std::string(text, end);
}

}  // namespace plab
