#include "support/expectations.hpp"

#include "analysis/claims_file.hpp"
#include "error.hpp"

namespace plab::test {

ResultsFiles read_results(const std::filesystem::path& folder) { return read_claim_inputs(folder); }

std::vector<std::string> failed_expectations(const boost::json::array& expectations,
                                             const ResultsFiles& results) {
  std::vector<std::string> failures;
  try {
    for (const ClaimVerdict& v : evaluate_claims(expectations, results, "expect")) {
      if (v.verdict == Verdict::kFails) failures.push_back(v.what + ": " + v.detail);
      if (v.verdict == Verdict::kUndecided) failures.push_back(v.what + ": undecided: " + v.detail);
    }
  } catch (const ConfigError& e) {
    failures.push_back(std::string("malformed expectation: ") + e.what());
  }
  return failures;
}

}  // namespace plab::test
