#include "run/initial_weights.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "config/object_reader.hpp"
#include "error.hpp"

namespace plab {

namespace {

std::string text_of(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%.6g", v);
  return text;
}

}  // namespace

void fill_initial_weights(const InitSpec& init, Rng& rng, std::span<double> w) {
  if (init.kind == "zero") {
    std::fill(w.begin(), w.end(), 0.0);
  } else if (init.kind == "gaussian") {
    for (double& v : w) v = init.scale * rng.gaussian();
  } else if (init.kind == "uniform") {
    for (double& v : w) v = init.scale * (2.0 * rng.uniform() - 1.0);
  } else {
    PLAB_CHECK(init.kind == "given" && init.w.size() == w.size());
    std::copy(init.w.begin(), init.w.end(), w.begin());
  }
}

void check_initial_weights_fit(const InitSpec& init) {
  // uniform draws stay within ±scale and given weights are finite numbers already.
  if (init.kind != "gaussian" || std::isfinite(init.scale * kLargestGaussianDraw)) return;
  throw_config_error("/init/scale",
                     "a gaussian init of scale " + text_of(init.scale) +
                         " draws initial weights up to " + text_of(kLargestGaussianDraw) +
                         " x scale, which overflows a double (largest about 1.8e308): the "
                         "initial weights would not be finite; lower /init/scale");
}

void check_step_fits(const PluginDescriptor& plugin, const ParamSet& params, const Dataset& data,
                     const std::string& params_pointer) {
  // Only the guarantees whose update the engine knows to be η times a sample.
  if (plugin.guarantee == Guarantee::kNone || plugin.guarantee == Guarantee::kNovikoff) return;
  double eta = 0.0;
  bool residual = false;
  bool has_eta = false;
  for (const auto& e : params.entries()) {
    if (e.name == "eta" && e.type == ParamType::kReal) {
      eta = e.number;
      has_eta = true;
    }
    if (e.name == "step" && e.type == ParamType::kChoice) residual = e.text == "residual";
  }
  if (!has_eta) return;
  double largest = 0.0;
  std::size_t col = 0;
  for (std::size_t i = 0; i < data.rows(); ++i) {
    for (std::size_t j = 0; j < data.cols(); ++j) {
      if (std::fabs(data.row(i)[j]) > largest) {
        largest = std::fabs(data.row(i)[j]);
        col = j;
      }
    }
  }
  const double step = (residual ? 2.0 : 1.0) * eta;
  if (std::isfinite(step) && std::isfinite(step * largest)) return;
  throw_config_error(
      params_pointer + "/eta",
      "the step " + std::string(residual ? "2*eta*x (residual step)" : "eta*x") +
          " overflows a double: eta " + text_of(eta) + " times the largest feature value " +
          text_of(largest) + " (column '" + data.feature_names()[col] +
          "') is beyond about 1.8e308, so the weights would overflow at the first update; "
          "lower eta or scale the data");
}

}  // namespace plab
