// Reports through the real binary: numbers checked against runs.jsonl, figures as XML, the
// page self-contained, paired comparisons, holdout, and a render in headless Chromium.
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <boost/property_tree/ptree.hpp>
#include <boost/property_tree/xml_parser.hpp>
#include <cmath>
#include <sstream>

#include "report/statistics.hpp"
#include "support/process.hpp"
#include "support/records.hpp"
#include "support/temp_dir.hpp"

namespace plab {
namespace {

using test::read_file;
using test::run_plab;

const std::string kSource = PLAB_SOURCE_DIR;
const std::string kIris = kSource + "/data/iris.csv";

using test::records;

std::string g4(double v) {
  char buffer[48];
  std::snprintf(buffer, sizeof buffer, "%.4g", v);
  return buffer;
}

// Two learners on Iris setosa-vs-rest from Gaussian starts: a small eta lets the start
// dominate, so "slow" makes clearly more mistakes than "classic" in the same repeats.
std::string comparison_config(const std::string& name, const std::string& second) {
  return R"({"name": ")" + name + R"(", "seed": 5, "repeats": 30,
    "dataset": {"kind": "csv", "path": ")" +
         kIris + R"(", "label": "species", "positive": ["setosa"]},
    "learners": [{"name": "classic", "plugin": "eta_perceptron", "params": {"eta": 1}}, )" +
         second + R"(],
    "init": {"kind": "gaussian", "scale": 10},
    "protocol": {"kind": "convergence", "max_epochs": 10000, "order": "shuffle"}})";
}

