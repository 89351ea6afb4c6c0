// The claim language of configs and experiments' expect.json (analysis/claims.hpp, through
// tests/support/expectations.*): each kind of check holds on records that satisfy it and
// fails, saying why, on records that do not, and a malformed expectation fails rather than
// passing silently.
#include "support/expectations.hpp"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

namespace plab {
namespace {

namespace json = boost::json;

test::ResultsFiles results() {
  test::ResultsFiles files;
  for (int repeat = 0; repeat < 4; ++repeat) {
    files.records.push_back({{"point", 0},
                             {"learner", "a"},
                             {"repeat", repeat},
                             {"mistakes", 10 + repeat},
                             {"plain_bound", 11.5},
                             {"bound_holds", true},
                             {"w", json::array{-2, 0.5}},
                             {"ls_gap", nullptr}});
    files.records.push_back({{"point", 0},
                             {"learner", "b"},
                             {"repeat", repeat},
                             {"mistakes", repeat == 3 ? 1 : 20},
                             {"plain_bound", 11.5},
                             {"bound_holds", repeat != 2},
                             {"w", json::array{-2, 0.5}},
                             {"ls_gap", nullptr}});
  }
  files.summary = json::parse(R"({"slope_fits": [{"slope": 0.52}]})");
  files.manifest = json::parse(R"({"points": [{"theory": {"reason": "not linearly separable"}}]})");
  return files;
}

// The failures of one expectation, written as JSON.
std::vector<std::string> failures(const char* expectation) {
  return test::failed_expectations(json::array{json::parse(expectation)}, results());
}

TEST(Expectations, HoldWhenTheRecordsSatisfyThem) {
  for (
      const char* e : {
          R"({"what": "w", "each": {"w": [-2, 0.5], "ls_gap": null}})",
          R"({"what": "a holds", "where": {"learner": "a"}, "each": {"bound_holds": true}})",
          R"({"what": "range", "where": {"learner": "a"}, "each": {"mistakes": {"min": 10, "below": 14}}})",
          R"({"what": "count", "count": {"bound_holds": false}, "at_least": 1, "at_most": 1})",
          R"({"what": "field", "where": {"learner": "b", "repeat": {"max": 2}}, "each": {"mistakes": {"above_field": "plain_bound"}}})",
          R"({"what": "median", "where": {"learner": "a"}, "median": {"mistakes": 11.5}})",
          R"({"what": "max", "max": {"mistakes": 20}, "where": {"learner": "b"}})",
          R"({"what": "paired", "paired": {"field": "mistakes", "learner": "a", "baseline": "b", "lower": 3, "higher": 1}})",
          R"({"what": "summary", "summary": {"/slope_fits/0/slope": {"near": 0.5, "tol": 0.05}}})",
          R"({"what": "manifest", "manifest": {"/points/0/theory/reason": {"contains": "not linearly"}}})",
      }) {
    EXPECT_TRUE(failures(e).empty()) << e << ": " << failures(e).front();
  }
}

TEST(Expectations, FailSayingWhatWasFound) {
  const auto each = failures(R"({"what": "all hold", "each": {"bound_holds": true}})");
  ASSERT_EQ(each.size(), 1u);
  EXPECT_NE(each[0].find("all hold: 1 of 8 records do not"), std::string::npos) << each[0];
  EXPECT_NE(each[0].find("repeat 2 has bound_holds = false, expected true"), std::string::npos)
      << each[0];
  for (
      const char* e : {
          R"({"what": "x", "each": {"w": [-2, 0.5, 0]}})",
          R"({"what": "x", "each": {"mistakes": {"not": 1}}})",
          R"({"what": "x", "count": {"bound_holds": false}, "at_least": 2})",
          R"({"what": "x", "where": {"learner": "a"}, "mean": {"mistakes": {"above": 11.5}}})",
          R"({"what": "x", "paired": {"field": "mistakes", "learner": "a", "baseline": "b", "higher": 0}})",
          R"({"what": "x", "summary": {"/slope_fits/0/slope": {"min": 0.6}}})",
          R"({"what": "x", "summary": {"/slope_fits/1/slope": 0.52}})",
          R"({"what": "x", "manifest": {"/points/0/theory/reason": {"contains": "is separable"}}})",
          R"({"what": "x", "min": {"ls_gap": {"max": 1}}})",
      }) {
    EXPECT_EQ(failures(e).size(), 1u) << e;
  }
}

TEST(Expectations, AMalformedExpectationFails) {
  for (
      const char* e : {
          R"({"each": {"bound_holds": true}})",
          R"({"what": "typo", "eachh": {"bound_holds": true}})",
          R"({"what": "two checks", "each": {}, "max": {"mistakes": 20}})",
          R"({"what": "no check"})",
          R"({"what": "unknown condition", "each": {"mistakes": {"atleast": 1}}})",
          R"({"what": "count without range", "count": {"bound_holds": true}})",
          R"({"what": "fit without range", "fit": {"x": "n", "per": "repeat"}})",
          R"({"what": "compare both ways", "compare": {"field": "mistakes", "learner": "a", "below": "b", "above": "b", "per": "repeat"}})",
      }) {
    const auto f = failures(e);
    ASSERT_EQ(f.size(), 1u) << e;
    EXPECT_NE(f[0].find("malformed expectation"), std::string::npos) << f[0];
  }
}

// The checker reads each word of the language (the check, a condition, "per") into an enum
// and writes it back in its messages: each statistic under its own word, each refusal naming
// the word it refuses.
TEST(Expectations, NameTheWordTheyReadInTheirMessages) {
  const std::pair<const char*, const char*> cases[] = {
      {R"({"what": "x", "where": {"learner": "a"}, "min": {"mistakes": {"above": 10}}})",
       "min of mistakes is 10 over 4 records"},
      {R"({"what": "x", "where": {"learner": "a"}, "max": {"mistakes": {"below": 13}}})",
       "max of mistakes is 13 over 4 records"},
      {R"({"what": "x", "where": {"learner": "a"}, "mean": {"mistakes": {"near": 11, "tol": 0.4}}})",
       "mean of mistakes is 11.5 over 4 records"},
      {R"({"what": "x", "where": {"learner": "a"}, "median": {"mistakes": {"max": 11}}})",
       "median of mistakes is 11.5 over 4 records"},
      {R"({"what": "x", "each": {}, "max": {"mistakes": 20}})", "more than one check: each, max"},
      {R"({"what": "x", "each": {"mistakes": {"not": 0, "at_least": 1}}})",
       R"(unknown condition "at_least")"},
      {R"({"what": "x", "compare": {"field": "mistakes", "learner": "a", "below": "b", "per": "fold"}})",
       R"("per" is "split", "repeat" or a sweep pointer)"},
      {R"({"what": "x", "compare": {"field": "mistakes", "learner": "a", "baseline": "b", "per": "repeat", "difference": {"above_field": 0}}})",
       R"(a range knows min, max, above, below and near with tol, not "above_field")"},
  };
  for (const auto& [claim, text] : cases) {
    const auto f = failures(claim);
    ASSERT_EQ(f.size(), 1u) << claim;
    EXPECT_NE(f[0].find(text), std::string::npos) << f[0];
  }
}

// Records that cannot decide a claim leave it undecided, which the test suite counts as a
// failure too: a claim must be decided to pass.
TEST(Expectations, AClaimTheRecordsCannotDecideIsUndecided) {
  for (
      const char* e : {
          R"({"what": "empty selection", "where": {"learner": "c"}, "each": {}})",
          R"({"what": "no pairs", "paired": {"field": "mistakes", "learner": "a", "baseline": "c"}})",
      }) {
    const auto f = failures(e);
    ASSERT_EQ(f.size(), 1u) << e;
    EXPECT_NE(f[0].find("undecided: cannot be decided"), std::string::npos) << f[0];
  }
}

}  // namespace
}  // namespace plab
