// `plab verify` recomputes what the manifest claims about the experiment instead of trusting
// it (docs/verify.md), through the real binary: the separability verdict beside a
// stored u, a non-separable point's certificate (re-proved exactly), the learners' bound
// declarations, the sweep's size and listing, the run count and shard slices, the status and
// counts, rho <= rho_upper, and each point's sweep values, seed and repeats. Each test edits
// the manifest only (runs.jsonl and its digest chain stay as plab wrote them), so that the
// recomputation is what catches the edit.
#include <gtest/gtest.h>

#include <fstream>

#include <boost/json.hpp>

#include "support/folder_edit.hpp"
#include "support/process.hpp"
#include "support/temp_dir.hpp"
#include "support/troubleshooting.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;
using test::copy_of_quickstart;
using test::edit_manifest;
using test::point0_theory;
using test::read_file;
using test::run_plab;

boost::json::object verify_json(const fs::path& dir) {
  return boost::json::parse(read_file(dir / "verify.json")).as_object();
}

// verify exits 1, prints `text` and says the folder is inconsistent.
void expect_named(const fs::path& dir, const std::string& text) {
  const auto r = run_plab({"verify", dir.string()});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find(text), std::string::npos) << text << "\n" << r.out << r.err;
  if (fs::exists(dir / "verify.json")) {
    EXPECT_EQ(verify_json(dir).at("verdict"), "inconsistent");
  } else {
    ADD_FAILURE() << "no verify.json";
  }
}

std::string manifest_field(const fs::path& dir, const std::string& field) {
  return (dir / "manifest.json").string() + ": field '" + field + "'";
}

boost::json::object& point0_learner0(boost::json::object& m) {
  return m.at("points").as_array().at(0).as_object().at("learners").as_array().at(0).as_object();
}

// XOR: not separable, proved exactly (the certificate's weights are 1/4 each).
const fs::path& xor_folder() {
  static test::TempDir dir;
  static const fs::path out = test::run_into_folder(dir, R"({"name": "xor", "seed": 1, "repeats": 1,
      "dataset": {"kind": "inline", "x": [[0, 0], [1, 1], [1, 0], [0, 1]], "y": [-1, -1, 1, 1]},
      "learners": [{"name": "l", "plugin": "perceptron"}], "theory": {"margin": "svm"},
      "protocol": {"kind": "convergence", "max_epochs": 5}})");
  return out;
}

fs::path copy_of_xor(const test::TempDir& dir) {
  const fs::path copy = dir / "xor";
  fs::copy(xor_folder(), copy, fs::copy_options::recursive);
  fs::remove(copy / "verify.json");
  return copy;
}

// 1. Separability ------------------------------------------------------------------------

TEST(VerifyManifest, SeparableFalseBesideACertifyingReferenceIsADifference) {
  for (const bool to_null : {false, true}) {
    test::TempDir dir;
    const fs::path f = copy_of_quickstart(dir);
    edit_manifest(f, [&](boost::json::object& m) {
      point0_theory(m)["separable"] = to_null ? boost::json::value(nullptr) : false;
    });
    expect_named(f, manifest_field(f, "points/0/theory/separable") + ": recorded " +
                        (to_null ? "null" : "false") + ", recomputed true");
  }
}

TEST(VerifyManifest, AnUntouchedNonSeparableFolderIsClean) {
  test::TempDir dir;
  const fs::path f = copy_of_xor(dir);
  const auto r = run_plab({"verify", f.string()});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
}

TEST(VerifyManifest, DeletedNonSeparabilityCertificateIsADifference) {
  test::TempDir dir;
  const fs::path f = copy_of_xor(dir);
  edit_manifest(
      f, [](boost::json::object& m) { point0_theory(m).erase("non_separability_certificate"); });
  expect_named(f, manifest_field(f, "points/0/theory/non_separability_certificate") +
                      ": recorded null, recomputed \"a certificate");
}

