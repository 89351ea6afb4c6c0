// The verdict of an estimate with an interval against a claimed range: it holds when the whole
// interval lies inside the range, fails when the whole interval lies outside, and is undecided
// when the interval straddles a limit (the data cannot tell).
#pragma once

#include <boost/json.hpp>
#include <string>

#include "analysis/claims.hpp"

namespace plab::claims {

// `range` is an object of "min", "max" (inclusive), "above", "below" (strict), or "near" with
// "tol"; anything else is Malformed. `text` receives the range in words, e.g. "[0.55, 0.75]".
Verdict range_verdict(double low, double high, const boost::json::value& range, std::string& text);

}  // namespace plab::claims