TEST(Report, TableNumbersEqualThoseComputedFromRunsJsonl) {
  test::TempDir dir;
  const auto config = dir.write(
      "c.json",
      comparison_config(
          "numbers", R"({"name": "slow", "plugin": "eta_perceptron", "params": {"eta": 0.01}})"));
  const auto r = run_plab({"run", config.string(), "--out", (dir / "o").string(), "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string md = read_file(dir / "o" / "report.md");
  for (const std::string learner : {"classic", "slow"}) {
    std::vector<double> mistakes;
    double max_ratio = 0;
    for (const auto& rec : records(dir / "o" / "runs.jsonl")) {
      if (rec.at("learner").as_string() != learner) continue;
      mistakes.push_back(rec.at("mistakes").to_number<double>());
      max_ratio = std::max(max_ratio, rec.at("ratio").to_number<double>());
    }
    ASSERT_EQ(mistakes.size(), 30u);
    std::vector<double> sorted = mistakes;
    std::sort(sorted.begin(), sorted.end());
    const double median = 0.5 * (sorted[14] + sorted[15]);
    double mean = 0;
    for (double m : mistakes) mean += m;
    mean /= 30;
    double ss = 0;
    for (double m : mistakes) ss += (m - mean) * (m - mean);
    const double half = 2.045229642 * std::sqrt(ss / 29) / std::sqrt(30.0);  // t(29, .975)
    const std::string row =
        "| 0 |  | " + learner + " | 30 | 30 | " + g4(median) + " | " + g4(mean) + " ± " +
        [&] {
          char b[48];
          std::snprintf(b, sizeof b, "%.3g", half);
          return std::string(b);
        }() +
        " | " + g4(sorted.back()) + " | - | novikoff_init | " + g4(max_ratio) + " | 0";
    EXPECT_NE(md.find(row), std::string::npos) << "expected row\n" << row << "\nin\n" << md;
  }
}

TEST(Report, PairedComparisonOfIdenticalLearnersIsZeroWithPOne) {
  test::TempDir dir;
  const auto config = dir.write(
      "c.json",
      comparison_config("identical",
                        R"({"name": "twin", "plugin": "eta_perceptron", "params": {"eta": 1}})"));
  ASSERT_EQ(run_plab({"run", config.string(), "--out", (dir / "o").string(), "--quiet"}).exit_code,
            0);
  const std::string md = read_file(dir / "o" / "report.md");
  EXPECT_NE(md.find("| 0 | classic | twin | mistakes | 30 | 0 | [0, 0]"), std::string::npos) << md;
  EXPECT_NE(md.find("had a median paired difference of 0 mistakes against 'classic' over 30 paired "
                    "repeats"),
            std::string::npos);
  EXPECT_NE(md.find("Wilcoxon signed-rank p = 1"), std::string::npos) << md;
}

TEST(Report, PairedComparisonFindsAClearlyWorseLearner) {
  test::TempDir dir;
  const auto config = dir.write(
      "c.json",
      comparison_config(
          "worse", R"({"name": "slow", "plugin": "eta_perceptron", "params": {"eta": 0.01}})"));
  ASSERT_EQ(run_plab({"run", config.string(), "--out", (dir / "o").string(), "--quiet"}).exit_code,
            0);
  // Recompute the test from the records, independently of the report.
  std::vector<double> a(30), b(30);
  for (const auto& rec : records(dir / "o" / "runs.jsonl")) {
    auto& v = rec.at("learner") == "classic" ? a : b;
    v[rec.at("repeat").to_number<std::size_t>()] = rec.at("mistakes").to_number<double>();
  }
  std::vector<double> diff;
  for (std::size_t r = 0; r < 30; ++r) diff.push_back(b[r] - a[r]);
  const SignedRankTest t = wilcoxon_signed_rank(diff);
  EXPECT_LT(t.p_value, 1e-4);
  const std::string md = read_file(dir / "o" / "report.md");
  EXPECT_NE(md.find("'slow' had a median paired difference of"), std::string::npos) << md;
  EXPECT_NE(md.find("more mistakes than 'classic'"), std::string::npos) << md;
  EXPECT_NE(md.find("p < 0.0001"), std::string::npos) << md;
}

void expect_valid_svg(const std::filesystem::path& file, const std::vector<std::string>& series) {
  boost::property_tree::ptree tree;
  std::istringstream in(read_file(file));
  ASSERT_NO_THROW(boost::property_tree::read_xml(in, tree)) << file;
  EXPECT_TRUE(tree.get_child_optional("svg").has_value()) << file;
  const std::string text = read_file(file);
  for (const auto& s : series) EXPECT_NE(text.find(s), std::string::npos) << file << " lacks " << s;
}

void expect_self_contained(const std::string& html) {
  for (const char* forbidden :
       {"<script", "<link", " src=", "href=\"http", "href='http", "url(", "@import", "<iframe"}) {
    EXPECT_EQ(html.find(forbidden), std::string::npos) << "report.html contains " << forbidden;
  }
}

TEST(Report, EveryKindOfFigureIsDrawnAsValidSvgWithItsSeries) {
  test::TempDir dir;
  struct Case {
    std::string config;
    std::vector<std::string> args;
    std::string figure;
    std::vector<std::string> series;
  };
  const std::vector<Case> cases = {
      {"configs/quickstart.json",
       {"--set", "/repeats=5"},
       "mistakes_vs_bound",
       {"classic @ point 0", "mistakes = bound"}},
      {"configs/quickstart.json", {"--set", "/repeats=5"}, "ratio_box", {"classic"}},
      {"experiments/margin_sweep/margin_sweep.json",
       {"--set", "/repeats=5"},
       "margin_sweep",
       {"classic: median mistakes", "fit: slope"}},
      {"configs/linear_unit_versicolor_virginica.json",
       {"--set", "/repeats=1"},
       "epoch_mistakes",
       {"perceptron", "lms-batch"}},
      {"configs/linear_unit_versicolor_virginica.json",
       {"--set", "/repeats=1"},
       "epoch_loss",
       {"lms-batch", "least-squares optimum"}},
      {"experiments/textbook_traces/worked_example.json",
       {},
       "trajectory",
       {"class +1", "class -1", "after update 3 (last)"}},
  };
  int k = 0;
  for (const Case& c : cases) {
    const auto out = dir / ("o" + std::to_string(k++));
    std::vector<std::string> args = {"run", kSource + "/" + c.config, "--out", out.string(),
                                     "--quiet"};
    args.insert(args.end(), c.args.begin(), c.args.end());
    const auto r = run_plab(args);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    expect_valid_svg(out / "plots" / (c.figure + ".svg"), c.series);
    EXPECT_TRUE(std::filesystem::file_size(out / "plots" / (c.figure + ".png")) > 1000);
    const std::string html = read_file(out / "report.html");
    expect_self_contained(html);
    EXPECT_NE(html.find("<svg"), std::string::npos);
  }
}

TEST(Report, TextFromDataFilesIsEscapedInPlotsAndPage) {
  test::TempDir dir;
  // Column names with quotes and markup reach the trajectory figure's axis labels, and
  // gnuplot must not run the commands in them (it runs in plots/).
  dir.write("tricky.csv",
            "\"it's <b>&\"\"x\"\"\",y'2</script>`touch pwned1`$(touch pwned2),label\n"
            "1,1,1\n1,2,1\n0,0,-1\n-1,0,-1\n");
  const auto config = dir.write("c.json", R"({"name": "escape", "seed": 1,
    "dataset": {"kind": "csv", "path": "tricky.csv", "label": "label"},
    "learners": [{"name": "classic", "plugin": "perceptron"}],
    "protocol": {"kind": "trajectory", "max_epochs": 100}})");
  const auto r = run_plab({"run", config.string(), "--out", (dir / "o").string(), "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  expect_valid_svg(dir / "o" / "plots" / "trajectory.svg", {"it's &lt;b", "&amp;\"x\""});
  const std::string html = read_file(dir / "o" / "report.html");
  expect_self_contained(html);
  EXPECT_EQ(html.find("</script>"), std::string::npos);
  for (const char* f : {"pwned1", "pwned2"}) {
    EXPECT_FALSE(std::filesystem::exists(dir / "o" / "plots" / f)) << f;
    EXPECT_FALSE(std::filesystem::exists(dir / f)) << f;
  }
  EXPECT_NE(read_file(dir / "o" / "plots" / "trajectory.svg").find("`touch pwned1`"),
            std::string::npos);
}

TEST(Report, HoldoutRecordsTestErrorAndTheReportComparesItPaired) {
  test::TempDir dir;
  const auto config = dir.write("c.json", R"({"name": "holdout", "seed": 9, "repeats": 20,
    "dataset": {"kind": "csv", "path": ")" + kIris +
                                              R"(", "label": "species",
                "keep_classes": ["versicolor", "virginica"], "positive": ["virginica"], "scale": "standardize"},
    "learners": [{"name": "perceptron", "plugin": "perceptron"},
                 {"name": "lms", "plugin": "linear_unit_sgd", "params": {"eta": 0.01}}],
    "protocol": {"kind": "holdout", "test_fraction": 0.3, "max_epochs": 100, "order": "shuffle"}})");
  ASSERT_EQ(run_plab({"run", config.string(), "--out", (dir / "o").string(), "--quiet"}).exit_code,
            0);
  for (const auto& rec : records(dir / "o" / "runs.jsonl")) {
    ASSERT_FALSE(rec.at("test_error").is_null());
    const double e = rec.at("test_error").to_number<double>();
    EXPECT_GE(e, 0.0);
    EXPECT_LE(e, 1.0);
    EXPECT_DOUBLE_EQ(e * 30, std::round(e * 30));  // 15 of each class held out: 30 test rows
  }
  const std::string md = read_file(dir / "o" / "report.md");
  EXPECT_NE(md.find("| 0 | perceptron | lms | test error | 20 |"), std::string::npos) << md;
}

TEST(Report, FoldsCoverEveryRowOnceAsTestData) {
  test::TempDir dir;
  const auto config = dir.write("c.json", R"({"name": "folds", "seed": 9, "repeats": 5,
    "dataset": {"kind": "csv", "path": ")" + kIris +
                                              R"(", "label": "species", "positive": ["setosa"]},
    "learners": [{"name": "perceptron", "plugin": "perceptron"}],
    "protocol": {"kind": "holdout", "folds": 5, "max_epochs": 100}})");
  ASSERT_EQ(run_plab({"run", config.string(), "--out", (dir / "o").string(), "--quiet"}).exit_code,
            0);
  const auto runs = records(dir / "o" / "runs.jsonl");
  ASSERT_EQ(runs.size(), 5u);
  for (const auto& rec : runs)
    EXPECT_EQ(rec.at("test_error").to_number<double>(), 0.0);  // separable
}

TEST(Report, RendersInHeadlessChromium) {
  if (!std::filesystem::exists("/usr/bin/chromium")) {
    GTEST_SKIP() << "Chromium is not installed (Debian package chromium; scripts/test installs it)";
  }
  test::TempDir dir;
  ASSERT_EQ(run_plab({"run", kSource + "/configs/quickstart.json", "--set", "/repeats=5", "--out",
                      (dir / "o").string(), "--quiet"})
                .exit_code,
            0);
  const auto png = dir / "page.png";
  const auto r = test::run_process(
      "/usr/bin/chromium",
      {"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
       "--disable-background-networking", "--disable-component-update", "--disable-sync",
       "--user-data-dir=" + (dir / "profile").string(), "--window-size=1200,1600",
       "--screenshot=" + png.string(), "file://" + (dir / "o" / "report.html").string()});
  ASSERT_TRUE(std::filesystem::exists(png)) << r.err;
  const std::string bytes = read_file(png);
  EXPECT_EQ(bytes.substr(1, 3), "PNG");
  EXPECT_GT(bytes.size(), 20000u) << "a page with tables and figures is not a blank screenshot";
}

}  // namespace
}  // namespace plab
