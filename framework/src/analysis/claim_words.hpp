// The words of the claims language (claims.hpp) as enums: a claim's check, a matcher's
// conditions, and the unit a comparison pairs over. Each word is read into its enum once, where
// the claim is read (the check by validate_claims, a condition by the matcher that holds it,
// "per" by the comparison); the checker dispatches on the enum after, and writes the word back
// in messages with kind_word.
#pragma once

#include "config/config_kinds.hpp"

namespace plab::claims {

// A claim's one check. The words in the order the language lists them (config-reference.md).
enum class ClaimCheck {
  kEach,
  kCount,
  kMin,
  kMax,
  kMean,
  kMedian,
  kPaired,
  kSummary,
  kManifest,
  kFit,
  kCompare
};
inline constexpr KindWord<ClaimCheck> kClaimCheckWords[] = {
    {ClaimCheck::kEach, "each"},         {ClaimCheck::kCount, "count"},
    {ClaimCheck::kMin, "min"},           {ClaimCheck::kMax, "max"},
    {ClaimCheck::kMean, "mean"},         {ClaimCheck::kMedian, "median"},
    {ClaimCheck::kPaired, "paired"},     {ClaimCheck::kSummary, "summary"},
    {ClaimCheck::kManifest, "manifest"}, {ClaimCheck::kFit, "fit"},
    {ClaimCheck::kCompare, "compare"},
};

// A key of a matcher object ({"min": 0.1, "tol": ...}); a range (range_verdict.hpp) knows the
// comparisons among them that need no record.
enum class Condition {
  kNot,
  kContains,
  kTol,
  kMin,
  kMax,
  kAbove,
  kBelow,
  kNear,
  kAboveField,
  kBelowField
};
inline constexpr KindWord<Condition> kConditionWords[] = {
    {Condition::kNot, "not"},
    {Condition::kContains, "contains"},
    {Condition::kTol, "tol"},
    {Condition::kMin, "min"},
    {Condition::kMax, "max"},
    {Condition::kAbove, "above"},
    {Condition::kBelow, "below"},
    {Condition::kNear, "near"},
    {Condition::kAboveField, "above_field"},
    {Condition::kBelowField, "below_field"},
};

// What a comparison's "per" pairs over: the splits of one data set, the independent repeats,
// or the values of a sweep pointer (any word starting with '/').
enum class ComparisonUnit { kSplit, kRepeat, kSweepValue };
inline constexpr KindWord<ComparisonUnit> kComparisonUnitWords[] = {
    {ComparisonUnit::kSplit, "split"},
    {ComparisonUnit::kRepeat, "repeat"},
};

}  // namespace plab::claims
