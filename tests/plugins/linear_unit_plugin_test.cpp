// The linear unit through its real shared library, checked against an independent
// least-squares solve (Eigen).
#include <gtest/gtest.h>

#include <Eigen/Dense>

#include "plugins/plugin_test_support.hpp"
#include "protocols/protocol.hpp"

namespace plab {
namespace {

using test::Trace;

// Inconsistent data: a noisy teacher, so the least-squares optimum has non-zero loss.
Dataset noisy_data(std::uint64_t seed, std::size_t rows) {
  Rng rng(seed);
  std::vector<std::vector<double>> points;
  std::vector<int> signs;
  for (std::size_t i = 0; i < rows; ++i) {
    const double a = rng.gaussian();
    const double b = rng.gaussian();
    points.push_back({a, b});
    signs.push_back(0.3 + a - 0.5 * b + 0.8 * rng.gaussian() > 0 ? 1 : -1);
  }
  return test::binary_data(points, signs);
}

Eigen::MatrixXd design(const Dataset& d) {
  Eigen::MatrixXd x(d.rows(), d.cols());
  for (std::size_t i = 0; i < d.rows(); ++i) {
    for (std::size_t j = 0; j < d.cols(); ++j) x(i, j) = d.row(i)[j];
  }
  return x;
}

Eigen::VectorXd targets(const Dataset& d) {
  Eigen::VectorXd y(d.rows());
  for (std::size_t i = 0; i < d.rows(); ++i) y(i) = d.view().sign[i];
  return y;
}

double distance_to(const std::span<double> w, const Eigen::VectorXd& v) {
  double s = 0;
  for (std::size_t j = 0; j < w.size(); ++j) s += (w[j] - v(j)) * (w[j] - v(j));
  return std::sqrt(s);
}

TEST(LinearUnitPlugin, SgdEpochTraceByHand) {
  const Dataset data = test::binary_data({{1}, {-1}}, {+1, -1});
  auto t = test::make_learner("linear_unit_sgd", data, Json{{"eta", 0.5}});
  test::TraceRecorder trace;
  // o = 0 at [1,1]: w += 0.5·(1 − 0)·[1,1] = [.5,.5]; o = 0 at [1,−1]: w += 0.5·(−1)·[1,−1].
  const EpochOutcome first = t.learner->train_epoch(data.view(), nullptr, &trace);
  EXPECT_EQ(trace.updates, (Trace{{0, {0.5, 0.5}}, {1, {0, 1}}}));
  EXPECT_EQ(first.loss, 0.0);     // w = [0,1] fits both targets exactly
  EXPECT_FALSE(first.converged);  // E went from 1 to 0
  EXPECT_TRUE(t.learner->train_epoch(data.view(), nullptr, &trace).converged);
}

TEST(LinearUnitPlugin, BatchGradientDescentReachesTheLeastSquaresSolution) {
  const Dataset data = noisy_data(3, 60);
  const Eigen::MatrixXd x = design(data);
  const Eigen::VectorXd y = targets(data);
  const Eigen::VectorXd optimum = x.colPivHouseholderQr().solve(y);
  const double lambda_max =
      Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(x.transpose() * x).eigenvalues().maxCoeff();
  // docs/bounds.md, "The linear unit": converges for 0 < η < 2/λ_max.
  auto t = test::make_learner("linear_unit_sgd", data,
                              Json{{"mode", "batch"}, {"eta", 1.0 / lambda_max}, {"tol", 1e-15}});
  bool converged = false;
  for (int epoch = 0; epoch < 200000 && !converged; ++epoch) {
    converged = t.learner->train_epoch(data.view(), nullptr, nullptr).converged;
  }
  EXPECT_TRUE(converged);
  EXPECT_LT(distance_to(t.learner->weights(), optimum), 1e-6);
}

TEST(LinearUnitPlugin, SgdWithTheInverseScheduleApproachesTheOptimum) {
  const Dataset data = noisy_data(4, 50);
  const Eigen::VectorXd optimum = design(data).colPivHouseholderQr().solve(targets(data));
  auto t = test::make_learner("linear_unit_sgd", data,
                              Json{{"eta", 0.05}, {"schedule", "inverse"}, {"tol", 0.0}});
  std::vector<double> distance;
  for (int epoch = 1; epoch <= 4000; ++epoch) {
    t.learner->train_epoch(data.view(), nullptr, nullptr);
    if (epoch == 10 || epoch == 4000)
      distance.push_back(distance_to(t.learner->weights(), optimum));
  }
  auto constant = test::make_learner("linear_unit_sgd", data, Json{{"eta", 0.05}, {"tol", 0.0}});
  for (int epoch = 1; epoch <= 4000; ++epoch)
    constant.learner->train_epoch(data.view(), nullptr, nullptr);
  const double constant_distance = distance_to(constant.learner->weights(), optimum);
  EXPECT_LT(distance[1], distance[0]);
  EXPECT_LT(distance[1], 0.5 * constant_distance);  // the constant step settles on a cycle
  EXPECT_LT(distance[1], 0.02);
}

TEST(LinearUnitPlugin, TooLargeEtaEndsTheRunAsDiverged) {
  const Dataset data = noisy_data(5, 40);
  const auto plugin = test::load_bundled("linear_unit_sgd");
  const ParamSet params = resolve_params(plugin->descriptor(), Json{{"eta", 5.0}}, "/p");
  InitSpec init;
  ProtocolSpec protocol;
  protocol.max_epochs = 10000;
  const TrainingSet view = data.view();
  RunRequest request;
  request.data = &view;
  request.plugin = plugin.get();
  request.params = &params;
  request.init = &init;
  request.protocol = &protocol;
  const RunOutcome out = run_protocol(request);
  EXPECT_EQ(out.status, RunStatus::kDiverged);
  EXPECT_LT(out.epochs, 10000u);
  EXPECT_NE(out.error.find("epoch " + std::to_string(out.epochs)), std::string::npos) << out.error;
}

TEST(LinearUnitPlugin, ReportsTheFinalLoss) {
  const Dataset data = test::binary_data({{1}, {-1}}, {+1, -1});
  auto t = test::make_learner("linear_unit_sgd", data);
  struct Sink : MetricSink {
    void put(std::string_view name, double value) override { got.emplace_back(name, value); }
    std::vector<std::pair<std::string, double>> got;
  } sink;
  t.learner->report_metrics(data.view(), sink);
  ASSERT_EQ(sink.got.size(), 1u);
  EXPECT_EQ(sink.got[0].first, "loss");
  EXPECT_EQ(sink.got[0].second, 1.0);  // ½ (1² + 1²) at w = 0
}

}  // namespace
}  // namespace plab
