#include "data/decimal_number.hpp"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <string>

namespace plab {

DecimalRead read_decimal(std::string_view text, double& value) {
  if (!text.empty() && text.front() == '+') text.remove_prefix(1);
  if (text.empty()) return DecimalRead::kNotANumber;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (end != text.data() + text.size()) return DecimalRead::kNotANumber;
  if (ec == std::errc()) return DecimalRead::kNumber;
  if (ec != std::errc::result_out_of_range) return DecimalRead::kNotANumber;
  // from_chars leaves the value alone when it is out of range; strtod tells which way (it
  // returns ±HUGE_VAL on overflow, 0 or a subnormal on underflow). Off the fast path.
  const std::string copy(text);
  return std::isinf(std::strtod(copy.c_str(), nullptr)) ? DecimalRead::kTooLarge
                                                        : DecimalRead::kTooSmall;
}

const char* out_of_range_reason(DecimalRead read) {
  return read == DecimalRead::kTooLarge
             ? "is beyond the range of a double (about 1.8e308)"
             : "is too small for a double: it is not 0, yet nearer 0 than the smallest double "
               "(about 4.9e-324), so it would be read as 0; write 0 if zero is meant";
}

std::strong_ordering ExactDecimal::operator<=>(const ExactDecimal& other) const {
  if (is_zero() || other.is_zero()) {
    const int a = is_zero() ? 0 : (negative ? -1 : 1);
    const int b = other.is_zero() ? 0 : (other.negative ? -1 : 1);
    return a <=> b;
  }
  if (negative != other.negative)
    return negative ? std::strong_ordering::less : std::strong_ordering::greater;
  // Same sign: the larger exponent is the larger magnitude (d₁ is not zero); with equal
  // exponents the digits compare as the fractions 0.d₁d₂…, which is their text order. Two
  // negatives compare as their magnitudes the other way round.
  const ExactDecimal& a = negative ? other : *this;
  const ExactDecimal& b = negative ? *this : other;
  std::strong_ordering order = a.exponent <=> b.exponent;
  if (std::is_eq(order)) order = a.digits.compare(b.digits) <=> 0;
  return order;
}

std::string ExactDecimal::key() const {
  if (is_zero()) return "0";
  return (negative ? "-" : "") + digits + "e" + std::to_string(exponent);
}

ExactRead read_exact_decimal(std::string_view text, ExactDecimal& value) {
  std::size_t i = 0;
  const auto is_digit = [&](std::size_t k) {
    return k < text.size() && text[k] >= '0' && text[k] <= '9';
  };
  bool negative = false;
  if (i < text.size() && (text[i] == '+' || text[i] == '-')) negative = text[i++] == '-';
  const std::size_t int_begin = i;
  while (is_digit(i)) ++i;
  const std::size_t int_end = i;
  std::size_t frac_begin = i;
  std::size_t frac_end = i;
  if (i < text.size() && text[i] == '.') {
    frac_begin = ++i;
    while (is_digit(i)) ++i;
    frac_end = i;
  }
  if (int_end == int_begin && frac_end == frac_begin) return ExactRead::kNotANumber;
  std::int64_t written_exponent = 0;
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    bool exponent_negative = false;
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) exponent_negative = text[i++] == '-';
    if (!is_digit(i)) return ExactRead::kNotANumber;
    while (i < text.size() && text[i] == '0') ++i;
    const std::size_t exp_begin = i;
    while (is_digit(i)) ++i;
    if (i != text.size()) return ExactRead::kNotANumber;
    // 15 digits keep every sum below with a line of at most 64 MiB far from int64's limit.
    if (i - exp_begin > 15) return ExactRead::kHugeExponent;
    for (std::size_t k = exp_begin; k < i; ++k)
      written_exponent = written_exponent * 10 + (text[k] - '0');
    if (exponent_negative) written_exponent = -written_exponent;
  }
  if (i != text.size()) return ExactRead::kNotANumber;
  // All digits in a row, the point after the integer part: value = 0.ALL × 10^(int digits).
  std::string all(text.substr(int_begin, int_end - int_begin));
  all.append(text.substr(frac_begin, frac_end - frac_begin));
  std::int64_t exponent = static_cast<std::int64_t>(int_end - int_begin) + written_exponent;
  std::size_t lead = 0;
  while (lead < all.size() && all[lead] == '0') ++lead;
  std::size_t end = all.size();
  while (end > lead && all[end - 1] == '0') --end;
  value = ExactDecimal{};
  if (lead == end) return ExactRead::kNumber;  // zero, of either sign
  value.negative = negative;
  value.digits = all.substr(lead, end - lead);
  value.exponent = exponent - static_cast<std::int64_t>(lead);
  return ExactRead::kNumber;
}

}  // namespace plab
