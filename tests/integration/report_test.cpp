// Reports through the real binary: numbers checked against runs.jsonl, figures as XML, the
// page self-contained, paired comparisons, holdout, and a render in headless Chromium.
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <boost/property_tree/ptree.hpp>
#include <boost/property_tree/xml_parser.hpp>
#include <cmath>
#include <cstdio>
#include <map>
#include <sstream>

#include "analysis/statistics.hpp"
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

// Two comparisons at one point: 'slow' (clearly worse) and 'twin' (identical) against
// 'classic'. Holm by hand for m = 2: the smaller raw p is doubled, the larger (1) stays 1.
TEST(Report, PairedComparisonsShowHolmAdjustedPValuesBesideTheRawOnes) {
  test::TempDir dir;
  const auto config = dir.write(
      "c.json",
      comparison_config("holm",
                        R"({"name": "slow", "plugin": "eta_perceptron", "params": {"eta": 0.01}},
                     {"name": "twin", "plugin": "eta_perceptron", "params": {"eta": 1}})"));
  ASSERT_EQ(run_plab({"run", config.string(), "--out", (dir / "o").string(), "--quiet"}).exit_code,
            0);
  std::map<std::string, std::vector<double>> by_learner;
  for (const auto& rec : records(dir / "o" / "runs.jsonl")) {
    auto& v = by_learner[std::string(rec.at("learner").as_string())];
    v.resize(30);
    v[rec.at("repeat").to_number<std::size_t>()] = rec.at("mistakes").to_number<double>();
  }
  std::vector<double> diff;
  for (std::size_t r = 0; r < 30; ++r)
    diff.push_back(by_learner["slow"][r] - by_learner["classic"][r]);
  const double raw = wilcoxon_signed_rank(diff).p_value;
  ASSERT_LT(raw, 0.5);
  const auto g3 = [](double v) {
    char b[48];
    std::snprintf(b, sizeof b, "%.3g", v);
    return std::string(b);
  };
  const std::string md = read_file(dir / "o" / "report.md");
  EXPECT_NE(md.find("| Wilcoxon p | Holm p |"), std::string::npos) << md;
  EXPECT_NE(md.find("| " + g3(raw) + " | " + g3(2 * raw) + " |"), std::string::npos)
      << g3(raw) << " " << g3(2 * raw) << "\n"
      << md;
  const std::size_t twin_row = md.find("| 0 | classic | twin | mistakes | 30 | 0 | [0, 0]");
  ASSERT_NE(twin_row, std::string::npos) << md;
  const std::string twin = md.substr(twin_row, md.find('\n', twin_row) - twin_row);
  EXPECT_TRUE(twin.ends_with("| 1 | 1 |")) << twin;
  EXPECT_NE(md.find("; Holm-adjusted over the 2 comparisons of this report p = 1)."),
            std::string::npos)
      << md;
}

void expect_valid_svg(const std::filesystem::path& file, const std::vector<std::string>& series) {
  boost::property_tree::ptree tree;
  std::istringstream in(read_file(file));
  ASSERT_NO_THROW(boost::property_tree::read_xml(in, tree)) << file;
  EXPECT_TRUE(tree.get_child_optional("svg").has_value()) << file;
  const std::string text = read_file(file);
  for (const auto& s : series) EXPECT_NE(text.find(s), std::string::npos) << file << " lacks " << s;
}

// Only our own inline script (the step-through panel) and its inline data: nothing loaded
// from a file or an address, nothing fetched.
void expect_self_contained(const std::string& html) {
  for (const char* forbidden :
       {"<link", " src=", "href=\"http", "href='http", "url(", "@import", "<iframe", "fetch(",
        "XMLHttpRequest", "import(", "<script src", "WebSocket", "EventSource", "sendBeacon"}) {
    EXPECT_EQ(html.find(forbidden), std::string::npos) << "report.html contains " << forbidden;
  }
  for (std::size_t at = html.find("<script"); at != std::string::npos;
       at = html.find("<script", at + 1)) {
    const std::string tag = html.substr(at, html.find('>', at) - at + 1);
    EXPECT_TRUE(tag == "<script>" || tag == "<script type=\"application/json\" id=\"st-data\">")
        << tag;
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
      // The bounds of a margin sweep differ by orders of magnitude: the scatter says something.
      {"experiments/margin_sweep/margin_sweep.json",
       {"--set", "/repeats=5", "--set", "/sweep/~1dataset~1seed=[1]", "--set",
        "/sweep/~1dataset~1rows=[400]"},
       "mistakes_vs_bound",
       {"classic, seed = 1, rows = 400, margin = 0.025", "mistakes = bound"}},
      {"configs/quickstart.json",
       {"--set", "/repeats=5"},
       "mistakes_strip",
       {"classic, kind = zero, order = cyclic", "classic, kind = gaussian, order = shuffle",
        "bound 221.8"}},
      {"configs/quickstart.json",
       {"--set", "/repeats=5"},
       "ratio_box",
       {"classic, kind = zero, order = cyclic", "classic, kind = gaussian, order = shuffle"}},
      // 4-D data: the final lines of the repeats in the plane of the principal directions
      // (the default once the quickstart's own plane is removed), at the first point whose
      // repeats end apart (point 0 repeats one run).
      {"configs/quickstart.json",
       {"--set", "/repeats=3", "--set", "/report={}"},
       "final_lines",
       {"repeat 0", "repeat 2", "principal direction 1", "sweep point 1 (a projection)"}},
      // The plane chosen by the config: two named features, the others at their mean.
      {"configs/quickstart.json",
       {"--set", "/repeats=3", "--set",
        R"(/report={"plane": ["petal_width_cm", "sepal_length_cm"]})"},
       "final_lines",
       {"repeat 1", "petal_width_cm", "sepal_length_cm", "(a projection)"}},
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
      // Certified not separable: mistakes against epochs beside the certified hinge bound.
      {"experiments/hinge_bound/versicolor_virginica.json",
       {"--set", "/repeats=1"},
       "hinge_bound",
       {"perceptron: mistakes", "perceptron: hinge bound", "batch-sum: hinge bound"}},
      {"experiments/textbook_traces/worked_example.json",
       {},
       "trajectory",
       {"class +1", "class -1", "after update 3 (last)"}},
      // A kernel perceptron's boundary, rebuilt from its recorded updates per row.
      {"experiments/kernel_xor/xor.json",
       {"--set", "/repeats=1"},
       "kernel_boundary_0",
       {"f(x) = 0", "class +1", "support row"}},
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
  EXPECT_EQ(html.find("y'2</script>"), std::string::npos);
  EXPECT_NE(html.find("y'2&lt;/script&gt;"), std::string::npos);  // the step-through's axis
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

// The report opens with its conclusion, and its first sentence counts the runs that held
// their bound, as the records say; provenance is folded at the end.
TEST(Report, OpensWithTheTheoremCountedFromTheRecords) {
  test::TempDir dir;
  const auto out = dir / "o";
  ASSERT_EQ(run_plab({"run", kSource + "/configs/quickstart.json", "--set", "/repeats=5", "--out",
                      out.string(), "--quiet"})
                .exit_code,
            0);
  std::size_t judged = 0;
  std::size_t held = 0;
  double worst = 0;
  for (const auto& rec : records(out / "runs.jsonl")) {
    if (!rec.at("bound_applies").as_bool()) continue;
    ++judged;
    held += rec.at("bound_holds").as_bool() ? 1 : 0;
    worst = std::max(worst, rec.at("ratio").to_number<double>());
  }
  ASSERT_EQ(judged, 20u);
  char percent[32];
  std::snprintf(percent, sizeof percent, "%.3g %%", 100 * worst);
  const std::string first =
      "The theorem held: " + std::to_string(held) + " of " + std::to_string(judged) +
      " runs stayed within their bound; the worst used " + percent + " of it.";
  const std::string md = read_file(out / "report.md");
  const std::string opening = "## Conclusion\n\n" + first;
  EXPECT_EQ(md.find("# perceptron-lab report: quickstart\n\n" + opening), 0u) << md;
  // From zero in file order every repeat is the same run: said once, not as a spread.
  EXPECT_NE(md.find("Identical runs: point 0 (/init/kind = \"zero\", /protocol/order = "
                    "\"cyclic\") for 'classic': all 5 runs made"),
            std::string::npos)
      << md;
  const auto conclusion = md.find("## Conclusion");
  const auto figures = md.find("## Figures");
  const auto table = md.find("## Results per sweep point and learner");
  const auto provenance = md.find("<details><summary>What was run (provenance)</summary>");
  EXPECT_LT(conclusion, figures);
  EXPECT_LT(figures, table);
  EXPECT_LT(table, provenance);
  EXPECT_NE(provenance, std::string::npos);
  // One bound for every run: the count-against-bound scatter would be a vertical strip.
  EXPECT_FALSE(std::filesystem::exists(out / "plots" / "mistakes_vs_bound.svg"));
  const std::string html = read_file(out / "report.html");
  EXPECT_NE(html.find("<p>" + first), std::string::npos);
  EXPECT_NE(html.find("<details>\n<summary>What was run (provenance)</summary>"),
            std::string::npos);
}

// Headless Chromium, with the flags that keep it from reaching any network service. The
// test tools include it (scripts/setup-deps --with-test-tools, which scripts/test runs), so
// its absence fails rather than skips: a skipped render would hide a broken page.
test::ProcessResult chromium(const std::filesystem::path& profile,
                             const std::vector<std::string>& args) {
  std::vector<std::string> all = {"--headless",
                                  "--no-sandbox",
                                  "--disable-gpu",
                                  "--disable-quic",
                                  "--no-first-run",
                                  "--disable-background-networking",
                                  "--disable-component-update",
                                  "--disable-sync",
                                  "--user-data-dir=" + profile.string()};
  all.insert(all.end(), args.begin(), args.end());
  return test::run_process("/usr/bin/chromium", all);
}

#define REQUIRE_CHROMIUM()                                                            \
  ASSERT_TRUE(std::filesystem::exists("/usr/bin/chromium"))                           \
      << "Chromium is not installed, and this test renders report.html with it: run " \
         "bash scripts/setup-deps --with-test-tools (Debian package chromium)"

TEST(Report, RendersInHeadlessChromium) {
  REQUIRE_CHROMIUM();
  test::TempDir dir;
  ASSERT_EQ(run_plab({"run", kSource + "/configs/quickstart.json", "--set", "/repeats=5", "--out",
                      (dir / "o").string(), "--quiet"})
                .exit_code,
            0);
  const auto png = dir / "page.png";
  const auto r =
      chromium(dir / "profile", {"--window-size=1200,1600", "--screenshot=" + png.string(),
                                 "file://" + (dir / "o" / "report.html").string()});
  ASSERT_TRUE(std::filesystem::exists(png)) << r.err;
  const std::string bytes = read_file(png);
  EXPECT_EQ(bytes.substr(1, 3), "PNG");
  EXPECT_GT(bytes.size(), 20000u) << "a page with tables and figures is not a blank screenshot";
  // The quickstart as shipped records final weights: its page shows the final lines of its
  // repeats on the petal measurements (no step-through: it records no trajectory).
  const std::string html = read_file(dir / "o" / "report.html");
  EXPECT_NE(html.find("petal_length_cm"), std::string::npos);
  expect_valid_svg(dir / "o" / "plots" / "final_lines.svg",
                   {"repeat 0", "petal_length_cm", "petal_width_cm"});
}

// The text of the element with `id` in a DOM dump (no nested elements in those we read).
std::string element_text(const std::string& dom, const std::string& id) {
  const auto at = dom.find("id=\"" + id + "\"");
  if (at == std::string::npos) return "(no element " + id + ")";
  const auto start = dom.find('>', at) + 1;
  return dom.substr(start, dom.find('<', start) - start);
}

std::string attribute(const std::string& dom, const std::string& id, const std::string& name) {
  const auto at = dom.find("id=\"" + id + "\"");
  if (at == std::string::npos) return "(no element " + id + ")";
  const auto tag_end = dom.find('>', at);
  auto start = dom.rfind('<', at);
  start = dom.find(" " + name + "=\"", start);
  if (start == std::string::npos || start > tag_end) return "(no " + name + ")";
  start += name.size() + 3;
  return dom.substr(start, dom.find('"', start) - start);
}

// "⟨−2, 0, 0⟩" as the panel writes a weight vector (minus sign U+2212).
std::string angle_vector(const boost::json::array& w) {
  std::string s = "\u27e8";
  for (std::size_t k = 0; k < w.size(); ++k) {
    const double v = w[k].to_number<double>();
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%g", std::fabs(v));
    s += (k == 0 ? "" : ", ") + std::string(v < 0 ? "\u2212" : "") + buffer;
  }
  return s + "\u27e9";
}

// The step-through opens on the start w0 and, for this cyclic run, visits every row of every
// epoch: pressing "next" five times reaches the second recorded update (epoch 2, row 0),
// with its weights, the line it draws, and the update written out with the sample that
// caused it. (tests/browser/report_test.js drives the keys.)
TEST(Report, StepThroughNextShowsTheNextRecordedUpdate) {
  REQUIRE_CHROMIUM();
  test::TempDir dir;
  const auto out = dir / "o";
  ASSERT_EQ(run_plab({"run", kSource + "/experiments/textbook_traces/worked_example.json", "--out",
                      out.string(), "--quiet"})
                .exit_code,
            0);
  const auto steps = records(out / "trajectory.jsonl");
  ASSERT_EQ(steps.size(), 3u);
  const std::string page = "file://" + (out / "report.html").string();
  const auto before = chromium(dir / "p1", {"--dump-dom", page});
  const auto after = chromium(dir / "p2", {"--dump-dom", page + "#next5"});
  ASSERT_NE(before.out.find("id=\"step-through\""), std::string::npos) << before.err;
  // The script ran: the panel is shown and filled in. 3 epochs of 4 rows are 12 visits.
  EXPECT_EQ(before.out.find("id=\"step-through\" hidden"), std::string::npos);
  EXPECT_EQ(element_text(before.out, "st-counter"),
            "start (w\u2080), then 12 visits, 3 of them updates");
  EXPECT_EQ(element_text(before.out, "st-weights"), "w\u2080 = \u27e80, 0, 0\u27e9");
  EXPECT_EQ(element_text(after.out, "st-counter"), "visit 5 of 12, update 2 of 3 (epoch 2, row 0)");
  EXPECT_EQ(element_text(after.out, "st-weights"),
            "w = " + angle_vector(steps[1].at("w").as_array()));
  EXPECT_EQ(boost::json::parse(attribute(after.out, "st-line", "data-w")).as_array(),
            steps[1].at("w").as_array());
  // At the start all weights are zero: no line; after update 2 the line is drawn.
  EXPECT_EQ(attribute(before.out, "st-line", "visibility"), "hidden");
  EXPECT_EQ(attribute(after.out, "st-line", "visibility"), "visible");
  // Update 2 was caused by row 0, (1, 1) with y = +1, at w = <-2, 0, 0>: c = 2 (residual rule).
  EXPECT_EQ(steps[1].at("sample").to_number<int>(), 0);
  EXPECT_NE(element_text(after.out, "st-equation")
                .find(angle_vector(steps[0].at("w").as_array()) +
                      " + 2\u00b7(+1)\u00b7\u27e81, 1, 1\u27e9 = " +
                      angle_vector(steps[1].at("w").as_array())),
            std::string::npos)
      << element_text(after.out, "st-equation");
  const std::string html = read_file(out / "report.html");
  expect_self_contained(html);
  // The panel's drawing is well-formed SVG with the data's four points in it.
  const auto start = html.find("<svg id=\"st-svg\"");
  ASSERT_NE(start, std::string::npos);
  const std::string svg = html.substr(start, html.find("</svg>", start) + 6 - start);
  boost::property_tree::ptree tree;
  std::istringstream in(svg);
  ASSERT_NO_THROW(boost::property_tree::read_xml(in, tree)) << svg;
  EXPECT_NE(svg.find("<title>row 3: (-1, 0), y = -1</title>"), std::string::npos) << svg;
}

}  // namespace
}  // namespace plab
