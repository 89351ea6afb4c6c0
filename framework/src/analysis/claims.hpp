// Claims: what an experiment states about its results, checked against a results folder.
//
// A config's "claims" (and an experiment's expect.json) is a list of JSON objects, each with a
// "what" and one check: the record checks of record_checks.hpp (each, count, min, max, mean,
// median, paired, summary, manifest), a fit of a slope over independent units
// (fit_claim.hpp) or a comparison of two learners (comparison_claim.hpp). The language is
// documented in docs/config-reference.md ("Claims"). Claims are not part of the experiment:
// they change no run and no record, and can be sharpened and checked again on a finished folder.
#pragma once

#include <boost/json.hpp>
#include <string>
#include <vector>

namespace plab {

enum class Verdict { kHolds, kFails, kUndecided };

// "holds", "fails", "undecided".
const char* verdict_word(Verdict v);

struct ClaimVerdict {
  std::string what;
  Verdict verdict = Verdict::kUndecided;
  std::string detail;  // the numbers behind the verdict, and for a test which one and why
};

// What claims read from a results folder.
struct ClaimInputs {
  std::vector<boost::json::object> records;  // runs.jsonl
  boost::json::value summary;                // summary.json
  boost::json::value manifest;               // manifest.json
};

// Checks the claims' form: a list of objects, each with a "what" and exactly one known check
// with known keys. Throws ConfigError naming `where` (e.g. "/claims") and the claim's index.
void validate_claims(const boost::json::value& claims, const std::string& where);

// Every claim's verdict, in order. Comparisons are one family: their p-values are
// Holm-adjusted over all comparison claims of the list. Throws ConfigError for a claim whose
// form is wrong (validate_claims, or a matcher condition it does not know).
std::vector<ClaimVerdict> evaluate_claims(const boost::json::array& claims,
                                          const ClaimInputs& inputs, const std::string& where);

}  // namespace plab
