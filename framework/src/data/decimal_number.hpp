// Reading one decimal number of a data file (a CSV cell, an svmlight value), shared so that
// both formats accept and refuse the same texts with the same words.
#pragma once

#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace plab {

enum class DecimalRead {
  kNumber,      // the whole text is a number a double holds (subnormals included)
  kNotANumber,  // not a decimal number, or trailing text
  kTooLarge,    // beyond the largest double (about 1.8e308), e.g. 1e999
  kTooSmall,    // not zero, yet nearer 0 than the smallest double (about 4.9e-324), e.g. 1e-400
};

// std::from_chars, plus the leading '+' people write. `value` is set for kNumber only.
DecimalRead read_decimal(std::string_view text, double& value);

// For kTooLarge and kTooSmall: why the text was refused, as a predicate ("is beyond ...").
const char* out_of_range_reason(DecimalRead read);

// The exact value of a decimal numeral, for comparing labels: a double would merge
// 9007199254740992 and 9007199254740993, or 0.1 and 0.10000000000000000001. The value is
// ±0.d₁d₂…dₙ × 10^exponent with d₁ and dₙ not zero (zero has no digits), so equal values have
// equal fields whatever the spelling: "1", "+1", "1.0", "1e0" and "10e-1" are one value.
struct ExactDecimal {
  bool negative = false;
  std::string digits;  // without leading or trailing zeros; empty for zero
  std::int64_t exponent = 0;

  bool operator==(const ExactDecimal&) const = default;
  std::strong_ordering operator<=>(const ExactDecimal& other) const;
  bool is_zero() const { return digits.empty(); }
  bool is_one() const { return !negative && digits == "1" && exponent == 1; }
  std::string key() const;  // one text per value, e.g. "-1e1" for -1, "0" for zero
};

enum class ExactRead {
  kNumber,       // [+-] digits [. digits] [(e|E) [+-] digits], at least one digit before e
  kNotANumber,   // anything else ("inf" and "nan" too: they are names, not decimals)
  kHugeExponent  // a numeral whose exponent has more than 15 digits: refused, not compared
};

ExactRead read_exact_decimal(std::string_view text, ExactDecimal& value);

}  // namespace plab
