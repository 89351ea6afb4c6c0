// An example learner written outside the perceptron-lab tree, against the installed SDK:
// the perceptron with a normalised step, w <- w + rate y x~ / |x~| (`step` "normalised", the
// default), or the scaled step w <- w + rate y x~ (`step` "scaled").
//
// The step depends on x, so the rule reads the whole sample (plab::Sample); the SDK's
// learner supplies the rest: the `tie` and `dot` params, every order (cyclic, shuffle and
// the mistake-driven random_mistake and worst_mistake), error counting.
//
// Its bound, declared as data from the resolved params (declare_bound below): the scaled
// step is Novikoff's with step scale eta = rate, so it declares that form and plab proves
// the bound, init-aware from w0 != 0. The normalised step satisfies Novikoff's two
// conditions only with eta = rate / R, and a plugin does not know the data's R, so it
// declares no bound for it: plab prints no bound it cannot prove.
#include <cmath>

#include "plab/binary_online_learner.hpp"
#include "plab/plugin.hpp"

namespace {

constexpr plab::ParamSpec kParams[] = {
    plab::kTieParam,
    plab::kDotParam,
    plab::ParamSpec::choice("step", "normalised", "normalised|scaled",
                            "\"normalised\": w <- w + rate y x~ / |x~|; \"scaled\": w <- w + "
                            "rate y x~"),
    plab::ParamSpec::real("rate", 1.0, "step scale rate > 0", 0.0, /*lower_open=*/true),
};

struct SignStep {
  explicit SignStep(const plab::ParamSet& params)
      : normalised(params.choice("step") == "normalised"), rate(params.real("rate")) {}
  double coefficient(const plab::Sample& s) const {
    return normalised ? rate * s.y / std::sqrt(plab::dot(s.x, s.x, s.cols())) : rate * s.y;
  }
  bool normalised;
  double rate;
};

using SignPerceptron = plab::BinaryOnlineLearner<SignStep>;

// The bound this learner claims for its resolved params (plab/bound.hpp).
plab::BoundDeclaration declare_bound(const plab::LearnerSetup& setup) {
  if (setup.params.choice("step") == "normalised") return {};  // no bound: see the top
  return {.form = plab::BoundForm::kNovikoff,
          .counts = plab::BoundCount::kMistakes,
          .eta = setup.params.real("rate")};
}

constexpr auto kDescriptor = plab::make_descriptor(
    {
        .name = "sign_perceptron",
        .version = "0.2.0",
        .summary = "example out-of-tree plugin: perceptron with normalised steps y x / |x|",
        .details =
            "On a mistake w <- w + rate y x~ / |x~| (`step` \"normalised\", no bound claimed) "
            "or w <- w + rate y x~ (`step` \"scaled\", Novikoff with step scale rate). `tie` "
            "and `dot` as for `perceptron`; every order. Built outside the perceptron-lab "
            "tree from examples/external_plugin against the installed SDK.",
        .declare_bound = declare_bound,
        .orders = plab::OrderSupport::kMistakeDriven,
    },
    kParams);

}  // namespace

PLAB_PLUGIN(kDescriptor, SignPerceptron)