TEST(VerifyManifest, EditedNonSeparabilityCertificateIsADifference) {
  {
    // Two of the four points: their combination does not vanish.
    test::TempDir dir;
    const fs::path f = copy_of_xor(dir);
    edit_manifest(f, [](boost::json::object& m) {
      auto& c = point0_theory(m).at("non_separability_certificate").as_object();
      c["weights"] = boost::json::array{boost::json::array{0, 0.5}, boost::json::array{2, 0.5}};
    });
    expect_named(f, manifest_field(f, "points/0/theory/non_separability_certificate/weights") +
                        ": recorded [[0,5E-1],[2,5E-1]], recomputed \"no proof");
  }
  {
    // The same points with other weights: the exact check proves it, with 1/4 each.
    test::TempDir dir;
    const fs::path f = copy_of_xor(dir);
    edit_manifest(f, [](boost::json::object& m) {
      auto& c = point0_theory(m).at("non_separability_certificate").as_object();
      auto& w = c.at("weights").as_array();
      w.at(0).as_array().at(1) = 0.3;
      w.at(1).as_array().at(1) = 0.2;
    });
    expect_named(f, manifest_field(f, "points/0/theory/non_separability_certificate/weights"));
  }
}

TEST(VerifyManifest, EditedHullResidualIsADifference) {
  test::TempDir dir;
  const fs::path f = copy_of_xor(dir);
  edit_manifest(f, [](boost::json::object& m) {
    point0_theory(m).at("non_separability_certificate").as_object()["hull_residual"] = 0.5;
  });
  expect_named(f, manifest_field(f, "points/0/theory/non_separability_certificate/hull_residual") +
                      ": recorded 5E-1, recomputed 0");
}

// A certificate copied beside a separable point's u: plab never writes both.
TEST(VerifyManifest, CertificateBesideACertifyingReferenceIsADifference) {
  test::TempDir dir;
  const fs::path f = copy_of_quickstart(dir);
  const auto certificate = boost::json::parse(read_file(xor_folder() / "manifest.json"))
                               .at("points")
                               .at(0)
                               .at("theory")
                               .at("non_separability_certificate");
  edit_manifest(f, [&](boost::json::object& m) {
    point0_theory(m)["non_separability_certificate"] = certificate;
  });
  expect_named(f,
               manifest_field(f, "points/0/theory/non_separability_certificate") + ": recorded {");
}

// 2. and 3. Bound declarations -------------------------------------------------------------

TEST(VerifyManifest, DeletedDeclarationOrWeightsOfThisPlabAreDifferences) {
  {
    test::TempDir dir;
    const fs::path f = copy_of_quickstart(dir);
    edit_manifest(f, [](boost::json::object& m) { point0_learner0(m).erase("bound"); });
    expect_named(f, manifest_field(f, "points/0/learners/0/bound") + ": recorded null");
  }
  {
    test::TempDir dir;
    const fs::path f = copy_of_quickstart(dir);
    edit_manifest(f, [](boost::json::object& m) { point0_learner0(m)["weights"] = 0; });
    expect_named(f, manifest_field(f, "points/0/learners/0/weights") + ": recorded 0");
  }
}

// A folder of another plab version, its declarations deleted, is refused (exit 2), not audited
// by today's rules with a note: VerifyTamper.AFolderOfAnotherPlabVersionIsRefusedNamingBoth.

