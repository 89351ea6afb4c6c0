// Numbers in messages, printed so that they read back as the same double.
#pragma once

#include <cstdio>
#include <string>

namespace plab {

// The shortest text that reads back as `v` ("0.5", "1e-10"), for messages.
std::string number_text(double v);

// How reports and claim verdicts write a number: `digits` significant digits (%g).
inline std::string significant(double v, int digits = 4) {
  char buffer[48];
  std::snprintf(buffer, sizeof buffer, "%.*g", digits, v);
  return buffer;
}

}  // namespace plab
