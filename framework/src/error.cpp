#include "error.hpp"

namespace plab {

void fail_check(const char* expression, const char* file, int line) {
  throw std::logic_error(std::string("internal error: check '") + expression + "' failed at " +
                         file + ":" + std::to_string(line) + "; please report it");
}

}  // namespace plab
