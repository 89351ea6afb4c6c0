#include "config/sweep.hpp"

#include <gtest/gtest.h>

#include "config/json_file.hpp"
#include "error.hpp"

namespace plab {
namespace {

Json config(const std::string& sweep) {
  return parse_json_text(R"({"name": "s", "init": {"kind": "zero"}, "learners": [{"plugin": "p"}],
                             "sweep": )" +
                             sweep + "}",
                         "t.json");
}

TEST(Sweep, NoSweepIsOnePoint) {
  const Json doc = parse_json_text(R"({"name": "s"})", "t.json");
  EXPECT_EQ(count_points(read_sweep_axes(doc)), 1u);
}

TEST(Sweep, GridIsMixedRadixWithLastAxisFastest) {
  const Json doc =
      config(R"({"/init/scale": [0, 1], "/learners/0/params": [{"eta": 0.1}, {"eta": 1}, {}]})");
  const auto axes = read_sweep_axes(doc);
  ASSERT_EQ(count_points(axes), 6u);
  const SweepPoint p4 = make_point(doc, axes, 4);  // digits (1, 1)
  EXPECT_EQ(p4.document["init"]["scale"], 1);
  EXPECT_EQ(p4.document["learners"][0]["params"]["eta"], 1);
  EXPECT_FALSE(p4.document.contains("sweep"));
  ASSERT_EQ(p4.assignments.size(), 2u);
  EXPECT_EQ(p4.assignments[0].first, "/init/scale");
  const SweepPoint p2 = make_point(doc, axes, 2);  // digits (0, 2)
  EXPECT_EQ(p2.document["init"]["scale"], 0);
  EXPECT_TRUE(p2.document["learners"][0]["params"].empty());
}

TEST(Sweep, AxesKeepTheOrderTheyAreWrittenIn) {
  const auto axes = read_sweep_axes(config(R"({"/z": [1], "/a": [2]})"));
  ASSERT_EQ(axes.size(), 2u);
  EXPECT_EQ(axes[0].pointer, "/z");
}

TEST(Sweep, PointerIntoMissingParentIsRefused) {
  const Json doc = config(R"({"/protocol/max_epochs": [1, 2]})");
  const auto axes = read_sweep_axes(doc);
  try {
    make_point(doc, axes, 0);
    FAIL();
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("/protocol"), std::string::npos) << e.what();
  }
}

TEST(Sweep, EmptyListAndNonPointerAreRefused) {
  EXPECT_THROW(read_sweep_axes(config(R"({"/init/scale": []})")), ConfigError);
  EXPECT_THROW(read_sweep_axes(config(R"({"init/scale": [1]})")), ConfigError);
  EXPECT_THROW(read_sweep_axes(config(R"({"/name": ["x"]})")), ConfigError);
}

TEST(Sweep, ArrayIndexPastEndIsRefused) {
  const Json doc = config(R"({"/learners/3/plugin": ["q"]})");
  EXPECT_THROW(make_point(doc, read_sweep_axes(doc), 0), ConfigError);
}

}  // namespace
}  // namespace plab
