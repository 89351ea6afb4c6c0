#include "error.hpp"

namespace plab {

namespace {

std::string with_nul_escaped(const std::string& message) {
  std::string out;
  out.reserve(message.size());
  for (const char c : message) {
    if (c == '\0')
      out += "\\u0000";
    else
      out += c;
  }
  return out;
}

}  // namespace

Error::Error(int exit_code, const std::string& message)
    : std::runtime_error(with_nul_escaped(message)), exit_code_(exit_code) {}

int exit_code_for(const std::exception& error) {
  if (const auto* known = dynamic_cast<const Error*>(&error)) return known->exit_code();
  return kExitInternalError;
}

void fail_check(const char* expression, const char* file, int line) {
  throw std::logic_error(std::string("internal error: check '") + expression + "' failed at " +
                         file + ":" + std::to_string(line) + "; please report it");
}

}  // namespace plab
