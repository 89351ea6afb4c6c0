#include "data/dataset.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>

#include "config/experiment_config.hpp"
#include "data/dataset_loader.hpp"
#include "error.hpp"
#include "support/temp_dir.hpp"
#include "theory/point_theory.hpp"

namespace plab {
namespace {

Dataset two_by_two(bool augment) {
  return Dataset({3, 4, -1, 0}, 2, 2, augment, TaskKind::kBinary, {1, 0}, {"neg", "pos"},
                 {"a", "b"});
}

TEST(Dataset, AugmentationPutsConstantOneFirst) {
  const Dataset d = two_by_two(true);
  ASSERT_EQ(d.cols(), 3u);
  const TrainingSet t = d.view();
  EXPECT_EQ(std::vector<double>(t.row(0), t.row(0) + 3), (std::vector<double>{1, 3, 4}));
  EXPECT_EQ(std::vector<double>(t.row(1), t.row(1) + 3), (std::vector<double>{1, -1, 0}));
  EXPECT_EQ(d.feature_names().list(), (std::vector<std::string>{"bias", "a", "b"}));
}

TEST(Dataset, WithoutAugmentationDataIsAsGiven) {
  const Dataset d = two_by_two(false);
  ASSERT_EQ(d.cols(), 2u);
  EXPECT_EQ(d.view().row(1)[0], -1);
}

TEST(Dataset, StorageIsContiguousAndCacheLineAligned) {
  const Dataset d = two_by_two(true);
  const TrainingSet t = d.view();
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(t.features) % 64, 0u);
  EXPECT_EQ(t.row(1), t.features + 3);
}

TEST(Dataset, BinarySignsFollowLabels) {
  const Dataset d = two_by_two(true);
  const TrainingSet t = d.view();
  EXPECT_EQ(t.sign[0], 1.0);
  EXPECT_EQ(t.sign[1], -1.0);
  EXPECT_EQ(t.classes, 2u);
}

TEST(Dataset, RadiusIsMeasuredOnAugmentedData) {
  // ‖[1,3,4]‖ = √26 > ‖[1,−1,0]‖; without the bias it would be 5.
  // R is rounded up by a few ulps: it must bound every ‖x̃ᵢ‖ despite rounding.
  const double with_bias = data_radius(two_by_two(true));
  EXPECT_GE(with_bias, std::sqrt(26.0));
  EXPECT_NEAR(with_bias, std::sqrt(26.0), 1e-14);
  EXPECT_GE(data_radius(two_by_two(false)), 5.0);
  EXPECT_NEAR(data_radius(two_by_two(false)), 5.0, 1e-14);
}

TEST(DatasetLoader, InlineDataWithZeroOneLabels) {
  DatasetSpec s;
  s.kind = DatasetKind::kInline;
  s.x = {{0, 0}, {1, 1}};
  s.y = {"0", "1"};
  const Dataset d = load_dataset(s);
  EXPECT_EQ(d.task(), TaskKind::kBinary);
  EXPECT_EQ(d.view().sign[0], -1.0);
  EXPECT_EQ(d.view().sign[1], 1.0);
  EXPECT_EQ(d.cols(), 3u);
}

TEST(DatasetLoader, ShippedIrisHasThreeClassesOfFifty) {
  DatasetSpec s;
  s.kind = DatasetKind::kCsv;
  s.path = std::string(PLAB_SOURCE_DIR) + "/data/iris.csv";
  s.label_name = "species";
  const Dataset d = load_dataset(s);
  EXPECT_EQ(d.rows(), 150u);
  EXPECT_EQ(d.cols(), 5u);
  EXPECT_EQ(d.task(), TaskKind::kMulticlass);
  EXPECT_EQ(d.class_names(), (std::vector<std::string>{"setosa", "versicolor", "virginica"}));
  EXPECT_EQ(d.class_counts(), (std::vector<std::size_t>{50, 50, 50}));
}

}  // namespace
}  // namespace plab

