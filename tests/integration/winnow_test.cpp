// Winnow through the real binary (docs/bounds.md, "Winnow"; docs/verify.md): its records
// carry a certified l1-margin and a bound that holds and that verify recomputes; an edited
// comparator or record is a difference; a start off the simplex fails the run with a
// message in docs/troubleshooting.md; an eta too large for the margin gets no bound.
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <filesystem>
#include <fstream>
#include <string>

#include "results/folder/record_digest.hpp"
#include "support/folder_edit.hpp"
#include "support/process.hpp"
#include "support/temp_dir.hpp"
#include "support/troubleshooting.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;
using test::edit_record;
using test::lines_of;
using test::run_plab;

std::string config(const std::string& init, double eta, const char* margin = "svm") {
  return R"({"name": "winnow", "seed": 5, "repeats": 2,
    "dataset": {"kind": "synthetic", "generator": "disjunction", "rows": 40, "dim": 12,
                "literals": 2},
    "learners": [{"name": "plain", "plugin": "winnow", "params": {"eta": )" +
         std::to_string(eta) + R"(, "variant": "plain"}},
                 {"name": "balanced", "plugin": "winnow",
                  "params": {"eta": )" +
         std::to_string(eta) + R"(, "variant": "balanced"}}],
    "init": )" +
         init + R"(, "theory": {"margin": ")" + margin + R"("},
    "protocol": {"kind": "convergence", "max_epochs": 500, "order": "shuffle"}})";
}

const fs::path& winnow_folder() {
  static test::TempDir dir;
  static const fs::path out = test::run_into_folder(dir, config(R"({"kind": "zero"})", 0.2));
  return out;
}

fs::path copy_of(const test::TempDir& dir) { return test::copy_to_tamper(winnow_folder(), dir); }

bool balanced(const boost::json::object& r) { return r.at("learner") == "balanced"; }

TEST(WinnowRuns, BalancedRunsHoldTheirCertifiedBoundPlainOnesGetNoneAndVerifyAgrees) {
  const fs::path& f = winnow_folder();
  for (const std::string& line : lines_of(f / "runs.jsonl")) {
    const boost::json::object r = boost::json::parse(line).as_object();
    EXPECT_EQ(r.at("bound_kind"), "winnow") << line;
    EXPECT_EQ(r.at("R_inf").to_number<double>(), 1.0);
    if (balanced(r)) {
      // The disjunction's optimum l1-margin is at least the teacher's 1/5.
      EXPECT_GE(r.at("gamma1").to_number<double>(), 0.2 * (1 - 1e-9)) << line;
      EXPECT_EQ(r.at("winnow_weights"), 26);
      EXPECT_EQ(r.at("bound_applies"), true);
      EXPECT_EQ(r.at("bound_holds"), true);
    } else {
      // Plain winnow cannot score a negative row of 0/1 features below 0: no certificate.
      EXPECT_TRUE(r.at("gamma1").is_null()) << line;
      EXPECT_EQ(r.at("winnow_weights"), 13);
      EXPECT_EQ(r.at("bound_applies"), false);
      EXPECT_NE(r.at("bound_note").as_string().find("the winnow bound does not apply"),
                std::string::npos);
    }
  }
  const auto v = run_plab({"verify", f.string()});
  EXPECT_EQ(v.exit_code, 0) << v.out << v.err;
  const auto d = run_plab({"describe", "winnow"});
  EXPECT_EQ(d.exit_code, 0) << d.err;
  EXPECT_NE(d.out.find("ln N / (eta gamma_1 - ln cosh(eta R_inf))"), std::string::npos) << d.out;
  EXPECT_NE(d.out.find("certified:  l1_margin: gamma1 of a comparator u"), std::string::npos)
      << d.out;
}

