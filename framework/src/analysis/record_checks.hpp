// The record checks of the claim language (claims.hpp): matchers over record fields, the
// records a claim's "where" selects, and the checks each, count, min/max/mean/median, paired,
// summary and manifest. Fits and comparisons build on the same selection and matchers.
#pragma once

#include <boost/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/claim_words.hpp"
#include "analysis/claims.hpp"

namespace plab::claims {

// A claim the checker cannot read: a typo must be refused, never pass silently. claims.cpp
// turns it into a ConfigError naming the claim.
struct Malformed : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A claim whose records cannot decide it (no record selected, no pair found): undecided.
struct Undecidable : std::runtime_error {
  using std::runtime_error::runtime_error;
};

using Records = std::vector<const boost::json::object*>;

std::string show(const boost::json::value& v);
double number(const boost::json::value& v, std::string_view key);
const boost::json::value& field(const boost::json::object& record, std::string_view name);
const boost::json::object& object_at(const boost::json::object& claim, std::string_view key);

// Whether `value` matches `matcher`: a plain JSON value matches an equal value; an object
// combines conditions. `record` holds the other fields of the value's record, or is null.
bool matches(const boost::json::value& value, const boost::json::value& matcher,
             const boost::json::object* record);

// The records the claim's "where" selects (all without one); Undecidable when none.
Records select(const std::vector<boost::json::object>& records, const boost::json::object& claim);

// A record's value at a key: a field name, or a sweep pointer ("/dataset/seed") read from the
// record's "params".
const boost::json::value& value_at(const boost::json::object& record, std::string_view key);

struct Outcome {
  Verdict verdict = Verdict::kHolds;
  std::string detail;
};

// The record checks: each, count, min, max, mean, median, paired, summary, manifest (not
// fit or compare, which have their own files).
Outcome check_records(ClaimCheck kind, const boost::json::object& claim, const ClaimInputs& inputs);

}  // namespace plab::claims
