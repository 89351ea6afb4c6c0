// Claims in a config (analysis/claims.hpp) through the real binary: plab run evaluates and
// prints them without changing its exit code, the report states them before the theorem,
// claims.json keeps them apart from the experiment, and plab check answers 0, 1 or 5.
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <string>

#include "support/process.hpp"
#include "support/temp_dir.hpp"
#include "support/troubleshooting.hpp"

namespace plab {
namespace {

using test::read_file;
using test::run_plab;

const std::string kIris = std::string(PLAB_SOURCE_DIR) + "/data/iris.csv";

// "slow" (eta 0.01 from a Gaussian start of scale 10) makes more mistakes than "classic" in
// the same repeats (report_test.cpp measures it), so one comparison holds and its reverse fails.
std::string config(const std::string& claims) {
  return R"({"name": "claims", "seed": 5, "repeats": 30,
    "dataset": {"kind": "csv", "path": ")" +
         kIris + R"(", "label": "species", "positive": ["setosa"]},
    "learners": [{"name": "classic", "plugin": "eta_perceptron", "params": {"eta": 1}},
                 {"name": "slow", "plugin": "eta_perceptron", "params": {"eta": 0.01}}],
    "init": {"kind": "gaussian", "scale": 10},
    "protocol": {"kind": "convergence", "max_epochs": 10000, "order": "shuffle"},
    "claims": )" +
         claims + "}";
}

const char* const kHolds =
    R"({"what": "classic makes fewer mistakes than slow", "compare": {"field": "mistakes", "learner": "classic", "below": "slow", "per": "repeat"}})";
const char* const kFails =
    R"({"what": "slow makes fewer mistakes than classic", "compare": {"field": "mistakes", "learner": "slow", "below": "classic", "per": "repeat"}})";
const char* const kUndecided =
    R"({"what": "every run of a learner not in the config converges", "where": {"learner": "none"}, "each": {"converged": true}})";

// The paragraph under "## Conclusion" in report.md.
std::string conclusion_of(const std::string& md) {
  const std::size_t heading = md.find("## Conclusion\n\n");
  if (heading == std::string::npos) return "";
  const std::size_t start = heading + 15;
  return md.substr(start, md.find('\n', start) - start);
}

TEST(Claims, RunStatesAHoldingAndAFailingClaimFirstAndCheckExitsOneNamingTheFailure) {
  test::TempDir dir;
  const auto c = dir.write("c.json", config(std::string("[") + kHolds + ", " + kFails + "]"));
  const auto out = dir / "o";
  const auto r = run_plab({"run", c.string(), "--out", out.string(), "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << "a failing claim does not change the run's exit code\n" << r.err;
  EXPECT_NE(r.out.find("claim holds: classic makes fewer mistakes than slow: 'classic' below "
                       "'slow' on mistakes"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("claim fails: slow makes fewer mistakes than classic"), std::string::npos)
      << r.out;
  const std::string conclusion = conclusion_of(read_file(out / "report.md"));
  EXPECT_EQ(conclusion.find("Claim 'classic makes fewer mistakes than slow': 'classic' below"), 0u)
      << conclusion;
  const std::size_t failed = conclusion.find("Claim 'slow makes fewer mistakes than classic'");
  ASSERT_NE(failed, std::string::npos) << conclusion;
  EXPECT_NE(conclusion.find("Wilcoxon signed-rank test"), std::string::npos) << conclusion;
  EXPECT_LT(conclusion.find(": holds."), failed) << conclusion;
  EXPECT_LT(failed, conclusion.find(": fails.")) << conclusion;
  EXPECT_LT(conclusion.find(": fails."), conclusion.find("The theorem held")) << conclusion;

  const boost::json::value stored = boost::json::parse(read_file(out / "claims.json"));
  EXPECT_EQ(stored.at("claims").as_array().size(), 2u);
  EXPECT_EQ(stored.at("verdicts").at(0).at("verdict"), "holds");
  EXPECT_EQ(stored.at("verdicts").at(1).at("verdict"), "fails");
  const boost::json::value manifest = boost::json::parse(read_file(out / "manifest.json"));
  EXPECT_FALSE(manifest.at("config").as_object().contains("claims"))
      << "claims are no part of the experiment's identity";

  const auto check = run_plab({"check", out.string()});
  EXPECT_EQ(check.exit_code, 1) << check.out << check.err;
  EXPECT_NE(check.err.find("claim 'slow makes fewer mistakes than classic' fails"),
            std::string::npos)
      << check.err;
  EXPECT_EQ(check.err.find("classic makes fewer mistakes than slow"), std::string::npos)
      << check.err;
}

TEST(Claims, ASharpenedClaimIsCheckedOnTheFinishedFolderWithoutRerunning) {
  test::TempDir dir;
  const auto c = dir.write("c.json", config(std::string("[") + kFails + "]"));
  const auto out = dir / "o";
  ASSERT_EQ(
      run_plab({"run", c.string(), "--out", out.string(), "--quiet", "--no-report"}).exit_code, 0);
  const auto fixed = dir.write("fixed.json", config(std::string("[") + kHolds + "]"));
  const auto again =
      run_plab({"run", fixed.string(), "--out", out.string(), "--resume-if-present", "--quiet"});
  EXPECT_EQ(again.exit_code, 0) << "other claims, the same experiment: complete as it is\n"
                                << again.out << again.err;
  const auto check = run_plab({"check", out.string(), "--config", fixed.string()});
  EXPECT_EQ(check.exit_code, 0) << check.out << check.err;
  EXPECT_NE(check.out.find("claim holds: classic makes fewer mistakes than slow"),
            std::string::npos)
      << check.out;
  const auto undecided =
      dir.write("undecided.json", config(std::string("[") + kHolds + ", " + kUndecided + "]"));
  const auto u = run_plab({"check", out.string(), "--config", undecided.string()});
  EXPECT_EQ(u.exit_code, 5) << u.out << u.err;
  EXPECT_NE(u.err.find("claim 'every run of a learner not in the config converges' cannot be "
                       "decided by these records"),
            std::string::npos)
      << u.err;
  EXPECT_NE(u.out.find("claim undecided: every run of a learner not in the config converges: "
                       "cannot be decided: \"where\" selects no record"),
            std::string::npos)
      << u.out;
}

TEST(Claims, CheckRefusesAFolderWithoutClaimsAndAMalformedClaim) {
  test::TempDir dir;
  const auto c = dir.write("c.json", config("[]"));
  const auto out = dir / "o";
  ASSERT_EQ(
      run_plab({"run", c.string(), "--out", out.string(), "--quiet", "--no-report"}).exit_code, 0);
  const auto none = run_plab({"check", out.string(), "--config", c.string()});
  EXPECT_EQ(none.exit_code, 2) << "an empty list of claims checks nothing" << none.err;
  EXPECT_NE(none.err.find("an empty list of claims, so there is nothing to check"),
            std::string::npos)
      << none.err;
  std::string plain = config("[]");  // the same config without the key "claims"
  plain = plain.substr(0, plain.find(",\n    \"claims\"")) + "}";
  const auto n =
      run_plab({"check", out.string(), "--config", dir.write("plain.json", plain).string()});
  EXPECT_EQ(n.exit_code, 2) << n.err;
  EXPECT_NE(n.err.find("states no claims"), std::string::npos) << n.err;
  EXPECT_TRUE(test::in_troubleshooting("states no claims"));
  std::filesystem::remove(out / "claims.json");
  const auto missing = run_plab({"check", out.string()});
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_NE(missing.err.find("has no claims.json: its config stated no claims"), std::string::npos)
      << missing.err;
  EXPECT_TRUE(test::in_troubleshooting("has no claims.json: its config stated no claims"));
  const auto typo = dir.write("typo.json", config(R"([{"what": "typo", "eachh": {}}])"));
  const auto t = run_plab({"check", out.string(), "--config", typo.string()});
  EXPECT_EQ(t.exit_code, 2);
  EXPECT_NE(t.err.find("at /claims/0 ('typo'): unknown key \"eachh\""), std::string::npos) << t.err;
  EXPECT_TRUE(test::in_troubleshooting("at /claims/0 ('typo'): unknown key \"eachh\""));
  const auto bad_run = run_plab({"run", typo.string(), "--out", (dir / "p").string(), "--quiet"});
  EXPECT_EQ(bad_run.exit_code, 2) << "a malformed claim is refused before any run";
  EXPECT_FALSE(std::filesystem::exists(dir / "p"));
}

// A verdict is printed under its claim's "what": two claims alike could not be told apart,
// so the second is refused naming both positions, by plab check --config and before any run.
TEST(Claims, TwoClaimsWithTheSameWhatAreRefusedNamingBothPositions) {
  test::TempDir dir;
  const auto c = dir.write("c.json", config("[]"));
  const auto out = dir / "o";
  ASSERT_EQ(
      run_plab({"run", c.string(), "--out", out.string(), "--quiet", "--no-report"}).exit_code, 0);
  const std::string twice =
      std::string("[") + kHolds + ", " + kUndecided + ", " +
      R"({"what": "classic makes fewer mistakes than slow", "each": {"converged": true}}])";
  const auto alike = dir.write("alike.json", config(twice));
  const auto r = run_plab({"check", out.string(), "--config", alike.string()});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("at /claims/2 ('classic makes fewer mistakes than slow'): has the same "
                       "\"what\" as claim '" +
                       alike.string() + "' at /claims/0;"),
            std::string::npos)
      << r.err;
  EXPECT_TRUE(test::in_troubleshooting("has the same \"what\" as claim"));
  EXPECT_TRUE(test::in_troubleshooting("a verdict is named by its \"what\""));
  const auto run = run_plab({"run", alike.string(), "--out", (dir / "p").string(), "--quiet"});
  EXPECT_EQ(run.exit_code, 2) << run.err;
  EXPECT_FALSE(std::filesystem::exists(dir / "p"));
}

// An empty "what" would print "claim holds: : ..." and write a verdict named by nothing: it is
// refused with the claim's form, by plab check --config and before any run.
TEST(Claims, AnEmptyWhatIsRefusedBeforeAnyRun) {
  test::TempDir dir;
  const auto c = dir.write("c.json", config("[]"));
  const auto out = dir / "o";
  ASSERT_EQ(
      run_plab({"run", c.string(), "--out", out.string(), "--quiet", "--no-report"}).exit_code, 0);
  const auto empty =
      dir.write("empty.json", config(R"([{"what": "", "each": {"converged": true}}])"));
  const auto r = run_plab({"check", out.string(), "--config", empty.string()});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("at /claims/0 (''): \"what\" is empty"), std::string::npos) << r.err;
  EXPECT_EQ(r.out.find("claim holds"), std::string::npos) << r.out;
  EXPECT_TRUE(test::in_troubleshooting("\"what\" is empty"));
  const auto run = run_plab({"run", empty.string(), "--out", (dir / "p").string(), "--quiet"});
  EXPECT_EQ(run.exit_code, 2) << run.err;
  EXPECT_FALSE(std::filesystem::exists(dir / "p"));
}

// A record writes every field it has (null when it has no value), so a name no record holds
// is a typo: refused naming it, where it would otherwise read as null and fail every record.
// A field that is null in every record stays a value to compare.
TEST(Claims, AFieldNoRecordHasIsRefusedNotReadAsNull) {
  test::TempDir dir;
  const auto c = dir.write("c.json", config("[]"));
  const auto out = dir / "o";
  ASSERT_EQ(
      run_plab({"run", c.string(), "--out", out.string(), "--quiet", "--no-report"}).exit_code, 0);
  for (const char* claim :
       {R"({"what": "x", "each": {"convergd": true}})",
        R"({"what": "x", "where": {"convergd": true}, "count": {}, "at_least": 1})",
        R"({"what": "x", "max": {"mistakez": {"below": 100}}})",
        R"({"what": "x", "where": {"/protocol/ordr": "cyclic"}, "each": {}})"}) {
    const auto file = dir.write("typo.json", config(std::string("[") + claim + "]"));
    const auto r = run_plab({"check", out.string(), "--config", file.string()});
    EXPECT_EQ(r.exit_code, 2) << claim << "\n" << r.err;
    EXPECT_NE(r.err.find("no record has a field \""), std::string::npos) << claim << "\n" << r.err;
  }
  EXPECT_TRUE(test::in_troubleshooting("no record has a field \"convergd\""));
  const auto null_field =
      dir.write("null.json", config(R"([{"what": "x", "each": {"error": null}}])"));
  EXPECT_EQ(run_plab({"check", out.string(), "--config", null_field.string()}).exit_code, 0);
}

}  // namespace
}  // namespace plab
