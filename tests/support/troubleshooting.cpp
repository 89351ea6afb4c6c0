#include "support/troubleshooting.hpp"

#include "support/temp_dir.hpp"

namespace plab::test {

std::string troubleshooting_section() {
  return read_file(std::string(PLAB_SOURCE_DIR) + "/docs/troubleshooting.md");
}

bool in_troubleshooting(const std::string& text) {
  return troubleshooting_section().find("`" + text + "`") != std::string::npos;
}

}  // namespace plab::test
