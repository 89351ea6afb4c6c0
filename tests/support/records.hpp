// Reading a JSON Lines results file (runs.jsonl, trajectory.jsonl) in a test.
#pragma once

#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include <boost/json.hpp>

#include "support/temp_dir.hpp"

namespace plab::test {

inline std::vector<boost::json::object> records(const std::filesystem::path& file) {
  std::vector<boost::json::object> out;
  std::istringstream in(read_file(file));
  std::string line;
  while (std::getline(in, line)) out.push_back(boost::json::parse(line).as_object());
  return out;
}

}  // namespace plab::test
