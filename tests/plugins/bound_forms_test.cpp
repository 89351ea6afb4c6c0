// The engine's check of a bound declaration (theory/bound_forms.hpp), rule by rule, where
// the fixtures run through plab do not reach: multi-class tasks and out-of-range enums.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "theory/bound_forms.hpp"

namespace plab {
namespace {

PluginDescriptor plugin(std::uint32_t tasks) {
  PluginDescriptor d;
  d.name = "p";
  d.tasks = tasks;
  return d;
}

BoundDeclaration novikoff() {
  return {.form = BoundForm::kNovikoff, .counts = BoundCount::kMistakes, .eta = 0.5};
}

std::string problem(const BoundDeclaration& b, std::uint32_t tasks = kBinaryTask,
                    TaskKind task = TaskKind::kBinary) {
  return bound_declaration_problem(b, plugin(tasks), task);
}

TEST(BoundForms, ValidDeclarationsPass) {
  EXPECT_EQ(problem(novikoff()), "");
  EXPECT_EQ(problem(BoundDeclaration{}), "");  // no bound
  EXPECT_EQ(problem({.form = BoundForm::kLeastSquares}), "");
  EXPECT_EQ(problem({.form = BoundForm::kKesler, .counts = BoundCount::kUpdates, .eta = 2.0},
                    kBinaryTask | kMulticlassTask, TaskKind::kMulticlass),
            "");
  EXPECT_EQ(problem({.form = BoundForm::kMarginPerceptron,
                     .counts = BoundCount::kMistakes,
                     .eta = 1.0,
                     .tau = 0.0}),
            "");
}

TEST(BoundForms, BinaryFormForAMulticlassTaskIsRefused) {
  const std::string m = problem(novikoff(), kBinaryTask | kMulticlassTask, TaskKind::kMulticlass);
  EXPECT_NE(m.find("field `form` is novikoff, a binary form, declared for a multi-class task"),
            std::string::npos)
      << m;
}

TEST(BoundForms, UnknownCountsAndFieldsOnABoundlessFormAreRefused) {
  BoundDeclaration b = novikoff();
  b.counts = static_cast<BoundCount>(7);
  EXPECT_NE(problem(b).find("field `counts` is 7"), std::string::npos) << problem(b);
  EXPECT_NE(problem({.eta = 1.0}).find("field `eta` is 1, but form none"), std::string::npos);
  EXPECT_NE(problem({.form = BoundForm::kLeastSquares, .tau = 2.0}).find("field `tau` is 2"),
            std::string::npos);
  b = novikoff();
  b.tau = std::numeric_limits<double>::quiet_NaN();
  EXPECT_NE(problem(b).find("field `tau` is nan"), std::string::npos) << problem(b);
  b = novikoff();
  b.form = BoundForm::kBatchSummed;
  b.counts = BoundCount::kUpdates;
  EXPECT_NE(problem(b).find("form batch_sum counts mistakes"), std::string::npos) << problem(b);
}

TEST(BoundForms, NamesAreTheRecordsBoundKinds) {
  EXPECT_STREQ(bound_form_name(BoundForm::kNovikoff), "novikoff");
  EXPECT_STREQ(bound_form_name(BoundForm::kBatchAveraged), "batch_averaged");
  EXPECT_STREQ(bound_form_name(BoundForm::kBatchSummed), "batch_sum");
  EXPECT_STREQ(bound_form_name(BoundForm::kKesler), "kesler");
  EXPECT_STREQ(bound_form_name(BoundForm::kMarginPerceptron), "margin_perceptron");
  EXPECT_STREQ(bound_form_name(static_cast<BoundForm>(9)), "");
  EXPECT_STREQ(bound_count_name(BoundCount::kUpdates), "updates");
}

TEST(BoundForms, WinnowAloneHasABalancedVariant) {
  EXPECT_STREQ(bound_form_name(BoundForm::kWinnow), "winnow");
  EXPECT_EQ(static_cast<int>(BoundForm::kWinnow), 8);  // part of the ABI
  for (const bool balanced : {false, true}) {
    EXPECT_EQ(problem({.form = BoundForm::kWinnow,
                       .counts = BoundCount::kMistakes,
                       .eta = 0.2,
                       .balanced = balanced}),
              "");
  }
  BoundDeclaration b = novikoff();
  b.balanced = true;
  EXPECT_NE(problem(b).find("field `balanced` is set, but form novikoff has no balanced variant"),
            std::string::npos)
      << problem(b);
  EXPECT_NE(problem({.balanced = true}).find("field `balanced` is set, but form none"),
            std::string::npos);
  EXPECT_NE(problem({.form = BoundForm::kWinnow, .counts = BoundCount::kMistakes, .eta = 0.0})
                .find("field `eta` is 0"),
            std::string::npos);
}

}  // namespace
}  // namespace plab
