// A complete binary online learner, parameterised by its step rule.
//
// The perceptron family differs only in the size of the step taken on a mistake: the
// classic perceptron adds y·x̃, the η-scaled one η·y·x̃, the normalised one y·x̃/|x̃|. A
// plugin writes that difference as a small StepRule and gets the rest (the `tie` param's two
// conventions of docs/learners.md, "Conventions", both `dot` summation orders, epochs in any order,
// the mistake-driven orders, error counting) from here:
//
//   struct MyStep {
//     explicit MyStep(const plab::ParamSet& params);   // or none, for a rule without params
//     double coefficient(double y) const;              // a in w ← w + a·x̃, from the label, or
//     double coefficient(const plab::Sample& s);       // from the sample: x, y, score, w
//     void on_correct(const plab::Sample& s);          // optional: visited, no update (epochs)
//     void on_start(const plab::TrainingSet& data,     // optional: the initial weights are
//                   std::span<const double> w0);       // set, training is about to start
//   };
//   using MyLearner = plab::BinaryOnlineLearner<MyStep>;
//
// A rule whose coefficient reads the label only, keeps no state (no on_correct, no
// on_start) and is trivially copyable also trains several repeats side by side: name
// plab::binary_online_lanes<MyStep> as the descriptor's `create_lanes` (plab/lane_loop.hpp).
//
// A learner that declares kTieParam and kDotParam (online_loop.hpp) lets configs choose
// them; one that does not uses "mistake" and "sequential". A learner that predicts with
// something other than its weights (pocket, averaged) derives from this class, reaches its
// rule through rule() and overrides count_errors.
#pragma once

#include <cstdint>
#include <span>
#include <type_traits>
#include <vector>

#include "plab/descriptor.hpp"
#include "plab/lane_loop.hpp"
#include "plab/online_loop.hpp"

namespace plab {

namespace detail {

template <class StepRule>
double coefficient_of(StepRule& rule, const Sample& s) {
  if constexpr (requires { rule.coefficient(s); }) {
    return rule.coefficient(s);
  } else {
    return rule.coefficient(s.y);
  }
}

// A rule that only reads its fields (const coefficient, no on_correct) and is trivially
// copyable is copied into each loop, as a local whose fields the compiler keeps in
// registers (the weights it writes cannot alias them); any other rule is used in place.
template <class StepRule>
constexpr bool copied_into_loop() {
  constexpr bool by_label = requires(const StepRule& r, double y) { r.coefficient(y); };
  constexpr bool by_sample = requires(const StepRule& r, const Sample& s) { r.coefficient(s); };
  constexpr bool keeps_state = requires(StepRule & r, const Sample& s) { r.on_correct(s); };
  return std::is_trivially_copyable_v<StepRule> && (by_label || by_sample) && !keeps_state;
}

// A rule is made from the learner's params, or default-constructed when it takes none.
template <class StepRule>
StepRule make_rule(const ParamSet& params) {
  if constexpr (std::is_constructible_v<StepRule, const ParamSet&>) {
    return StepRule(params);
  } else {
    return StepRule{};
  }
}

// A rule whose step reads the label only and that sees no sample when it is right: with the
// tie conventions' is_mistake, nothing in an epoch reads the score but its sign, so the
// epoch may sum in CertifiedSignDot's order and still make the sequential sum's decisions.
template <class StepRule>
constexpr bool reads_only_the_sign() {
  constexpr bool by_label = requires(const StepRule& r, double y) { r.coefficient(y); };
  constexpr bool by_sample = requires(StepRule & r, const Sample& s) { r.coefficient(s); };
  constexpr bool sees_correct = requires(StepRule & r, const Sample& s) { r.on_correct(s); };
  return by_label && !by_sample && !sees_correct;
}

}  // namespace detail

template <class StepRule>
class BinaryOnlineLearner : public Learner {
 public:
  explicit BinaryOnlineLearner(const LearnerSetup& setup)
      : w_(setup.cols, 0.0),
        sign_(setup.params),
        step_(detail::make_rule<StepRule>(setup.params)) {}

