// A complete binary online learner, parameterised by its step rule.
//
// The perceptron family differs only in the size of the step taken on a mistake: the
// classic perceptron adds y·x̃, the η-scaled one η·y·x̃ or η·(y − ŷ)·x̃. A plugin writes that
// difference as a small StepRule and gets the rest (the `tie` param's two conventions of
// THEORY.md §0, epochs in any order, mistake-driven steps, error counting) from here:
//
//   struct MyStep {
//     explicit MyStep(const plab::ParamSet& params);
//     double coefficient(double y) const;  // a in w ← w + a·x̃, on a mistake with label y
//   };
//   class MyLearner final : public plab::BinaryOnlineLearner<MyStep> { using ...; };
//
// The plugin must declare the params kTieParam and kDotParam (online_loop.hpp).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "plab/descriptor.hpp"
#include "plab/online_loop.hpp"

namespace plab {

template <class StepRule>
class BinaryOnlineLearner : public Learner {
 public:
  explicit BinaryOnlineLearner(const LearnerSetup& setup)
      : w_(setup.cols, 0.0),
        tie_positive_(setup.params.choice("tie") == "positive"),
        blocked_dot_(setup.params.choice("dot") == "blocked"),
        step_(setup.params) {}

  WeightShape shape() const override { return {1, w_.size()}; }
  std::span<double> weights() override { return w_; }

  EpochOutcome train_epoch(const TrainingSet& data, const std::uint32_t* order,
                           UpdateObserver* observer) override {
    return with_tie(tie_positive_, [&](auto tie) {
      return with_dot(blocked_dot_, [&](auto dot) {
        return online_epoch(data, order, w_.data(), Rule<decltype(tie)>{{}, step_}, observer, dot);
      });
    });
  }

  StepOutcome train_step(const TrainingSet& data, MistakePick pick, double uniform,
                         UpdateObserver* observer) override {
    return with_tie(tie_positive_, [&](auto tie) {
      return with_dot(blocked_dot_, [&](auto dot) {
        return online_step(data, pick, uniform, w_.data(), Rule<decltype(tie)>{{}, step_}, observer,
                           scratch_, dot);
      });
    });
  }

  std::size_t count_errors(const TrainingSet& data) const override {
    return with_tie(tie_positive_, [&](auto tie) {
      return with_dot(blocked_dot_, [&](auto dot) {
        return count_sign_errors<decltype(tie), decltype(dot)>(data, w_.data());
      });
    });
  }

 private:
  template <class Tie>
  struct Rule : Tie {
    StepRule step_rule;
    double step(double /*score*/, double y) const { return step_rule.coefficient(y); }
  };

  std::vector<double> w_;
  bool tie_positive_;
  bool blocked_dot_;
  StepRule step_;
  std::vector<std::uint32_t> scratch_;
};

}  // namespace plab
