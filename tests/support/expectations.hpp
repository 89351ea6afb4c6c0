// Checking the expectations an experiment folder states in its expect.json against the
// results folder of a real run. The language is documented in experiments/README.md
// ("Writing expect.json"); it is small on purpose: a reader of expect.json should see what is
// claimed without reading this code.
#pragma once

#include <boost/json.hpp>
#include <filesystem>
#include <string>
#include <vector>

namespace plab::test {

// What the expectations read from a results folder.
struct ResultsFiles {
  std::vector<boost::json::object> records;  // runs.jsonl
  boost::json::value summary;                // summary.json
  boost::json::value manifest;               // manifest.json
};

ResultsFiles read_results(const std::filesystem::path& folder);

// One line per expectation that does not hold, or that is malformed, naming its "what" and
// the value found; empty when every expectation holds.
std::vector<std::string> failed_expectations(const boost::json::array& expectations,
                                             const ResultsFiles& results);

}  // namespace plab::test
