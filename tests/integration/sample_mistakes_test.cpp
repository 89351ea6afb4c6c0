// Per-sample update counts and the hinge bound's mistake-round form through the real binary
// (`"protocol": {"record_sample_mistakes": true}`; docs/run-records.md, docs/bounds.md "The
// mistake-round inequality"): the counts add up to the updates, the form is certified,
// holds, is never above the sequence form, covers the mistake-driven orders, and verify
// recomputes it from the recorded counts.
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>

#include "results/folder/record_digest.hpp"
#include "support/folder_edit.hpp"
#include "support/process.hpp"
#include "support/temp_dir.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;
using test::edit_record;
using test::lines_of;
using test::run_plab;

// Iris versicolor against virginica (not separable), 20 epochs, 2 repeats: zero and Gaussian
// starts, cyclic and random_mistake orders; the perceptron and η-scaled learners.
std::string config_text(bool record) {
  return std::string(R"({"name": "rounds", "seed": 5, "repeats": 2,
    "dataset": {"kind": "csv", "path": ")") +
         PLAB_SOURCE_DIR + R"(/data/iris.csv", "label": "species",
      "keep_classes": ["versicolor", "virginica"], "positive": ["virginica"]},
    "learners": [{"name": "p", "plugin": "perceptron"},
                 {"name": "eta", "plugin": "eta_perceptron", "params": {"eta": 0.5}}],
    "init": {"kind": "zero"},
    "protocol": {"kind": "convergence", "max_epochs": 20, "record_sample_mistakes": )" +
         (record ? "true" : "false") + R"(},
    "sweep": {"/init": [{"kind": "zero"}, {"kind": "gaussian", "scale": 2}],
              "/protocol/order": ["cyclic", "random_mistake"]}})";
}

const fs::path& counted_folder() {
  static test::TempDir dir;
  static const fs::path out = test::run_into_folder(dir, config_text(true));
  return out;
}

TEST(SampleMistakes, CountsAddUpAndTheMistakeRoundFormHoldsBelowTheSequenceForm) {
  std::size_t rounds = 0;
  std::size_t mistake_driven = 0;
  for (const std::string& line : lines_of(counted_folder() / "runs.jsonl")) {
    const boost::json::object r = boost::json::parse(line).as_object();
    ASSERT_TRUE(r.contains("sample_mistakes")) << line;
    const auto& counts = r.at("sample_mistakes").as_array();
    EXPECT_EQ(counts.size(), 100U);
    std::int64_t total = 0;
    for (const auto& c : counts) total += c.to_number<std::int64_t>();
    EXPECT_EQ(total, r.at("updates").to_number<std::int64_t>()) << line;
    ASSERT_TRUE(r.contains("nonsep_rounds_bound")) << line;
    ++rounds;
    const double bound = r.at("nonsep_rounds_bound").to_number<double>();
    EXPECT_LE(r.at("mistakes").to_number<double>(), bound);
    EXPECT_EQ(r.at("nonsep_rounds_holds"), true);
    const bool zero = r.at("w0_norm").to_number<double>() == 0.0;
    EXPECT_EQ(r.at("nonsep_rounds_kind"), zero ? "hinge_rounds" : "hinge_rounds_init");
    if (r.contains("nonsep_bound")) {
      EXPECT_LE(bound, r.at("nonsep_bound").to_number<double>() * (1 + 1e-9)) << line;
    } else {
      ++mistake_driven;  // only the mistake-round form covers these orders
    }
  }
  EXPECT_EQ(rounds, 16U);  // 4 points × 2 learners × 2 repeats
  EXPECT_EQ(mistake_driven, 8U);
  const auto v = run_plab({"verify", counted_folder().string()});
  EXPECT_EQ(v.exit_code, 0) << v.out << v.err;
}

TEST(SampleMistakes, SummaryJsonShowsTheMistakeRoundRatios) {
  const auto summary =
      boost::json::parse(test::read_file(counted_folder() / "summary.json")).as_object();
  for (const auto& value : summary.at("groups").as_array()) {
    const auto& g = value.as_object();
    EXPECT_EQ(g.at("rounds_bound_applies").to_number<int>(), 2) << g;
    const double max = g.at("rounds_ratio_max").to_number<double>();
    EXPECT_GT(max, 0.0);
    EXPECT_LE(max, 1.0);
  }
}

TEST(SampleMistakes, OffByDefaultTheRecordsCarryNoCounts) {
  test::TempDir dir;
  const fs::path config = dir.write("c.json", config_text(false));
  const auto r =
      run_plab({"run", config.string(), "--out", (dir / "o").string(), "--no-report", "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const std::string& line : lines_of(dir / "o" / "runs.jsonl")) {
    EXPECT_EQ(line.find("sample_mistakes"), std::string::npos) << line;
    EXPECT_EQ(line.find("nonsep_rounds"), std::string::npos) << line;
  }
}

TEST(SampleMistakes, VerifyRecomputesTheBoundFromTheRecordedCounts) {
  test::TempDir dir;
  const fs::path f = dir / "copy";
  fs::copy(counted_folder(), f, fs::copy_options::recursive);
  fs::remove(f / "verify.json");
  const std::size_t line = edit_record(
      f,
      [](const boost::json::object& r) {
        return r.contains("nonsep_rounds_bound") && r.at("mistakes").to_number<int>() > 0;
      },
      [](boost::json::object& r) {
        // Move a sample's counts to another sample: the same total, another L.
        auto& counts = r.at("sample_mistakes").as_array();
        std::size_t from = 0;
        while (counts.at(from).to_number<int>() == 0) ++from;
        const std::size_t to = from == 0 ? 1 : 0;
        counts.at(to) =
            counts.at(to).to_number<std::int64_t>() + counts.at(from).to_number<std::int64_t>();
        counts.at(from) = 0;
      });
  write_digest_chain(f);
  const auto v = run_plab({"verify", f.string()});
  EXPECT_EQ(v.exit_code, 1) << v.out << v.err;
  const std::string at = (f / "runs.jsonl").string() + ":" + std::to_string(line);
  EXPECT_NE(v.out.find(at + ": field 'nonsep_rounds_L': recorded "), std::string::npos) << v.out;
}

}  // namespace
}  // namespace plab
