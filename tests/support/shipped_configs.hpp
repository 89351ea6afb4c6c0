// Every config the project ships (configs/ and experiments/), relative to the source tree:
// the tests that must hold for each of them (verify clean, lanes byte-identical) share it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace plab::test {

inline constexpr const char* kShippedConfigs[] = {

    "configs/quickstart.json",
    "configs/eta_perceptron_iris.json",
    "configs/batch_perceptron_iris.json",
    "configs/multiclass_iris.json",
    "configs/multiclass_digits.json",
    "configs/linear_unit_versicolor_virginica.json",
    "configs/sweep_100k.json",
    "configs/heart_scale.json",
    "experiments/novikoff_on_real_data/orders_iris.json",
    "experiments/novikoff_on_real_data/wine_one_vs_rest.json",
    "experiments/pocket_vs_averaged/compare_pocket_averaged.json",
    "experiments/batch_forms/batch.json",
    "experiments/batch_forms/batch_counterexample.json",
    "experiments/hadamard_tight/hadamard_tight.json",
    "experiments/hinge_bound/noisy_family.json",
    "experiments/hinge_bound/random_starts.json",
    "experiments/hinge_bound/three_species.json",
    "experiments/hinge_bound/versicolor_virginica.json",
    "experiments/init_counterexample/init_counterexample.json",
    "experiments/margin_sweep/margin_sweep.json",
    "experiments/multiclass_kesler/multiclass.json",
    "experiments/not_separable/not_separable.json",
    "experiments/orders/orders.json",
    "experiments/random_start_counterexample/random_starts.json",
    "experiments/textbook_traces/and_function.json",
    "experiments/textbook_traces/batch_form.json",
    "experiments/textbook_traces/no_bias_given_init.json",
    "experiments/textbook_traces/worked_example.json",
};

// The --set cuts of the shipped experiments replicated over data seeds, for tests that run
// every shipped config many times: their first data set shows what ten would, at a tenth of
// the cost, and margin_sweep's 4000-row sets (each certified again by a replay) are left to
// experiments_test.cpp, which runs them as their expect.json cuts them.
inline std::vector<std::string> shipped_config_cuts(std::string_view config) {
  if (config == "experiments/margin_sweep/margin_sweep.json")  // and the smaller size only
    return {"/sweep/~1dataset~1seed=[1]", "/sweep/~1dataset~1rows=[400]"};
  return {};
}

}  // namespace plab::test
