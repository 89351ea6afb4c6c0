// The report's opening sentences, from summaries built by hand: what they say when the
// theorem fails, when no bound applies, and when runs repeat one another.
#include "report/conclusion.hpp"

#include <gtest/gtest.h>

#include <boost/json/parse.hpp>

namespace plab {
namespace {

ReportData one_group(std::size_t runs, std::size_t judged, std::size_t violations,
                     std::map<std::size_t, double> mistakes) {
  ReportData d;
  GroupSummary g;
  g.learner = "a";
  g.runs = runs;
  g.converged = runs;
  g.bound_applies = judged;
  g.violations = violations;
  if (judged > 0) g.ratio_max = 1.5;
  d.summary.groups = {g};
  d.summary.runs = runs;
  d.summary.violations = violations;
  GroupSeries s;
  s.learner = "a";
  s.mistakes_by_repeat = std::move(mistakes);
  d.series = {s};
  return d;
}

TEST(Conclusion, AViolationIsSaidFirstWithTheRunsThatHeld) {
  const auto out = conclusion_sentences(one_group(3, 3, 1, {{0, 4}, {1, 5}, {2, 9}}));
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[0],
            "The theorem FAILED: 2 of 3 runs stayed within their bound, 1 exceeded it; the worst "
            "used 150 % of it.");
  EXPECT_EQ(out[1], "Mistakes spread from 4 to 9 (median 5) over 3 runs (1 sweep point).");
}

TEST(Conclusion, WithoutAnApplicableBoundNoTheoremIsClaimed) {
  const auto out = conclusion_sentences(one_group(2, 0, 0, {{0, 7}, {1, 7}}));
  EXPECT_EQ(out[0].find("No run had a bound that applies to it"), 0u) << out[0];
  EXPECT_EQ(out[1], "Identical runs: point 0 for 'a': all 2 runs made 7 mistakes.");
}

TEST(Conclusion, RunsWithoutABoundAreCountedBesideTheOthers) {
  const auto out = conclusion_sentences(one_group(4, 3, 0, {{0, 1}, {1, 2}, {2, 3}, {3, 4}}));
  EXPECT_EQ(out[0],
            "The theorem held: 3 of 3 runs stayed within their bound; the worst used 150 % of "
            "it. 1 of the 4 runs had no applicable bound.");
}

// On data certified not separable, "proved unable to converge" is said only under the
// conditions that make it true: tie "mistake", or a constant feature (augmented data).
// Under tie "positive" without one, a clean epoch is possible and nothing is claimed.
ReportData inseparable(const std::string& tie, bool augment) {
  ReportData d = one_group(3, 0, 0, {{0, 40}, {1, 41}, {2, 42}});
  d.summary.groups[0].plugin = "perceptron";
  d.summary.groups[0].converged = 0;
  d.summary.groups[0].not_converged = 3;
  d.manifest = boost::json::parse(R"({"points": [{"theory": {"separable": false},
      "learners": [{"name": "a", "plugin": "perceptron", "params": {"tie": ")" +
                                  tie + R"("}}]}], "config": {"dataset": {"augment": )" +
                                  std::string(augment ? "true" : "false") + "}}}")
                   .as_object();
  return d;
}

std::string inseparable_sentence(const std::vector<std::string>& out) {
  for (const std::string& s : out) {
    if (s.find("proved unable to converge") != std::string::npos) return s;
  }
  return "";
}

TEST(Conclusion, ProvedUnableToConvergeOnlyWhenItsConditionsHold) {
  EXPECT_NE(inseparable_sentence(conclusion_sentences(inseparable("mistake", false)))
                .find("its tie rule \"mistake\" counts a zero score as a mistake"),
            std::string::npos);
  EXPECT_NE(inseparable_sentence(conclusion_sentences(inseparable("positive", true)))
                .find("the data has a constant feature (the bias)"),
            std::string::npos);
  EXPECT_EQ(inseparable_sentence(conclusion_sentences(inseparable("positive", false))), "");
}

}  // namespace
}  // namespace plab
