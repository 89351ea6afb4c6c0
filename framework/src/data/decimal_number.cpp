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

}  // namespace plab