TEST(VerifyManifest, DeclarationsTheEngineRefusesAreDifferences) {
  struct Edit {
    const char* key;
    boost::json::value value;
    const char* named;
  };
  const std::vector<Edit> edits{
      {"step_scale", 0.0, "the step scale must be a finite number > 0"},
      {"step_scale", -2.0, "the step scale must be a finite number > 0"},
      {"threshold", -1.0, "it must be a finite number >= 0"},
      {"counts", "updates", "field `counts` is updates, but form batch_sum counts"},
  };
  for (const Edit& e : edits) {
    test::TempDir dir;
    const fs::path f = copy_of_quickstart(dir);
    edit_manifest(f, [&](boost::json::object& m) {
      auto& bound = point0_learner0(m).at("bound").as_object();
      bound[e.key] = e.value;
      if (std::string(e.key) == "counts") bound["form"] = "batch_sum";  // counts mistakes
    });
    expect_named(f, manifest_field(f, "points/0/learners/0/bound"));
    const auto r = run_plab({"verify", f.string()});
    EXPECT_NE(r.out.find(e.named), std::string::npos) << e.key << "\n" << r.out;
  }
}

// A multi-class form is not judged by the task alone (the next test), but the classic
// perceptron, asked again, declares novikoff: the edited form is named.
TEST(VerifyManifest, AKeslerFormOnTheClassicPerceptronIsADifference) {
  test::TempDir dir;
  const fs::path f = copy_of_quickstart(dir);
  edit_manifest(f, [](boost::json::object& m) {
    point0_learner0(m).at("bound").as_object()["form"] = "kesler";
  });
  expect_named(f, manifest_field(f, "points/0/learners/0/bound/form") +
                      ": recorded \"kesler\", recomputed \"novikoff\"");
}

// The multi-class perceptron on two classes: its Kesler declaration on a binary task is the
// one the engine accepted and recorded (the run has no bound), so the folder is clean.
TEST(VerifyManifest, AMultiClassLearnerOnABinaryTaskIsClean) {
  test::TempDir dir;
  const fs::path config = dir / "two_classes.json";
  std::ofstream(config) << R"({"name": "two-classes", "seed": 1, "repeats": 2,
    "dataset": {"kind": "inline", "x": [[1], [-1], [2]], "y": [1, -1, 1]},
    "learners": [{"name": "mc", "plugin": "multiclass_perceptron"}]})";
  const fs::path out = dir / "out";
  const auto run = run_plab({"run", config.string(), "--out", out.string(), "-q", "--no-report"});
  ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
  const auto r = run_plab({"verify", out.string()});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("0 recorded values differ"), std::string::npos) << r.out;
}

// A valid declaration that is not the plugin's: the plugin declares it again.
TEST(VerifyManifest, DeclarationOtherThanThePluginsIsADifference) {
  test::TempDir dir;
  const fs::path f = copy_of_quickstart(dir);
  edit_manifest(f, [](boost::json::object& m) {
    point0_learner0(m).at("bound").as_object()["step_scale"] = 2.0;
  });
  expect_named(f, manifest_field(f, "points/0/learners/0/bound/step_scale") +
                      ": recorded 2E0, recomputed 1E0");
}

// 4. and 5. The sweep, the run count, the shard, the status ------------------------------------

TEST(VerifyManifest, ForgedLargeSweepIsADifference) {
  test::TempDir dir;
  const fs::path f = copy_of_quickstart(dir);
  edit_manifest(f, [](boost::json::object& m) { m["sweep_points"] = 20000; });
  expect_named(f, manifest_field(f, "sweep_points") + ": recorded 20000, recomputed \"absent");
}

// A shard of an 11 000-point sweep (more than a folder lists): one point, one run.
const fs::path& large_sweep_shard() {
  static test::TempDir dir;
  static const fs::path out =
      test::run_into_folder(dir, R"({"name": "large", "seed": 1, "repeats": 1,
      "dataset": {"kind": "inline", "x": [[0, 1], [1, 0]], "y": [1, -1]},
      "learners": [{"name": "l", "plugin": "perceptron"}],
      "init": {"kind": "gaussian", "scale": 1.0},
      "protocol": {"kind": "convergence", "max_epochs": 5}})",
                            {"--sweep", "/seed=range(0,1000)", "--sweep", "/init/scale=range(1,12)",
                             "--shard", "0/11000"});
  return out;
}

