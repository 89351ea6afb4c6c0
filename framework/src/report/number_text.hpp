// How the report's prose and tables write a number: `digits` significant digits (%g).
#pragma once

#include <cstdio>
#include <string>

namespace plab {

inline std::string significant(double v, int digits = 4) {
  char buffer[48];
  std::snprintf(buffer, sizeof buffer, "%.*g", digits, v);
  return buffer;
}

}  // namespace plab