  WeightShape shape() const override { return {1, w_.size()}; }
  std::span<double> weights() override { return w_; }

  void on_start(const TrainingSet& data) override {
    if constexpr (requires { step_.on_start(data, std::span<const double>(w_)); }) {
      step_.on_start(data, std::span<const double>(w_));
    }
  }

  EpochOutcome train_epoch(const TrainingSet& data, const std::uint32_t* order,
                           UpdateObserver* observer) override {
    return with_tie(sign_.tie_positive, [&](auto tie) {
      return with_dot(sign_.blocked_dot, [&](auto dot) {
        Rule<decltype(tie)> rule{{}, step_};
        if constexpr (std::is_same_v<decltype(dot), SequentialDot> &&
                      detail::reads_only_the_sign<StepRule>()) {
          // Decided once an epoch, so narrow data keeps the plain sequential loop.
          if (certified_sign_pays(data)) {
            return online_epoch(data, order, w_.data(), rule, observer, CertifiedSignDot{});
          }
        }
        return online_epoch(data, order, w_.data(), rule, observer, dot);
      });
    });
  }

  StepOutcome train_step(const TrainingSet& data, MistakePick pick, double uniform,
                         UpdateObserver* observer) override {
    return with_tie(sign_.tie_positive, [&](auto tie) {
      return with_dot(sign_.blocked_dot, [&](auto dot) {
        return online_step(data, pick, uniform, w_.data(), Rule<decltype(tie)>{{}, step_}, observer,
                           scratch_, dot);
      });
    });
  }

  std::size_t count_errors(const TrainingSet& data) const override {
    return sign_.errors(data, w_.data());
  }

 protected:
  StepRule& rule() { return step_; }
  const StepRule& rule() const { return step_; }
  std::span<const double> current_weights() const { return w_; }
  const SignConventions& sign_conventions() const { return sign_; }

 private:
  using HeldRule = std::conditional_t<detail::copied_into_loop<StepRule>(), StepRule, StepRule&>;

  template <class Tie>
  struct Rule : Tie {
    HeldRule step_rule;
    double step(const Sample& s) { return detail::coefficient_of(step_rule, s); }
    void on_correct(const Sample& s) {
      if constexpr (requires { step_rule.on_correct(s); }) step_rule.on_correct(s);
    }
  };

  std::vector<double> w_;
  SignConventions sign_;
  StepRule step_;
  std::vector<std::uint32_t> scratch_;
};

// A step rule with a lane form: by label, stateless, trivially copyable.
template <class StepRule>
concept LaneStepRule = std::is_trivially_copyable_v<StepRule> &&
    requires(const StepRule& r, double y) {
  r.coefficient(y);
} && !requires(StepRule & r, const Sample& s) {
  r.on_correct(s);
}
&&!requires(StepRule & r, const TrainingSet& d, std::span<const double> w) { r.on_start(d, w); };

namespace detail {

// The lane rule of BinaryOnlineLearner<StepRule>: its tie convention and its step.
template <class Tie, class StepRule>
struct LaneRule : Tie {
  StepRule step_rule;
  double step(double /*score*/, double y) const { return step_rule.coefficient(y); }
  double step_for_label(double y) const { return step_rule.coefficient(y); }
};

}  // namespace detail

// The descriptor's `create_lanes` for BinaryOnlineLearner<StepRule>. Lanes follow the
// sequential summation only: with `dot: "blocked"` none are offered (the runs then train
// one at a time, as before).
template <LaneStepRule StepRule>
CreateLanesResult binary_online_lanes(const LearnerSetup& setup, std::size_t width) noexcept {
  try {
    const SignConventions sign(setup.params);
    if (sign.blocked_dot) return {};
    const StepRule step = detail::make_rule<StepRule>(setup.params);
    return with_tie(sign.tie_positive, [&](auto tie) {
      return make_online_lanes(detail::LaneRule<decltype(tie), StepRule>{{}, step}, setup.cols,
                               width);
    });
  } catch (const std::exception& e) {
    return {nullptr, e.what()};
  }
}

}  // namespace plab
