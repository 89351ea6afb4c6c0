#include "data/label_mapping.hpp"

#include <gtest/gtest.h>

#include "error.hpp"

namespace plab {
namespace {

using Labels = std::vector<std::string>;
const auto kOrigin = [](std::size_t i) { return "row " + std::to_string(i); };

TEST(LabelMapping, PositiveListMakesBinaryTask) {
  const auto m = map_labels({"a", "b", "c", "a"}, Labels{"a"}, std::nullopt, "src", kOrigin);
  EXPECT_EQ(m.task, TaskKind::kBinary);
  EXPECT_EQ(m.index, (std::vector<std::int32_t>{1, 0, 0, 1}));
  EXPECT_EQ(m.class_names, (Labels{"rest", "a"}));
}

TEST(LabelMapping, ZeroOneAndMinusPlusOneLabelsAreBinaryWithOnePositive) {
  auto m = map_labels({"0", "1", "1"}, std::nullopt, std::nullopt, "src", kOrigin);
  EXPECT_EQ(m.task, TaskKind::kBinary);
  EXPECT_EQ(m.index, (std::vector<std::int32_t>{0, 1, 1}));
  m = map_labels({"1", "-1", "+1", "1.0"}, std::nullopt, std::nullopt, "src", kOrigin);
  EXPECT_EQ(m.task, TaskKind::kBinary);
  EXPECT_EQ(m.index, (std::vector<std::int32_t>{1, 0, 1, 1}));
}

TEST(LabelMapping, NumbersADoubleCannotTellApartAreTwoClassesInExactOrder) {
  auto m = map_labels({"9007199254740993", "9007199254740992", "9007199254740993"}, std::nullopt,
                      std::nullopt, "src", kOrigin);
  EXPECT_EQ(m.class_names, (Labels{"9007199254740992", "9007199254740993"}));
  EXPECT_EQ(m.index, (std::vector<std::int32_t>{1, 0, 1}));
  m = map_labels({"0.10000000000000000001", "0.1", "1e-1"}, std::nullopt, std::nullopt, "src",
                 kOrigin);
  EXPECT_EQ(m.class_names, (Labels{"0.1", "0.10000000000000000001"}));
  EXPECT_EQ(m.index, (std::vector<std::int32_t>{1, 0, 0}));
}

TEST(LabelMapping, RegressionNoteOnlyPastHalfTheRowsFromFiftyRows) {
  EXPECT_TRUE(regression_target_note(49, 49).empty());
  EXPECT_TRUE(regression_target_note(25, 50).empty());
  EXPECT_NE(regression_target_note(26, 50).find("almost surely a regression target"),
            std::string::npos);
}

TEST(LabelMapping, ClassesListFixesOrder) {
  const auto m = map_labels({"b", "a", "c"}, std::nullopt, Labels{"c", "b", "a"}, "src", kOrigin);
  EXPECT_EQ(m.task, TaskKind::kMulticlass);
  EXPECT_EQ(m.index, (std::vector<std::int32_t>{1, 2, 0}));
}

TEST(LabelMapping, NumericClassesSortNumericallyTextKeepsFirstAppearance) {
  auto m = map_labels({"10", "2", "1"}, std::nullopt, std::nullopt, "src", kOrigin);
  EXPECT_EQ(m.class_names, (Labels{"1", "2", "10"}));
  m = map_labels({"zeta", "alpha", "zeta"}, std::nullopt, std::nullopt, "src", kOrigin);
  EXPECT_EQ(m.class_names, (Labels{"zeta", "alpha"}));
}

TEST(LabelMapping, RefusesMissingPositiveClassWithSuggestion) {
  try {
    map_labels({"setosa", "virginica"}, Labels{"setos"}, std::nullopt, "iris.csv", kOrigin);
    FAIL();
  } catch (const DataError& e) {
    EXPECT_NE(std::string(e.what()).find("did you mean 'setosa'"), std::string::npos) << e.what();
  }
}

TEST(LabelMapping, RefusesSingleClass) {
  EXPECT_THROW(map_labels({"a", "a"}, std::nullopt, std::nullopt, "s", kOrigin), DataError);
  EXPECT_THROW(map_labels({"2", "2"}, std::nullopt, std::nullopt, "s", kOrigin), DataError);
  EXPECT_THROW(map_labels({"a", "b"}, Labels{"a", "b"}, std::nullopt, "s", kOrigin), DataError);
}

TEST(LabelMapping, RefusesLabelOutsideClassesNamingItsRow) {
  try {
    map_labels({"a", "b", "z"}, std::nullopt, Labels{"a", "b"}, "s", kOrigin);
    FAIL();
  } catch (const DataError& e) {
    EXPECT_NE(std::string(e.what()).find("row 2"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace plab

namespace plab {
namespace {

TEST(LabelMapping, BinaryEncodingsStayBinaryWithOneClassPresent) {
  const auto kAt = [](std::size_t i) { return std::to_string(i); };
  auto m = map_labels({"1", "1"}, std::nullopt, std::nullopt, "s", kAt);
  EXPECT_EQ(m.task, TaskKind::kBinary);
  EXPECT_EQ(m.index, (std::vector<std::int32_t>{1, 1}));
  m = map_labels({"-1"}, std::nullopt, std::nullopt, "s", kAt);
  EXPECT_EQ(m.index, (std::vector<std::int32_t>{0}));
  // Text labels with one class are still refused: nothing says which side they are on.
  EXPECT_THROW(map_labels({"cat", "cat"}, std::nullopt, std::nullopt, "s", kAt), DataError);
  // {−1, 0} is not a binary encoding: two classes of a multi-class task.
  EXPECT_EQ(map_labels({"-1", "0"}, std::nullopt, std::nullopt, "s", kAt).task,
            TaskKind::kMulticlass);
}

}  // namespace
}  // namespace plab
