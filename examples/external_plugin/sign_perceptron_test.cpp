// Tests the example plugin through its shared library with the SDK's helpers (plab/testing.hpp).
#include <cmath>
#include <cstdio>

#include "plab/testing.hpp"

int main(int argc, char** argv) {
  if (argc != 2) return 2;
  auto plugin = plab::testing::Plugin::load(argv[1]);
  // x~ = [1,3,4] (y = +1, |x~| = √26) and [1,0,0] (y = −1, |x~| = 1), from zero.
  plab::testing::SmallData data({{3, 4}, {0, 0}}, {+1, -1});
  auto learner = plugin.create(data);
  const plab::EpochOutcome first = learner->train_epoch(data.view(), nullptr, nullptr);
  // Sample 0 scores 0: a mistake, w = [1,3,4]/√26. Sample 1 scores 1/√26 > 0 with y = −1:
  // w = [1/√26 − 1, 3/√26, 4/√26].
  const double r = std::sqrt(26.0);
  const auto w = learner->weights();
  const bool ok = first.mistakes == 2 && std::fabs(w[0] - (1 / r - 1)) < 1e-15 &&
                  std::fabs(w[1] - 3 / r) < 1e-15 && std::fabs(w[2] - 4 / r) < 1e-15;
  int epochs = 1;
  while (!learner->train_epoch(data.view(), nullptr, nullptr).converged && epochs < 100) ++epochs;
  const bool separated = learner->count_errors(data.view()) == 0;
  // The declared bound: none for the normalised step, Novikoff with eta = rate for the
  // scaled one.
  const plab::BoundDeclaration normalised = plugin.declare_bound(data);
  const plab::BoundDeclaration scaled =
      plugin.declare_bound(data, {{"step", "scaled"}, {"rate", 0.5}});
  const bool declared = normalised.form == plab::BoundForm::kNone &&
                        scaled.form == plab::BoundForm::kNovikoff &&
                        scaled.counts == plab::BoundCount::kMistakes && scaled.eta == 0.5;
  // The SDK's learner also gives it the mistake-driven orders and the blocked dot: worst-
  // mistake steps with dot "blocked" separate the same data.
  auto stepped = plugin.create(data, {{"dot", "blocked"}});
  int steps = 0;
  while (stepped->train_step(data.view(), plab::MistakePick::kWorst, 0.0, nullptr).updated &&
         steps < 100)
    ++steps;
  const bool stepped_apart = steps > 0 && stepped->count_errors(data.view()) == 0;
  std::printf(
      "%s: first epoch %s, separated after %d epochs: %s, bound declared %s, worst-mistake "
      "steps with the blocked dot separate: %s\n",
      plugin.descriptor().name, ok ? "as computed by hand" : "WRONG", epochs,
      separated ? "yes" : "NO", declared ? "as intended" : "WRONG", stepped_apart ? "yes" : "NO");
  return ok && separated && declared && stepped_apart ? 0 : 1;
}
