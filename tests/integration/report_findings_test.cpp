// The conclusion's trend along a numeric sweep axis and the ratio figure's axis, through the
// real binary: every number of the sentence and every decade of the axis computed here from
// runs.jsonl, with a rank correlation and a permutation test written again in this file.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <numeric>
#include <string>
#include <vector>

#include "support/process.hpp"
#include "support/records.hpp"
#include "support/temp_dir.hpp"

namespace plab {
namespace {

using test::read_file;
using test::records;
using test::run_plab;

const std::string kIris = std::string(PLAB_SOURCE_DIR) + "/data/iris.csv";

std::string g(double v, int digits) {
  char buffer[48];
  std::snprintf(buffer, sizeof buffer, "%.*g", digits, v);
  return buffer;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t h = v.size() / 2;
  return v.size() % 2 ? v[h] : (v[h - 1] + v[h]) / 2;
}

std::vector<double> ranks(const std::vector<double>& v) {
  std::vector<double> r(v.size());
  for (std::size_t i = 0; i < v.size(); ++i) {
    double below = 0, equal = 0;
    for (double w : v) below += w < v[i], equal += w == v[i];
    r[i] = below + (equal + 1) / 2;  // the mean rank of the tied values
  }
  return r;
}

double correlation(const std::vector<double>& a, const std::vector<double>& b) {
  const double n = static_cast<double>(a.size());
  const double ma = std::accumulate(a.begin(), a.end(), 0.0) / n;
  const double mb = std::accumulate(b.begin(), b.end(), 0.0) / n;
  double ab = 0, aa = 0, bb = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    ab += (a[i] - ma) * (b[i] - mb), aa += (a[i] - ma) * (a[i] - ma),
        bb += (b[i] - mb) * (b[i] - mb);
  }
  return ab / std::sqrt(aa * bb);
}

// The sentence the report must write for one learner along `pointer`: Spearman's rho over the
// points' medians and the share of all orderings of the medians whose |rho| is as large.
std::string expected_sentence(const std::filesystem::path& runs, const std::string& pointer,
                              const std::string& learner, const std::string& shared) {
  std::map<double, std::vector<double>> by_value;
  for (const auto& r : records(runs)) {
    if (r.at("learner").as_string() != learner) continue;
    const double x = r.at("params").as_object().at(pointer).to_number<double>();
    by_value[x].push_back(r.at("mistakes").to_number<double>());
  }
  std::vector<double> x, y;
  std::size_t runs_each = 0;
  for (const auto& [value, mistakes] : by_value) {
    x.push_back(value), y.push_back(median(mistakes)), runs_each = mistakes.size();
  }
  const std::vector<double> rx = ranks(x), ry = ranks(y);
  const double rho = correlation(rx, ry);
  std::vector<std::size_t> order(y.size());
  std::iota(order.begin(), order.end(), 0);
  std::size_t as_far = 0, all = 0;
  std::vector<double> permuted(y.size());
  do {
    for (std::size_t i = 0; i < order.size(); ++i) permuted[i] = ry[order[i]];
    ++all;
    as_far += std::fabs(correlation(rx, permuted)) >= std::fabs(rho) - 1e-12;
  } while (std::next_permutation(order.begin(), order.end()));
  const double p = static_cast<double>(as_far) / static_cast<double>(all);
  const std::string trend = p >= 0.05 ? "show no monotone trend with it"
                            : rho > 0 ? "rise as it grows"
                                      : "fall as it grows";
  return "Along " + pointer + " (" + std::to_string(x.size()) + " sweep points, " +
         g(x.front(), 4) + " to " + g(x.back(), 4) + "), the median mistakes of '" + learner +
         "' " + trend + ": Spearman's rank correlation " + g(rho, 3) + " over the " +
         std::to_string(x.size()) + " points, exact permutation " +
         (p < 1e-4 ? "p < 0.0001" : "p = " + g(p, 4)) + " (two-sided, over all " +
         std::to_string(all) +
         " orderings of the points); the unit is the sweep point, one "
         "median of " +
         std::to_string(runs_each) + " runs each, " + shared;
}

// The η-scaled perceptron from Gaussian starts of scale 10 on Iris setosa-vs-rest: a small η
// leaves the start to dominate, so the mistakes fall as η grows.
TEST(ReportFindings, EtaSweepStatesTheRankTrendWithNumbersFromTheRecords) {
  test::TempDir dir;
  const auto config = dir.write("eta.json", R"({"name": "eta-sweep", "seed": 5, "repeats": 8,
    "dataset": {"kind": "csv", "path": ")" + kIris +
                                                R"(", "label": "species", "positive": ["setosa"]},
    "learners": [{"name": "eta", "plugin": "eta_perceptron", "params": {"eta": 1}}],
    "init": {"kind": "gaussian", "scale": 10},
    "protocol": {"kind": "convergence", "max_epochs": 10000, "order": "shuffle"},
    "sweep": {"/learners/0/params/eta": [0.01, 0.03, 0.1, 0.3, 1, 3]}})");
  const auto r = run_plab({"run", config.string(), "--out", (dir / "o").string(), "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string want = expected_sentence(
      dir / "o" / "runs.jsonl", "/learners/0/params/eta", "eta",
      "and the points share one data set, so the test speaks of this data set, not of data "
      "sets in general.");
  EXPECT_NE(want.find("fall as it grows"), std::string::npos) << want;
  const std::string md = read_file(dir / "o" / "report.md");
  EXPECT_NE(md.find("## Conclusion\n\n" + want), std::string::npos) << "expected\n"
                                                                    << want << "\nin\n"
                                                                    << md;
}

// A synthetic separable set drawn at each size: the axis changes the data.
TEST(ReportFindings, RowsSweepSaysEachPointHasDataOfItsOwn) {
  test::TempDir dir;
  const auto config = dir.write("n.json", R"({"name": "n-sweep", "seed": 3, "repeats": 6,
    "dataset": {"kind": "synthetic", "generator": "separable", "rows": 40, "dim": 2,
                "radius": 3.0, "margin": 0.1},
    "learners": [{"name": "classic", "plugin": "perceptron"}],
    "init": {"kind": "zero"},
    "protocol": {"kind": "convergence", "max_epochs": 10000, "order": "shuffle"},
    "sweep": {"/dataset/rows": [10, 20, 40, 80, 160]}})");
  const auto r = run_plab({"run", config.string(), "--out", (dir / "o").string(), "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string want =
      expected_sentence(dir / "o" / "runs.jsonl", "/dataset/rows", "classic",
                        "and the axis changes the data, so each point has data of its own.");
  const std::string md = read_file(dir / "o" / "report.md");
  EXPECT_NE(md.find(want), std::string::npos) << "expected\n" << want << "\nin\n" << md;
}

// The ratios of the η sweep run from under 0.01 to over 0.1: the box plot's axis is then
// logarithmic with every decade labelled, and a run without a mistake is counted, not drawn.
TEST(ReportFindings, RatioBoxSpanningMoreThanAFactorOfTenHasALogAxisWithLabelledDecades) {
  test::TempDir dir;
  const auto config = dir.write("eta.json", R"({"name": "eta-ratios", "seed": 5, "repeats": 8,
    "dataset": {"kind": "csv", "path": ")" + kIris +
                                                R"(", "label": "species", "positive": ["setosa"]},
    "learners": [{"name": "eta", "plugin": "eta_perceptron", "params": {"eta": 1}}],
    "init": {"kind": "gaussian", "scale": 10},
    "protocol": {"kind": "convergence", "max_epochs": 10000, "order": "shuffle"},
    "sweep": {"/learners/0/params/eta": [0.01, 0.1, 1, 3]}})");
  const auto r = run_plab({"run", config.string(), "--out", (dir / "o").string(), "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  double low = 1e300, high = 0;
  std::size_t zeros = 0;
  for (const auto& rec : records(dir / "o" / "runs.jsonl")) {
    const double ratio = rec.at("ratio").to_number<double>();
    if (ratio > 0) low = std::min(low, ratio);
    if (ratio == 0) ++zeros;
    high = std::max(high, ratio);
  }
  ASSERT_GT(high, 10 * low) << "the test needs ratios that span more than a factor of 10";
  const std::string svg = read_file(dir / "o" / "plots" / "ratio_box.svg");
  for (int e = static_cast<int>(std::floor(std::log10(low)));
       e <= static_cast<int>(std::ceil(std::log10(high))); ++e) {
    const std::string decade = "<text>" + g(std::pow(10.0, e), 6) + "</text>";
    EXPECT_NE(svg.find(decade), std::string::npos) << decade << " in ratio_box.svg";
  }
  EXPECT_EQ(svg.find("<text>0.05</text>"), std::string::npos) << "only decades are labelled";
  const std::string md = read_file(dir / "o" / "report.md");
  std::string caption = "The ratios span more than a factor of 10, so the axis is logarithmic";
  if (zeros > 0) {
    caption += "; " + std::to_string(zeros) + (zeros == 1 ? " run" : " runs") +
               " without a mistake (ratio 0) cannot be drawn on it.";
  }
  EXPECT_NE(md.find(caption), std::string::npos) << caption;
}

}  // namespace
}  // namespace plab