TEST(VerifyManifest, LargeSweepShardIsCleanAndItsCountsAreRecomputed) {
  {
    test::TempDir dir;
    const fs::path f = dir / "l";
    fs::copy(large_sweep_shard(), f, fs::copy_options::recursive);
    const auto r = run_plab({"verify", f.string()});
    EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  }
  {
    test::TempDir dir;
    const fs::path f = dir / "l";
    fs::copy(large_sweep_shard(), f, fs::copy_options::recursive);
    edit_manifest(f, [](boost::json::object& m) { m.erase("sweep_points"); });
    expect_named(f, manifest_field(f, "sweep_points") + ": recorded null, recomputed 11000");
  }
  {
    // Shard 1 of 11000 claimed for the runs of shard 0.
    test::TempDir dir;
    const fs::path f = dir / "l";
    fs::copy(large_sweep_shard(), f, fs::copy_options::recursive);
    edit_manifest(f, [](boost::json::object& m) { m.at("shard").as_object()["index"] = 1; });
    expect_named(f, manifest_field(f, "shard/first_run") + ": recorded 0, recomputed 1");
  }
}

TEST(VerifyManifest, UnlistedPointIsADifference) {
  test::TempDir dir;
  const fs::path f = copy_of_quickstart(dir);
  edit_manifest(f, [](boost::json::object& m) { m.at("points").as_array().pop_back(); });
  expect_named(f, manifest_field(f, "points") + ": recorded \"points 3 listed\"");
}

TEST(VerifyManifest, EditedRunsTotalIsADifference) {
  test::TempDir dir;
  const fs::path f = copy_of_quickstart(dir);
  edit_manifest(f, [](boost::json::object& m) { m["runs_total"] = 13; });
  expect_named(f, manifest_field(f, "runs_total") + ": recorded 13, recomputed 12");
}

TEST(VerifyManifest, MergedShardSliceOtherThanShardRangeIsADifference) {
  test::TempDir dir;
  const fs::path f = dir / "m";
  fs::copy(test::merged_quickstart_folder(), f, fs::copy_options::recursive);
  std::uint64_t end = 0;
  // Both slices moved together: they still tile the runs, but not as shard_range cuts them.
  edit_manifest(f, [&](boost::json::object& m) {
    auto& shards = m.at("merged_shards").as_array();
    end = shards.at(0).as_object().at("end_run").to_number<std::uint64_t>();
    shards.at(0).as_object()["end_run"] = end + 1;
    shards.at(1).as_object()["first_run"] = end + 1;
  });
  expect_named(f, manifest_field(f, "merged_shards/0/end_run") + ": recorded " +
                      std::to_string(end + 1) + ", recomputed " + std::to_string(end));
}

TEST(VerifyManifest, UnknownStatusIsInconsistent) {
  test::TempDir dir;
  const fs::path f = copy_of_quickstart(dir);
  edit_manifest(f, [](boost::json::object& m) { m["status"] = "great"; });
  expect_named(f,
               "field 'status' is \"great\"; plab writes running, completed, interrupted or "
               "failed");
}

// The commands that act on the status refuse a word plab does not write, naming it.
TEST(VerifyManifest, UnknownStatusIsRefusedByTheCommandsThatActOnIt) {
  test::TempDir dir;
  const fs::path f = copy_of_quickstart(dir);
  edit_manifest(f, [](boost::json::object& m) { m["status"] = "great"; });
  const std::string expected = R"(expected "running", "completed", "interrupted" or "failed")";
  const std::string named =
      (f / "manifest.json").string() + R"(: field 'status' is "great" (a string); )" + expected;
  const std::vector<std::vector<std::string>> commands{
      {"export", f.string(), "--sqlite", (dir / "n.db").string()},
      {"merge", (dir / "m").string(), f.string()},
      {"run", std::string(PLAB_SOURCE_DIR) + "/configs/quickstart.json", "--set", "/repeats=3",
       "--out", f.string(), "--resume-if-present", "--no-report", "--quiet"}};
  for (const auto& command : commands) {
    const auto r = run_plab(command);
    EXPECT_EQ(r.exit_code, 2) << command[0] << ": " << r.err;
    EXPECT_NE(r.err.find(named), std::string::npos) << command[0] << ": " << r.err;
  }
  EXPECT_FALSE(fs::exists(dir / "n.db"));
  EXPECT_FALSE(fs::exists(dir / "m"));
  EXPECT_TRUE(test::in_troubleshooting(expected));
}

