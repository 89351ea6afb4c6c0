// Breaking the numbers of a config's claims, to show that each claim can fail: a claim that
// holds on a results folder must fail there once one of its conditions is replaced by one
// that is false wherever the original is true (a range moved past what was measured, a count
// changed, a direction swapped). experiments_test.cpp re-checks every experiment's finished
// folder with `plab check --config` on copies broken this way.
#pragma once

#include <boost/json.hpp>
#include <cstddef>
#include <string>
#include <vector>

namespace plab::test {

// The JSON pointers, inside one claim, of the conditions a break can replace: each record
// field's matcher of "each", "count", "min", "max", "mean", "median", "summary" and
// "manifest", "count"'s "at_least" / "at_most", "paired"'s "lower" and "higher", a fit's
// "slope", a comparison's "difference" or its direction ("below" / "above"). A "where"
// selects records and is never broken.
std::vector<std::string> breakable_conditions(const boost::json::object& claim);

// The claim with the condition at `pointer` (from breakable_conditions) replaced by its
// negation: a matcher that fails wherever the original holds.
boost::json::object broken_at(const boost::json::object& claim, const std::string& pointer);

// The matcher that fails wherever `matcher` holds (docs/config-reference.md, "Claims"):
// {min: a, …} becomes {below: a}, {max: b} {above: b}, {above: a} {max: a}, {below: b}
// {min: b}, {near: v, tol: t} {above: v + t}, {not: v} v, {contains: s} a longer text,
// {below_field: f} {above_field: f} and back; a number v becomes v + 1, a Boolean its
// opposite, null {not: null}, a text another text, an array its first element broken.
boost::json::value negated_matcher(const boost::json::value& matcher);

}  // namespace plab::test
