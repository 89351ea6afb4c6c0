// The config's protocol and order words become enums once, in the parser, and each protocol
// kind has its own unit (protocols/).
#include <gtest/gtest.h>

#include "config/experiment_config.hpp"
#include "config/json_file.hpp"
#include "protocols/protocol.hpp"

namespace plab {
namespace {

ProtocolSpec protocol_of(const std::string& protocol) {
  const std::string text = R"({"name": "t", "seed": 7, "repeats": 3,
    "dataset": {"kind": "inline", "x": [[0], [1]], "y": [-1, 1]},
    "learners": [{"plugin": "perceptron"}], "protocol": )" +
                           protocol + "}";
  return parse_experiment(parse_json_text(text, "test.json"), "/cfg").protocol;
}

TEST(ProtocolKinds, TheParserTurnsWordsIntoKinds) {
  EXPECT_EQ(protocol_of("{}").kind, ProtocolKind::kConvergence);
  EXPECT_EQ(protocol_of(R"({"kind": "trajectory"})").kind, ProtocolKind::kTrajectory);
  EXPECT_EQ(protocol_of(R"({"kind": "holdout", "folds": 3})").kind, ProtocolKind::kHoldout);
  EXPECT_EQ(protocol_of("{}").order, SampleOrder::kCyclic);
  EXPECT_FALSE(protocol_of("{}").order_given);
  const ProtocolSpec worst = protocol_of(R"({"order": "worst_mistake"})");
  EXPECT_EQ(worst.order, SampleOrder::kWorstMistake);
  EXPECT_TRUE(worst.mistake_driven());
  EXPECT_FALSE(protocol_of(R"({"order": "shuffle"})").mistake_driven());
}

TEST(ProtocolKinds, AnOrderIsWrittenAsTheWordThatNamesIt) {
  for (const SampleOrder order : {SampleOrder::kCyclic, SampleOrder::kShuffle,
                                  SampleOrder::kRandomMistake, SampleOrder::kWorstMistake}) {
    EXPECT_EQ(parse_order(order_name(order)), order) << order_name(order);
  }
  EXPECT_STREQ(order_name(SampleOrder::kRandomMistake), "random_mistake");
  EXPECT_FALSE(parse_order("random").has_value());
}

TEST(ProtocolKinds, EachKindHasItsOwnUnit) {
  EXPECT_EQ(&protocol_for(ProtocolKind::kConvergence), &convergence_protocol());
  EXPECT_EQ(&protocol_for(ProtocolKind::kTrajectory), &trajectory_protocol());
  EXPECT_EQ(&protocol_for(ProtocolKind::kHoldout), &holdout_protocol());
  EXPECT_NE(&convergence_protocol(), &holdout_protocol());
}

}  // namespace
}  // namespace plab
