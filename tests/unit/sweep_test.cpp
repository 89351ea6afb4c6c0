#include "config/sweep.hpp"

#include <gtest/gtest.h>

#include "config/experiment_config.hpp"
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
  EXPECT_EQ(axes[0].pointers.at(0), "/z");
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

namespace plab {
namespace {

TEST(Sweep, ZipGroupsVaryTogetherAsOneAxisAtTheirPlace) {
  const Json doc = parse_json_text(R"({"init": {"kind": "zero"}, "learners": [{"p": 1}], "sweep": {
      "/init/kind": ["zero", "gaussian"],
      "zip": {"/init/scale": [1, 2, 3], "/learners/0/p": ["a", "b", "c"]}}})",
                                   "t.json");
  const auto axes = read_sweep_axes(doc);
  ASSERT_EQ(axes.size(), 2u);
  ASSERT_EQ(count_points(axes), 6u);
  const SweepPoint p = make_point(doc, axes, 5);  // digits (1, 2)
  EXPECT_EQ(p.document["init"]["kind"], "gaussian");
  EXPECT_EQ(p.document["init"]["scale"], 3);
  EXPECT_EQ(p.document["learners"][0]["p"], "c");
  EXPECT_EQ(p.assignments.size(), 3u);
}

TEST(Sweep, ZipListsOfDifferentLengthsAreRefused) {
  EXPECT_THROW(
      read_sweep_axes(parse_json_text(R"({"sweep": {"zip": {"/a": [1, 2], "/b": [1]}}})", "t")),
      ConfigError);
  EXPECT_THROW(read_sweep_axes(parse_json_text(R"({"sweep": {"zip": [1]}})", "t")), ConfigError);
}

TEST(Sweep, ANonObjectDocumentIsOnePointAndRefusedByTheParser) {
  // fuzz_config's first find: the bytes "6\0\0\0/" made make_point throw a JSON type error.
  const Json doc = parse_json_text("6", "t");
  const auto axes = read_sweep_axes(doc);
  ASSERT_EQ(count_points(axes), 1u);
  const SweepPoint p = make_point(doc, axes, 0);
  EXPECT_THROW(parse_experiment(p.document, "/"), ConfigError);
}

TEST(SweepValues, CommaListsJsonBareWordsAndRanges) {
  EXPECT_EQ(parse_sweep_values("0.1,1,10", "o"), (std::vector<Json>{0.1, 1, 10}));
  EXPECT_EQ(parse_sweep_values("zero,gaussian", "o"), (std::vector<Json>{"zero", "gaussian"}));
  EXPECT_EQ(parse_sweep_values("[1,2],{\"a\":3}", "o"),
            (std::vector<Json>{Json::array({1, 2}), Json{{"a", 3}}}));
  EXPECT_EQ(parse_sweep_values("range(0,4)", "o"), (std::vector<Json>{0, 1, 2, 3}));
  EXPECT_EQ(parse_sweep_values("range(0,1,0.25)", "o"), (std::vector<Json>{0.0, 0.25, 0.5, 0.75}));
  EXPECT_EQ(parse_sweep_values("range(5,0,-2),x", "o"), (std::vector<Json>{5, 3, 1, "x"}));
}

TEST(SweepValues, BadRangesAndEmptyValuesAreRefused) {
  EXPECT_THROW(parse_sweep_values("range(0,1,0)", "o"), UsageError);
  EXPECT_THROW(parse_sweep_values("range(1,0)", "o"), UsageError);
  EXPECT_THROW(parse_sweep_values("range(a,2)", "o"), UsageError);
  EXPECT_THROW(parse_sweep_values("1,,2", "o"), UsageError);
}

}  // namespace
}  // namespace plab