// The report reads a point's oracle into its kind: a word no plab writes is refused, named.
TEST(VerifyManifest, UnknownOracleIsRefusedByTheReport) {
  test::TempDir dir;
  const fs::path f = copy_of_quickstart(dir);
  edit_manifest(f, [](boost::json::object& m) { point0_theory(m)["oracle"] = "psychic"; });
  const std::string expected = R"(expected "svm", "teacher", "given" or "none")";
  const auto r = run_plab({"report", f.string()});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find(manifest_field(f, "points/0/theory/oracle") +
                       R"( is "psychic" (a string); )" + expected),
            std::string::npos)
      << r.err;
  EXPECT_FALSE(fs::exists(f / "report.md"));
  EXPECT_TRUE(test::in_troubleshooting(expected));
}

TEST(VerifyManifest, RunsWrittenOrFailedOtherThanOnDiskIsInconsistent) {
  for (const char* key : {"runs_written", "runs_failed"}) {
    test::TempDir dir;
    const fs::path f = copy_of_quickstart(dir);
    edit_manifest(f, [&](boost::json::object& m) { m[key] = 5; });
    expect_named(f, "field '" + std::string(key) + "' is 5, but");
  }
}

// 6. rho <= rho_upper ---------------------------------------------------------------------

TEST(VerifyManifest, RhoUpperBelowRhoIsADifferenceWithoutHullWeights) {
  test::TempDir dir;
  const fs::path f = copy_of_quickstart(dir);
  edit_manifest(f, [](boost::json::object& m) {
    auto& t = point0_theory(m);
    t.erase("rho_upper_weights");
    t["rho_upper"] = t.at("rho").to_number<double>() / 2;
  });
  expect_named(f, manifest_field(f, "points/0/theory/rho_upper") + ": recorded");
  const auto r = run_plab({"verify", f.string()});
  EXPECT_NE(r.out.find("(rho <= rho_upper)"), std::string::npos) << r.out;
}

// 7. A point's sweep values, seed and repeats -----------------------------------------------

TEST(VerifyManifest, EditedPointParamsSeedOrRepeatsAreDifferences) {
  struct Edit {
    const char* key;
    boost::json::value value;
  };
  const std::vector<Edit> edits{
      {"params", boost::json::object{{"/init/kind", "gaussian"}, {"/protocol/order", "cyclic"}}},
      {"seed", 7},
      {"repeats", 4},
  };
  for (const Edit& e : edits) {
    test::TempDir dir;
    const fs::path f = copy_of_quickstart(dir);
    edit_manifest(f, [&](boost::json::object& m) {
      m.at("points").as_array().at(0).as_object()[e.key] = e.value;
    });
    expect_named(f, manifest_field(f, "points/0/" + std::string(e.key)) + ": recorded");
  }
}

TEST(VerifyManifest, MessagesAreInTroubleshooting) {
  const std::string section = test::troubleshooting_section();
  for (const char* message : {"non_separability_certificate", "a declaration the engine accepts",
                              "plab writes running, completed, interrupted or failed",
                              "(rho <= rho_upper)", "sweep_points", "runs_total"}) {
    EXPECT_NE(section.find(message), std::string::npos) << message;
  }
}

}  // namespace
}  // namespace plab
