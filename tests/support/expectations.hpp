// Checking the expectations an experiment folder states in its expect.json against the
// results folder of a real run, with the engine's claim evaluator (analysis/claims.hpp): one
// claim language for configs' "claims" and the test suite (docs/config-reference.md,
// "Claims"; experiments/README.md).
#pragma once

#include <boost/json.hpp>
#include <filesystem>
#include <string>
#include <vector>

#include "analysis/claims.hpp"

namespace plab::test {

using ResultsFiles = ClaimInputs;

ResultsFiles read_results(const std::filesystem::path& folder);

// One line per expectation that does not hold ("WHAT: the numbers found"), is undecided
// ("WHAT: undecided: why") or is malformed ("malformed expectation: ..."); empty when every
// expectation holds.
std::vector<std::string> failed_expectations(const boost::json::array& expectations,
                                             const ResultsFiles& results);

}  // namespace plab::test
