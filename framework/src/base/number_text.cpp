#include "base/number_text.hpp"

#include <charconv>

namespace plab {

std::string number_text(double v) {
  char buffer[32];
  const auto end = std::to_chars(buffer, buffer + sizeof buffer, v).ptr;
  return std::string(buffer, end);
}

}  // namespace plab
