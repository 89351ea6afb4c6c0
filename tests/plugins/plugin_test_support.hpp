// Loading the real plugin libraries in tests, and a recorder for update traces.
#pragma once

#include <cmath>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "base/random.hpp"
#include "config/json.hpp"
#include "data/dataset.hpp"
#include "plugin_loader/param_resolver.hpp"
#include "plugin_loader/plugin_library.hpp"
#include "support/binary_rows.hpp"

namespace plab::test {

inline std::shared_ptr<const PluginLibrary> load_bundled(const std::string& name) {
  return PluginLibrary::load(std::string(PLAB_PLUGIN_DIR) + "/" + name + ".so");
}

inline std::shared_ptr<const PluginLibrary> load_fixture(const std::string& name) {
  return PluginLibrary::load(std::string(PLAB_TEST_PLUGIN_DIR) + "/" + name + ".so");
}

// Rows given un-augmented; the dataset prepends the constant 1.
inline Dataset binary_data(const std::vector<std::vector<double>>& rows,
                           const std::vector<int>& signs, bool augment = true) {
  return binary_rows(rows, signs, augment);
}

struct LearnerUnderTest {
  std::shared_ptr<const PluginLibrary> plugin;
  ParamSet params;
  std::shared_ptr<Learner> learner;
};

inline LearnerUnderTest make_learner(const std::string& plugin_name, const Dataset& data,
                                     const Json& params = Json::object()) {
  LearnerUnderTest t;
  t.plugin = load_bundled(plugin_name);
  t.params = resolve_params(t.plugin->descriptor(), params, "/params");
  const LearnerSetup setup{t.params, data.task(), data.rows(), data.cols(),
                           data.class_names().size()};
  t.learner = t.plugin->create(setup);
  t.learner->on_start(data.view());  // from zero weights, as the engine starts a zero init
  return t;
}

class TraceRecorder : public UpdateObserver {
 public:
  void on_update(std::size_t sample, std::span<const double> w) override {
    updates.emplace_back(sample, std::vector<double>(w.begin(), w.end()));
  }
  std::vector<std::pair<std::size_t, std::vector<double>>> updates;
};

using Trace = std::vector<std::pair<std::size_t, std::vector<double>>>;

}  // namespace plab::test

namespace plab::test {

// A reproducible separable set: Gaussian points in `dim` dimensions labelled by a random
// teacher through the origin of the augmented space, keeping only points whose normalised
// margin exceeds `gap`, so that no score is ever near a tie.
inline Dataset separable_data(std::uint64_t seed, std::size_t rows, std::size_t dim,
                              double gap = 0.05) {
  Rng rng(seed);
  std::vector<double> teacher(dim + 1);
  for (double& t : teacher) t = rng.gaussian();
  double norm = 0;
  for (double t : teacher) norm += t * t;
  norm = std::sqrt(norm);
  std::vector<std::vector<double>> points;
  std::vector<int> signs;
  while (points.size() < rows) {
    std::vector<double> x(dim);
    double score = teacher[0];
    for (std::size_t j = 0; j < dim; ++j) {
      x[j] = rng.gaussian();
      score += teacher[j + 1] * x[j];
    }
    if (std::fabs(score) / norm < gap) continue;
    points.push_back(x);
    signs.push_back(score > 0 ? 1 : -1);
  }
  return binary_data(points, signs);
}

}  // namespace plab::test
