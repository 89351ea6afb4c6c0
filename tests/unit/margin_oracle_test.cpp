// The margin oracle against independent computations, and its certificates.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "base/random.hpp"
#include "config/experiment_config.hpp"
#include "data/dataset_loader.hpp"
#include "support/binary_rows.hpp"
#include "theory/margin_oracle.hpp"
#include "theory/point_set.hpp"
#include "theory/point_theory.hpp"

namespace plab {
namespace {

using test::binary_rows;

Dataset shipped(const std::string& file, const std::string& label,
                std::optional<std::vector<std::string>> positive) {
  DatasetSpec s;
  s.kind = DatasetKind::kCsv;
  s.path = std::string(PLAB_SOURCE_DIR) + "/data/" + file;
  s.label_name = label;
  s.positive = std::move(positive);
  return load_dataset(s);
}

TEST(MarginOracle, TwoOrthogonalPointsHaveMarginOneOverRootTwo) {
  const Dataset d = binary_rows({{1, 0}, {0, 1}}, {+1, +1});
  const MarginCertificate m = find_margin(d, {});
  ASSERT_TRUE(m.separable.value_or(false));
  EXPECT_NEAR(m.rho, 1 / std::numbers::sqrt2, 1e-12);
  ASSERT_TRUE(m.rho_upper);
  EXPECT_LE(m.rho, *m.rho_upper);
  EXPECT_NEAR(*m.rho_upper, 1 / std::numbers::sqrt2, 1e-12);
}

TEST(MarginOracle, HadamardRowsHaveMarginOne) {
  const Dataset d =
      binary_rows({{1, 1, 1, 1}, {1, -1, 1, -1}, {1, 1, -1, -1}, {1, -1, -1, 1}}, {+1, +1, +1, +1});
  const MarginCertificate m = find_margin(d, {});
  ASSERT_TRUE(m.separable.value_or(false));
  EXPECT_NEAR(m.rho, 1.0, 1e-12);
  EXPECT_LE(m.rho, 1.0);  // certified values never exceed the truth
}

// Independent: in 2-D the best margin is max over directions θ of minᵢ zᵢ·(cos θ, sin θ).
double brute_force_margin(const std::vector<std::vector<double>>& z) {
  auto margin_at = [&](double t) {
    double m = 1e300;
    for (const auto& p : z) m = std::min(m, p[0] * std::cos(t) + p[1] * std::sin(t));
    return m;
  };
  double best_t = 0;
  double best = -1e300;
  for (int k = 0; k < 200000; ++k) {
    const double t = 2 * std::numbers::pi * k / 200000;
    if (margin_at(t) > best) {
      best = margin_at(t);
      best_t = t;
    }
  }
  for (double step = 2 * std::numbers::pi / 200000; step > 1e-15; step /= 2) {  // refine
    for (double t : {best_t - step, best_t + step}) {
      if (margin_at(t) > best) {
        best = margin_at(t);
        best_t = t;
      }
    }
  }
  return best;
}

TEST(MarginOracle, MatchesABruteForceSearchIn2D) {
  Rng rng(99);
  int checked = 0;
  while (checked < 30) {
    std::vector<std::vector<double>> rows;
    std::vector<int> signs;
    std::vector<std::vector<double>> z;
    const double angle = 2 * std::numbers::pi * rng.uniform();
    for (int i = 0; i < 12; ++i) {
      const double a = 3 * rng.gaussian();
      const double b = 3 * rng.gaussian();
      const double s = a * std::cos(angle) + b * std::sin(angle);
      if (std::fabs(s) < 0.3) continue;
      rows.push_back({a, b});
      signs.push_back(s > 0 ? 1 : -1);
      z.push_back({signs.back() * a, signs.back() * b});
    }
    if (rows.size() < 3) continue;
    const double truth = brute_force_margin(z);
    const MarginCertificate m = find_margin(binary_rows(rows, signs), {});
    ASSERT_TRUE(m.separable.value_or(false));
    EXPECT_LE(m.rho, truth + 1e-12);
    EXPECT_NEAR(m.rho, truth, 1e-9 * truth);
    EXPECT_GE(*m.rho_upper, truth - 1e-12);
    ++checked;
  }
}

TEST(MarginOracle, IrisSetosaIsWithinOneMillionthOfTheOptimumByEveryMeasure) {
  const Dataset d = shipped("iris.csv", "species", std::vector<std::string>{"setosa"});
  const MarginCertificate m = find_margin(d, {});
  ASSERT_TRUE(m.separable.value_or(false));
  ASSERT_TRUE(m.rho_upper);
  EXPECT_LE((*m.rho_upper - m.rho) / *m.rho_upper, 1e-6);
  // Each method, checked against the others: LIBLINEAR agrees to 1e-6; the LP (which
  // maximises the ∞-norm margin) certifies less, and nothing exceeds the upper bound.
  for (const MethodReport& r : m.methods) {
    ASSERT_TRUE(r.rho) << r.name;
    EXPECT_LE(*r.rho, *m.rho_upper) << r.name;
    if (r.name == "liblinear") {
      EXPECT_NEAR(*r.rho, m.rho, 1e-6 * m.rho);
    }
  }
}

TEST(MarginOracle, RawBreastCancerGetsAPositiveMarginWithinAFactorTwo) {
  const Dataset d =
      shipped("breast_cancer.csv", "diagnosis", std::vector<std::string>{"malignant"});
  const MarginCertificate m = find_margin(d, {});
  ASSERT_TRUE(m.separable.value_or(false)) << m.reason;
  ASSERT_TRUE(m.rho_upper);
  EXPECT_GT(m.rho, 0.0);
  EXPECT_GE(m.rho, 0.5 * *m.rho_upper);  // the bracket proves the factor
}

TEST(MarginOracle, XorIsNotSeparableWithACheckableCertificate) {
  const Dataset d = binary_rows({{1, 1, 1}, {1, -1, -1}, {1, 1, -1}, {1, -1, 1}}, {+1, +1, -1, -1});
  const MarginCertificate m = find_margin(d, {});
  ASSERT_TRUE(m.separable.has_value());
  EXPECT_FALSE(*m.separable);
  ASSERT_TRUE(m.hull_residual);
  // Check Gordan's certificate independently: λ ≥ 0, Σλ = 1, ‖Σ λ y x̃‖ tiny.
  double sum = 0;
  std::vector<double> p(3, 0.0);
  for (const auto& [i, lambda] : m.hull_weights) {
    EXPECT_GE(lambda, 0.0);
    sum += lambda;
    const double y = d.label(i) == 1 ? 1.0 : -1.0;
    for (std::size_t j = 0; j < 3; ++j) p[j] += lambda * y * d.row(i)[j];
  }
  EXPECT_NEAR(sum, 1.0, 1e-12);
  EXPECT_LT(std::sqrt(p[0] * p[0] + p[1] * p[1] + p[2] * p[2]), 1e-9);
  EXPECT_NE(m.reason.find("not linearly separable"), std::string::npos);
}

TEST(MarginOracle, IrisVersicolorVirginicaIsNotSeparable) {
  DatasetSpec s;
  s.kind = DatasetKind::kCsv;
  s.path = std::string(PLAB_SOURCE_DIR) + "/data/iris.csv";
  s.label_name = "species";
  s.keep_classes = std::vector<std::string>{"versicolor", "virginica"};
  s.positive = std::vector<std::string>{"virginica"};
  const MarginCertificate m = find_margin(load_dataset(s), {});
  ASSERT_TRUE(m.separable.has_value()) << m.reason;
  EXPECT_FALSE(*m.separable);
}

TEST(MarginOracle, TeacherOfSyntheticDataIsCertifiedAtTheRequestedMargin) {
  DatasetSpec s;
  s.kind = DatasetKind::kSynthetic;
  s.synthetic.generator = SyntheticGenerator::kSeparable;
  s.synthetic.rows = 300;
  s.synthetic.dim = 4;
  s.synthetic.margin = 0.25;
  s.synthetic.radius = 3.0;
  const LoadedData data = load_dataset_with_teacher(s, 5);
  OracleRequest teacher;
  teacher.kind = MarginSource::kTeacher;
  teacher.vector = data.teacher;
  const MarginCertificate t = find_margin(data.data, teacher);
  ASSERT_TRUE(t.separable.value_or(false));
  EXPECT_NEAR(t.rho, 0.25, 1e-12);
  EXPECT_NEAR(data_radius(data.data), 3.0, 1e-12);
  const MarginCertificate svm = find_margin(data.data, {});
  EXPECT_GE(svm.rho, t.rho * (1 - 1e-12));  // the SVM can only do better than the teacher
}

TEST(MarginOracle, MulticlassTeacherAndSvmAgreeOnSeparability) {
  DatasetSpec s;
  s.kind = DatasetKind::kSynthetic;
  s.synthetic.generator = SyntheticGenerator::kMulticlass;
  s.synthetic.rows = 150;
  s.synthetic.dim = 3;
  s.synthetic.classes = 4;
  s.synthetic.margin = 0.05;
  s.synthetic.radius = 2.0;
  const LoadedData data = load_dataset_with_teacher(s, 8);
  OracleRequest teacher;
  teacher.kind = MarginSource::kTeacher;
  teacher.vector = data.teacher;
  const MarginCertificate t = find_margin(data.data, teacher);
  ASSERT_TRUE(t.separable.value_or(false)) << t.reason;
  EXPECT_NEAR(t.rho, 0.05, 0.05);  // every point keeps a gap ≥ 0.05 under ‖U‖_F = 1
  EXPECT_GE(t.rho, 0.05 * (1 - 1e-12));
  const MarginCertificate svm = find_margin(data.data, {});
  ASSERT_TRUE(svm.separable.value_or(false)) << svm.reason;
  EXPECT_GE(svm.rho, t.rho * (1 - 1e-9));
  EXPECT_LE(svm.rho, *svm.rho_upper);
}

TEST(MarginOracle, AVectorThatDoesNotSeparateProvesNothing) {
  const Dataset d = binary_rows({{1, 0}, {0, 1}}, {+1, +1});
  OracleRequest given;
  given.kind = MarginSource::kGiven;
  given.vector = {1, -1};
  const MarginCertificate m = find_margin(d, given);
  EXPECT_FALSE(m.separable.has_value());
  EXPECT_NE(m.reason.find("proves nothing"), std::string::npos);
}

}  // namespace
}  // namespace plab
