#include <gtest/gtest.h>

#include "config/experiment_config.hpp"
#include "config/json_file.hpp"
#include "error.hpp"

namespace plab {
namespace {

const char* const kValid = R"({
  // comments are allowed
  "name": "t", "seed": 7, "repeats": 3,
  "dataset": {"kind": "inline", "x": [[0], [1]], "y": [-1, 1]},
  "learners": [{"plugin": "perceptron"}],
  "init": {"kind": "gaussian", "scale": 0.5},
  "protocol": {"max_epochs": 10, "order": "shuffle"}
})";

ExperimentConfig parse(const std::string& text) {
  return parse_experiment(parse_json_text(text, "test.json"), "/cfg");
}

std::string error_of(const std::string& text) {
  try {
    parse(text);
  } catch (const Error& e) {
    EXPECT_EQ(e.exit_code(), kExitBadInput);
    return e.what();
  }
  ADD_FAILURE() << "no error for " << text;
  return "";
}

// Replaces the first occurrence of `from` in kValid.
std::string valid_with(const std::string& from, const std::string& to) {
  std::string s = kValid;
  const auto at = s.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return s.replace(at, from.size(), to);
}

TEST(ConfigValidation, AcceptsValidConfigWithComments) {
  const ExperimentConfig c = parse(kValid);
  EXPECT_EQ(c.name, "t");
  EXPECT_EQ(c.seed, 7u);
  EXPECT_EQ(c.repeats, 3);
  EXPECT_EQ(c.learners.at(0).name, "perceptron");
  EXPECT_EQ(c.init.kind, InitKind::kGaussian);
  EXPECT_EQ(c.init.scale, 0.5);
  EXPECT_EQ(c.protocol.order, SampleOrder::kShuffle);
  EXPECT_TRUE(c.protocol.order_given);
  EXPECT_EQ(c.dataset.y, (std::vector<std::string>{"-1", "1"}));
}

TEST(ConfigValidation, InvalidJsonNamesLineAndColumn) {
  const std::string e = error_of("{\n  \"name\": \"t\",\n  \"seed\": ,\n}");
  EXPECT_NE(e.find("test.json:3:11"), std::string::npos) << e;
}

TEST(ConfigValidation, NumberTooLargeForADoubleIsAConfigError) {
  // fuzz_config's second find: nlohmann reports it as out_of_range, not as a parse error.
  const std::string e = error_of(valid_with("\"seed\": 7", "\"seed\": 3e633"));
  EXPECT_NE(e.find("test.json"), std::string::npos) << e;
  EXPECT_NE(e.find("number overflow"), std::string::npos) << e;
}

TEST(ConfigValidation, UnknownKeyIsRefusedWithDidYouMean) {
  const std::string e = error_of(valid_with("\"repeats\"", "\"repeat\""));
  EXPECT_NE(e.find("at /repeat"), std::string::npos) << e;
  EXPECT_NE(e.find("did you mean 'repeats'"), std::string::npos) << e;
}

TEST(ConfigValidation, NestedUnknownKeyNamesItsPointer) {
  const std::string e = error_of(valid_with("\"max_epochs\"", "\"max_epoch\""));
  EXPECT_NE(e.find("/protocol/max_epoch"), std::string::npos) << e;
  EXPECT_NE(e.find("did you mean 'max_epochs'"), std::string::npos) << e;
}

TEST(ConfigValidation, WrongTypeNamesPointerFoundAndExpected) {
  const std::string e = error_of(valid_with("\"repeats\": 3", "\"repeats\": \"3\""));
  EXPECT_NE(e.find("/repeats"), std::string::npos) << e;
  EXPECT_NE(e.find("the string \"3\""), std::string::npos) << e;
  EXPECT_NE(e.find("an integer from 1 to 9223372036854775807"), std::string::npos) << e;
}

TEST(ConfigValidation, OutOfRangeNumbersAreRefused) {
  EXPECT_NE(error_of(valid_with("\"repeats\": 3", "\"repeats\": 0")).find("/repeats"),
            std::string::npos);
  EXPECT_NE(
      error_of(valid_with("\"max_epochs\": 10", "\"max_epochs\": 0")).find("/protocol/max_epochs"),
      std::string::npos);
  EXPECT_NE(error_of(valid_with("\"scale\": 0.5", "\"scale\": -1")).find("/init/scale"),
            std::string::npos);
}

TEST(ConfigValidation, MissingRequiredFieldIsNamed) {
  const std::string e = error_of(R"({"name": "t", "learners": [{"plugin": "p"}]})");
  EXPECT_NE(e.find("/dataset"), std::string::npos) << e;
  EXPECT_NE(e.find("required"), std::string::npos) << e;
}

TEST(ConfigValidation, BadChoiceListsAcceptedValues) {
  const std::string e = error_of(valid_with("\"shuffle\"", "\"shufle\""));
  EXPECT_NE(e.find("/protocol/order"), std::string::npos) << e;
  EXPECT_NE(e.find("did you mean 'shuffle'"), std::string::npos) << e;
  EXPECT_NE(e.find("'random_mistake'"), std::string::npos) << e;
}

TEST(ConfigValidation, UnsafeNamesAreRefused) {
  EXPECT_NE(error_of(valid_with("\"name\": \"t\"", "\"name\": \"../up\"")).find("/name"),
            std::string::npos);
  EXPECT_NE(error_of(valid_with("{\"plugin\": \"perceptron\"}",
                                "{\"plugin\": \"perceptron\", \"name\": \"a b\"}"))
                .find("/learners/0/name"),
            std::string::npos);
}

TEST(ConfigValidation, DuplicateLearnerNamesAreRefused) {
  const std::string e =
      error_of(valid_with("[{\"plugin\": \"perceptron\"}]",
                          "[{\"plugin\": \"perceptron\"}, {\"plugin\": \"perceptron\"}]"));
  EXPECT_NE(e.find("/learners/1/name"), std::string::npos) << e;
}

TEST(ConfigValidation, InlineRowsMustHoldFeatures) {
  const std::string e = error_of(valid_with("\"x\": [[0], [1]]", "\"x\": [[], []]"));
  EXPECT_NE(e.find("/dataset/x/0"), std::string::npos) << e;
  EXPECT_NE(e.find("non-empty array"), std::string::npos) << e;
}

TEST(ConfigValidation, InlineLabelsMustMatchRows) {
  const std::string e = error_of(valid_with("\"y\": [-1, 1]", "\"y\": [-1]"));
  EXPECT_NE(e.find("/dataset/y"), std::string::npos) << e;
}

TEST(ConfigValidation, RelativePathsResolveAgainstConfigFolder) {
  const ExperimentConfig c = parse(valid_with(
      R"({"kind": "inline", "x": [[0], [1]], "y": [-1, 1]})",
      R"({"kind": "csv", "path": "../data/iris.csv", "label": "species", "positive": ["setosa"]})"));
  EXPECT_EQ(c.dataset.path, std::filesystem::path("/cfg/../data/iris.csv"));
  EXPECT_EQ(c.dataset.label_name, "species");
}

}  // namespace
}  // namespace plab