TEST(WinnowRuns, MistakeDrivenOrdersConvergeWithinTheBoundAndReplay) {
  test::TempDir dir;
  const fs::path out = dir / "o";
  const auto r =
      run_plab({"run", dir.write("w.json", config(R"({"kind": "zero"})", 0.2)).string(), "--out",
                out.string(), "--sweep", "/protocol/order=random_mistake,worst_mistake",
                "--no-report", "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  int balanced_runs = 0;
  for (const std::string& line : lines_of(out / "runs.jsonl")) {
    const boost::json::object rec = boost::json::parse(line).as_object();
    if (!balanced(rec)) continue;
    ++balanced_runs;
    EXPECT_EQ(rec.at("status"), "converged") << line;
    EXPECT_EQ(rec.at("bound_applies"), true) << line;
    EXPECT_EQ(rec.at("bound_holds"), true) << line;
  }
  EXPECT_EQ(balanced_runs, 4);
  const auto v = run_plab({"verify", out.string(), "--replay", "all"});
  EXPECT_EQ(v.exit_code, 0) << v.out << v.err;
}

TEST(WinnowRuns, AnEditedComparatorIsRecertifiedFromTheData) {
  test::TempDir dir;
  const fs::path f = copy_of(dir);
  test::edit_manifest(f, [](boost::json::object& m) {
    auto& u = test::point0_theory(m)
                  .at("l1_margin")
                  .as_object()
                  .at("balanced")
                  .as_object()
                  .at("u")
                  .as_array();
    u.at(0) = u.at(0).to_number<double>() + 0.05;  // the bias: every margin changes
  });
  const auto v = run_plab({"verify", f.string()});
  EXPECT_EQ(v.exit_code, 1) << v.out << v.err;
  EXPECT_NE(v.out.find("theory/l1_margin/balanced/gamma1"), std::string::npos) << v.out;
}

TEST(WinnowRuns, AnEditedRecordIsADifference) {
  test::TempDir dir;
  const fs::path f = copy_of(dir);
  edit_record(f, balanced, [](boost::json::object& r) {
    r["gamma1"] = 0.5;
    r["winnow_weights"] = 12;
  });
  write_digest_chain(f);
  const auto v = run_plab({"verify", f.string()});
  EXPECT_EQ(v.exit_code, 1) << v.out << v.err;
  EXPECT_NE(v.out.find("field 'gamma1'"), std::string::npos) << v.out;
  EXPECT_NE(v.out.find("field 'winnow_weights'"), std::string::npos) << v.out;
}

TEST(WinnowRuns, TheTeacherIsCertifiedWithoutTheLp) {
  test::TempDir dir;
  std::ofstream(dir / "w.json") << config(R"({"kind": "zero"})", 0.2, "teacher");
  const auto r = run_plab(
      {"run", (dir / "w.json").string(), "--out", (dir / "o").string(), "--no-report", "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  for (const std::string& line : lines_of(dir / "o" / "runs.jsonl")) {
    const boost::json::object rec = boost::json::parse(line).as_object();
    if (!balanced(rec)) continue;
    EXPECT_NEAR(rec.at("gamma1").to_number<double>(), 0.2, 1e-12) << line;  // (-1, 2, 2)/5
  }
  EXPECT_EQ(run_plab({"verify", (dir / "o").string()}).exit_code, 0);
}

TEST(WinnowRuns, AnEtaTooLargeForTheMarginGetsNoBoundWithTheReason) {
  test::TempDir dir;
  std::ofstream(dir / "w.json") << config(R"({"kind": "zero"})", 2.0);
  const auto r = run_plab(
      {"run", (dir / "w.json").string(), "--out", (dir / "o").string(), "--no-report", "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  const boost::json::object rec =
      boost::json::parse(lines_of(dir / "o" / "runs.jsonl").back()).as_object();
  ASSERT_TRUE(balanced(rec));
  EXPECT_EQ(rec.at("bound_applies"), false);
  EXPECT_NE(rec.at("bound_note").as_string().find("is not above ln cosh(eta R_inf)"),
            std::string::npos)
      << rec;
  EXPECT_TRUE(test::in_troubleshooting("the winnow bound does not apply"));
}

TEST(WinnowRuns, AStartOffTheSimplexFailsTheRunWithItsMessage) {
  test::TempDir dir;
  std::ofstream(dir / "w.json") << config(R"({"kind": "gaussian", "scale": 1})", 0.2);
  const auto r = run_plab(
      {"run", (dir / "w.json").string(), "--out", (dir / "o").string(), "--no-report", "--quiet"});
  EXPECT_EQ(r.exit_code, 3) << r.out << r.err;
  const boost::json::object rec =
      boost::json::parse(lines_of(dir / "o" / "runs.jsonl").front()).as_object();
  EXPECT_EQ(rec.at("status"), "failed");
  EXPECT_NE(rec.at("error").as_string().find("winnow starts from the uniform weights"),
            std::string::npos)
      << rec;
  EXPECT_TRUE(test::in_troubleshooting("winnow starts from the uniform weights"));
  EXPECT_TRUE(test::in_troubleshooting("winnow's weights all underflowed to zero"));
}

}  // namespace
}  // namespace plab
