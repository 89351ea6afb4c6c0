// The report's picture of a kernel perceptron's boundary (report/kernel_boundary.hpp): the
// model rebuilt from a real run's record is checked against the kernel written out here by
// hand, on the rows and along the drawn curve.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <boost/json.hpp>
#include <cmath>
#include <string>
#include <vector>

#include "report/kernel_boundary.hpp"
#include "report/report_data.hpp"
#include "support/folder_edit.hpp"
#include "support/temp_dir.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;

// XOR on 8 points; the quadratic kernel (x̃·x̃' + 1)² separates it.
std::string xor_config(bool record_alpha) {
  return std::string(R"({"name": "kb", "seed": 3, "repeats": 2,
    "dataset": {"kind": "inline", "x": [[1, 1], [-1, -1], [1, -1], [-1, 1],
                                        [2, 2], [-2, -2], [2, -1], [-1, 2]],
                "y": [1, 1, -1, -1, 1, 1, -1, -1]},
    "learners": [{"name": "linear", "plugin": "perceptron"},
                 {"name": "quad", "plugin": "kernel_perceptron",
                  "params": {"kernel": "polynomial", "degree": 2, "coef0": 1}}],
    "protocol": {"kind": "convergence", "max_epochs": 200, "order": "shuffle",
                 "record_sample_mistakes": )") +
         (record_alpha ? "true" : "false") + "}}";
}

// f(x) = Σ αᵢyᵢ((1, xᵢ)·(1, x) + 1)², written out independently of plab's kernel code.
double hand_score(const std::vector<std::array<double, 2>>& rows, const std::vector<int>& y,
                  const std::vector<double>& alpha, double a, double b) {
  double f = 0.0;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const double t = 1.0 + rows[i][0] * a + rows[i][1] * b + 1.0;
    f += alpha[i] * y[i] * t * t;
  }
  return f;
}

TEST(KernelBoundary, TheRebuiltModelIsTheRecordedRunsOnTheRowsAndAlongTheCurve) {
  test::TempDir dir;
  const fs::path out = test::run_into_folder(dir, xor_config(true));
  std::vector<double> alpha;
  for (const std::string& line : test::lines_of(out / "runs.jsonl")) {
    const auto r = boost::json::parse(line).as_object();
    if (r.at("learner") != "quad" || r.at("repeat") != 0) continue;
    ASSERT_EQ(r.at("status"), "converged") << line;
    for (const auto& a : r.at("sample_mistakes").as_array()) alpha.push_back(a.to_number<double>());
  }
  ASSERT_EQ(alpha.size(), 8u);

  std::vector<std::string> problems;
  const auto pictures = load_kernel_boundaries(load_report_data(out), problems);
  EXPECT_TRUE(problems.empty()) << problems.front();
  ASSERT_EQ(pictures.size(), 1u);  // the linear perceptron is not a kernel learner
  const KernelBoundary& b = pictures.front();
  EXPECT_EQ(b.learner, "quad");
  EXPECT_EQ(b.misclassified, 0u);
  ASSERT_EQ(b.points.size(), 8u);
  double largest = 0.0;
  for (std::size_t i = 0; i < b.points.size(); ++i) {
    const double f = hand_score(b.points, b.labels, alpha, b.points[i][0], b.points[i][1]);
    EXPECT_GT(b.labels[i] * f, 0.0) << "row " << i;  // the converged run is right on every row
    EXPECT_EQ(b.support[i], alpha[i] > 0) << "row " << i;
  }
  for (const double f : b.f) largest = std::max(largest, std::fabs(f));
  // Every grid value is the hand formula's (same model, summed in another order).
  for (std::size_t iy = 0; iy < b.ny; iy += 17) {
    for (std::size_t ix = 0; ix < b.nx; ix += 13) {
      const double a = b.x0 + (b.x1 - b.x0) * static_cast<double>(ix) / (b.nx - 1);
      const double c = b.y0 + (b.y1 - b.y0) * static_cast<double>(iy) / (b.ny - 1);
      EXPECT_NEAR(b.f[iy * b.nx + ix], hand_score(b.points, b.labels, alpha, a, c), 1e-9 * largest);
    }
  }
  // The drawn curve is where f changes sign: small against f's range, and both signs lie
  // within a grid cell of each end.
  const auto segments = boundary_segments(b);
  ASSERT_GT(segments.size(), 20u);
  const double cell = (b.x1 - b.x0) / (b.nx - 1);
  for (const auto& s : segments) {
    for (int end = 0; end < 2; ++end) {
      const double a = s[2 * end];
      const double c = s[2 * end + 1];
      EXPECT_LT(std::fabs(hand_score(b.points, b.labels, alpha, a, c)), 0.05 * largest);
      const double plus = std::max({hand_score(b.points, b.labels, alpha, a + cell, c),
                                    hand_score(b.points, b.labels, alpha, a - cell, c),
                                    hand_score(b.points, b.labels, alpha, a, c + cell),
                                    hand_score(b.points, b.labels, alpha, a, c - cell)});
      const double minus = std::min({hand_score(b.points, b.labels, alpha, a + cell, c),
                                     hand_score(b.points, b.labels, alpha, a - cell, c),
                                     hand_score(b.points, b.labels, alpha, a, c + cell),
                                     hand_score(b.points, b.labels, alpha, a, c - cell)});
      EXPECT_TRUE(plus > 0 && minus < 0) << a << ", " << c;
    }
  }
}

TEST(KernelBoundary, NoPictureWithoutTheRecordedUpdatesPerRow) {
  test::TempDir dir;
  const fs::path out = test::run_into_folder(dir, xor_config(false));
  std::vector<std::string> problems;
  EXPECT_TRUE(load_kernel_boundaries(load_report_data(out), problems).empty());
  EXPECT_TRUE(problems.empty());
}

}  // namespace
}  // namespace plab
