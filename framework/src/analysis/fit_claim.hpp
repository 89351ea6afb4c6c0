// The fit claim: the slope of log y against log x, fitted in each independent unit of
// replication and summarised across units by its mean and a 95% Student-t interval.
//
//   "fit": {"y": "mistakes", "x": "(R/rho)^2", "per": "/dataset/seed",
//           "slope": {"min": 0.55, "max": 0.75}}
//
// Within a unit (the records sharing the value of "per": a sweep pointer such as a data seed,
// or "repeat"), y is the median over the records at each x, and the slope the least-squares
// slope of log median y on log x. Points of one unit are not independent of each other, the
// units are: so the interval is over units, never over points (a single unit has none, and
// the claim is undecided). The claim holds when the interval lies inside "slope".
#pragma once

#include <boost/json.hpp>
#include <string>
#include <vector>

#include "analysis/record_checks.hpp"

namespace plab::claims {

// The least-squares slope of y on x; at least two distinct x (else Undecidable).
double least_squares_slope(const std::vector<double>& x, const std::vector<double>& y);

Outcome check_fit(const boost::json::object& claim, const ClaimInputs& inputs);

}  // namespace plab::claims
