#include "support/troubleshooting.hpp"

#include "support/temp_dir.hpp"

namespace plab::test {

std::string troubleshooting_section() {
  const std::string readme = read_file(std::string(PLAB_SOURCE_DIR) + "/README.md");
  const std::size_t start = readme.find("## Troubleshooting");
  if (start == std::string::npos) return "";
  return readme.substr(start, readme.find("\n## ", start + 1) - start);
}

}  // namespace plab::test