namespace plab {
namespace {

DatasetSpec iris_spec() {
  DatasetSpec s;
  s.kind = DatasetKind::kCsv;
  s.path = std::string(PLAB_SOURCE_DIR) + "/data/iris.csv";
  s.label_name = "species";
  return s;
}

TEST(DatasetLoader, KeepClassesDropsOtherRowsBeforeLabelling) {
  DatasetSpec s = iris_spec();
  s.keep_classes = std::vector<std::string>{"versicolor", "virginica"};
  s.positive = std::vector<std::string>{"virginica"};
  const Dataset d = load_dataset(s);
  EXPECT_EQ(d.rows(), 100u);
  EXPECT_EQ(d.task(), TaskKind::kBinary);
  EXPECT_EQ(d.class_counts(), (std::vector<std::size_t>{50, 50}));
  EXPECT_EQ(d.row(0)[1], 7.0);  // the first versicolor row: 7.0,3.2,4.7,1.4
}

TEST(DatasetLoader, KeepClassesNamingAnAbsentLabelIsRefused) {
  DatasetSpec s = iris_spec();
  s.keep_classes = std::vector<std::string>{"versicolour"};
  try {
    load_dataset(s);
    FAIL();
  } catch (const DataError& e) {
    EXPECT_NE(std::string(e.what()).find("did you mean 'versicolor'"), std::string::npos);
  }
}

TEST(DatasetLoader, StandardizeGivesMeanZeroVarianceOneAndKeepsTheBias) {
  DatasetSpec s = iris_spec();
  s.scale = FeatureScale::kStandardize;
  const Dataset d = load_dataset(s);
  for (std::size_t j = 1; j < d.cols(); ++j) {
    double mean = 0, sq = 0;
    for (std::size_t i = 0; i < d.rows(); ++i) mean += d.row(i)[j];
    mean /= static_cast<double>(d.rows());
    for (std::size_t i = 0; i < d.rows(); ++i) sq += (d.row(i)[j] - mean) * (d.row(i)[j] - mean);
    EXPECT_NEAR(mean, 0.0, 1e-12);
    EXPECT_NEAR(sq / static_cast<double>(d.rows()), 1.0, 1e-12);
  }
  EXPECT_EQ(d.row(7)[0], 1.0);
}

// A CSV is parsed straight into the data set's block, with or without the bias column; the
// rows kept by keep_classes close up in place.
TEST(DatasetLoader, CsvRowsLandInTheAlignedBlockWithOrWithoutBias) {
  test::TempDir dir;
  DatasetSpec s;
  s.kind = DatasetKind::kCsv;
  s.path = dir.write("rows.csv", "a,b,y\n1,2,p\n3,4,q\n5,6,p\n7,8,r\n");
  s.keep_classes = std::vector<std::string>{"p", "r"};
  for (const bool augment : {true, false}) {
    s.augment = augment;
    const Dataset d = load_dataset(s);
    const Dataset expected({1, 2, 5, 6, 7, 8}, 3, 2, augment, TaskKind::kMulticlass, {0, 0, 1},
                           {"p", "r"}, {"a", "b"});
    ASSERT_EQ(d.rows(), 3u);
    ASSERT_EQ(d.cols(), augment ? 3u : 2u);
    EXPECT_EQ(reinterpret_cast<std::uintptr_t>(d.view().features) % 64, 0u);
    for (std::size_t i = 0; i < d.rows(); ++i) {
      EXPECT_EQ(std::vector<double>(d.row(i), d.row(i) + d.cols()),
                std::vector<double>(expected.row(i), expected.row(i) + d.cols()))
          << "row " << i;
    }
    EXPECT_EQ(d.feature_names().list(), expected.feature_names().list());
  }
}

// Rows appended beyond a reservation move the block and keep every value.
TEST(FeatureRows, GrowsPastItsReservationKeepingTheRows) {
  FeatureRows rows(2, true);
  rows.reserve(3);
  for (int i = 0; i < 200; ++i) {
    double* r = rows.append_row();
    r[0] = i;
    r[1] = -i;
  }
  ASSERT_EQ(rows.rows(), 200u);
  EXPECT_GE(rows.capacity(), 200u);
  for (std::size_t i = 0; i < 200; ++i) {
    const auto v = static_cast<double>(i);
    EXPECT_EQ(std::vector<double>(rows.row(i), rows.row(i) + 3), (std::vector<double>{1, v, -v}));
  }
}

// precision float32: each value rounded to the nearest float once, the doubles and the
// floats the same values, both blocks aligned; the float64 view has no float rows.
TEST(Dataset, RoundingToFloat32KeepsTheRoundedValuesTwice) {
  Dataset d({0.1, 1.0 / 3.0, -2.5, 1e-50}, 2, 2, true, TaskKind::kBinary, {1, 0}, {"neg", "pos"},
            {"a", "b"});
  EXPECT_EQ(d.view().features32, nullptr);
  EXPECT_FALSE(d.float32());
  ASSERT_FALSE(d.round_to_float32());
  EXPECT_TRUE(d.float32());
  const TrainingSet t = d.view();
  ASSERT_NE(t.features32, nullptr);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(t.features32) % 64, 0u);
  const std::vector<double> rounded{
      1, static_cast<float>(0.1), static_cast<float>(1.0 / 3.0), 1, -2.5, 0.0};
  for (std::size_t i = 0; i < 2; ++i) {
    for (std::size_t j = 0; j < 3; ++j) {
      EXPECT_EQ(t.row(i)[j], rounded[i * 3 + j]) << i << "," << j;
      EXPECT_EQ(static_cast<double>(t.row32(i)[j]), t.row(i)[j]) << i << "," << j;
    }
  }
  EXPECT_NE(t.row(0)[1], 0.1);  // it did round
}

// A finite value beyond the float range is refused by position, and nothing changes.
TEST(Dataset, RoundingToFloat32RefusesAValueBeyondAFloat) {
  Dataset d({0.1, 2.0, -3.5e38, 1.0}, 2, 2, true, TaskKind::kBinary, {1, 0}, {"neg", "pos"},
            {"a", "b"});
  const auto beyond = d.round_to_float32();
  ASSERT_TRUE(beyond);
  EXPECT_EQ(beyond->first, 1u);
  EXPECT_EQ(beyond->second, 1u);
  EXPECT_FALSE(d.float32());
  EXPECT_EQ(d.row(0)[1], 0.1);
}

}  // namespace
}  // namespace plab
