// Reading one decimal number of a data file (a CSV cell, an svmlight value), shared so that
// both formats accept and refuse the same texts with the same words.
#pragma once

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

}  // namespace plab
