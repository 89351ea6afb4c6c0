#include "data/feature_names.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace plab {
namespace {

TEST(FeatureNames, NumberedNamesAreMadeWhenAskedAndFoundByTheirNumber) {
  const FeatureNames names = FeatureNames::numbered("f", 1, 1'000'000).with_bias();
  EXPECT_EQ(names.size(), 1'000'001u);
  EXPECT_EQ(names[0], "bias");
  EXPECT_EQ(names[1], "f1");
  EXPECT_EQ(names[1'000'000], "f1000000");
  EXPECT_EQ(names.find_feature("f1"), 1u);
  EXPECT_EQ(names.find_feature("f1000000"), 1'000'000u);
  // Only the names numbered() writes: no zero, no number past the last, no leading zero,
  // no sign, and "bias" is no feature.
  for (const char* absent : {"f0", "f1000001", "f01", "f+1", "f", "x1", "bias", "f1 "}) {
    EXPECT_FALSE(names.find_feature(absent).has_value()) << absent;
  }
}

TEST(FeatureNames, ZeroBasedNumbersStartAtZero) {
  const FeatureNames names = FeatureNames::numbered("f", 0, 3);
  EXPECT_EQ(names.list(), (std::vector<std::string>{"f0", "f1", "f2"}));
  EXPECT_EQ(names.find_feature("f0"), 0u);
  EXPECT_FALSE(names.find_feature("f3").has_value());
}

TEST(FeatureNames, ListedNamesKeepTheirOrderAndTheBiasComesFirst) {
  const FeatureNames names = FeatureNames({"width", "height"}).with_bias();
  EXPECT_EQ(names.list(), (std::vector<std::string>{"bias", "width", "height"}));
  EXPECT_EQ(names.find_feature("height"), 2u);
  EXPECT_EQ(names.without_bias().list(), (std::vector<std::string>{"width", "height"}));
}

TEST(FeatureNames, AListInAMessageStopsAfterTheFirstFew) {
  EXPECT_EQ(FeatureNames::numbered("x", 1, 2).with_bias().quoted_features(5), "'x1', 'x2'");
  EXPECT_EQ(FeatureNames::numbered("f", 1, 1'000'000).quoted_features(2),
            "'f1', 'f2', ... (1000000 in all)");
}

}  // namespace
}  // namespace plab
