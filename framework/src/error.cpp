#include "error.hpp"

namespace plab {

int exit_code_for(const std::exception& error) {
  if (const auto* known = dynamic_cast<const Error*>(&error)) return known->exit_code();
  return kExitInternalError;
}

void fail_check(const char* expression, const char* file, int line) {
  throw std::logic_error(std::string("internal error: check '") + expression + "' failed at " +
                         file + ":" + std::to_string(line) + "; please report it");
}

}  // namespace plab
