#include "support/troubleshooting.hpp"

#include "support/temp_dir.hpp"

namespace plab::test {

std::string troubleshooting_section() {
  return read_file(std::string(PLAB_SOURCE_DIR) + "/docs/troubleshooting.md");
}

}  // namespace plab::test
