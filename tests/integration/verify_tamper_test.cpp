// Tampering that an audit by value alone let pass (runs.sha256 rewritten to match each time):
// each must make `plab verify` exit 1 naming file:line and field, or 2 where it cannot audit
// (docs/verify.md, "The run against its config", "Theory the config asked for", "Another plab
// version").
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "results/folder/record_digest.hpp"
#include "support/folder_edit.hpp"
#include "support/noisy_xor.hpp"
#include "support/process.hpp"
#include "support/temp_dir.hpp"
#include "support/troubleshooting.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;
using test::at_line;
using test::edit_manifest;
using test::edit_record;
using test::run_plab;

// verify (with `extra` arguments) exits `code` and prints `text`.
void expect_verify(const fs::path& f, int code, const std::string& text,
                   const std::vector<std::string>& extra = {}) {
  std::vector<std::string> args{"verify", f.string()};
  args.insert(args.end(), extra.begin(), extra.end());
  const auto r = run_plab(args);
  EXPECT_EQ(r.exit_code, code) << r.out << r.err;
  EXPECT_NE((r.out + r.err).find(text), std::string::npos) << text << "\n" << r.out << r.err;
}

// Every record of DIR changed by `edit`.
void edit_all_records(const fs::path& dir, const std::function<void(boost::json::object&)>& edit) {
  auto lines = test::lines_of(dir / "runs.jsonl");
  for (auto& line : lines) {
    auto r = boost::json::parse(line).as_object();
    edit(r);
    line = boost::json::serialize(r);
  }
  test::write_lines(dir / "runs.jsonl", lines);
}

std::string xor_config(const std::string& protocol) {
  return test::noisy_xor_config(R"([{"name": "classic", "plugin": "perceptron"}])", protocol);
}

TEST(VerifyTamper, EpochsPastMaxEpochs) {
  test::TempDir dir;
  const fs::path f =
      test::run_into_folder(dir, xor_config(R"({"kind": "convergence", "max_epochs": 1})"));
  const std::size_t line =
      edit_record(f, test::any_record, [](boost::json::object& r) { r["epochs"] = 60; });
  write_digest_chain(f);
  expect_verify(
      f, 1,
      at_line(f, "runs.jsonl", line) +
          ": field 'epochs': recorded 60, recomputed \"at most protocol.max_epochs = 1\"");
}

TEST(VerifyTamper, NotConvergedBeforeMaxEpochs) {
  test::TempDir dir;
  const fs::path f = test::copy_of_quickstart(dir);
  const std::size_t line = edit_record(
      f, [](const boost::json::object& r) { return r.at("status") == "converged"; },
      [](boost::json::object& r) {
        r["status"] = "not_converged";
        r["converged"] = false;
        r["epochs"] = 2;
      });
  write_digest_chain(f);
  expect_verify(f, 1, at_line(f, "runs.jsonl", line) + ": field 'status'");
}

TEST(VerifyTamper, PerSampleCountsThatDoNotSumToTheUpdates) {
  test::TempDir dir;
  const fs::path f = test::run_into_folder(
      dir,
      xor_config(R"({"kind": "convergence", "max_epochs": 20, "record_sample_mistakes": true})"));
  const std::size_t line = edit_record(f, test::any_record, [](boost::json::object& r) {
    auto& counts = r.at("sample_mistakes").as_array();
    counts.at(0) = counts.at(0).to_number<std::uint64_t>() + 50;
  });
  write_digest_chain(f);
  expect_verify(f, 1, at_line(f, "runs.jsonl", line) + ": field 'sample_mistakes'");
}

TEST(VerifyTamper, TheMarginPerceptronsCountsSumToItsUpdatesAndAreClean) {
  test::TempDir dir;
  const fs::path f = test::run_into_folder(dir, R"({"name": "m", "seed": 2, "repeats": 2,
      "dataset": {"kind": "inline", "x": [[1, 2], [2, 1], [-1, -1], [-2, 0], [0.5, 0.4]],
                  "y": [1, 1, -1, -1, 1]},
      "learners": [{"name": "m", "plugin": "margin_perceptron", "params": {"tau": 2}}],
      "protocol": {"kind": "convergence", "max_epochs": 50, "record_sample_mistakes": true}})");
  expect_verify(f, 0, "0 recorded values differ");
}

TEST(VerifyTamper, ALoweredCountIsCaughtByTheCurveAndByReplay) {
  test::TempDir dir;
  const fs::path f = test::run_into_folder(
      dir, xor_config(R"({"kind": "convergence", "max_epochs": 5, "record_curve": true})"));
  const std::size_t line = edit_record(f, test::any_record, [](boost::json::object& r) {
    r["mistakes"] = r.at("mistakes").to_number<std::uint64_t>() - 3;
    r["updates"] = r.at("updates").to_number<std::uint64_t>() - 3;
  });
  write_digest_chain(f);
  expect_verify(f, 1, at_line(f, "runs.jsonl", line) + ": field 'epoch_mistakes'");
  expect_verify(f, 1, at_line(f, "runs.jsonl", line) + ": field 'mistakes': recorded",
                {"--replay", "all"});
}

TEST(VerifyTamper, APointMadeUndecidedOrWithoutHingeCandidates) {
  const std::string config = xor_config(R"({"kind": "convergence", "max_epochs": 5})");
  {
    test::TempDir dir;
    const fs::path f = test::run_into_folder(dir, config);
    edit_manifest(f, [](boost::json::object& m) {
      auto& t = test::point0_theory(m);
      t["separable"] = nullptr;
      t.erase("non_separability_certificate");
    });
    edit_all_records(f, [](boost::json::object& r) { r["separable"] = nullptr; });
    write_digest_chain(f);
    expect_verify(f, 1, "manifest.json: field 'points/0/theory/separable': recorded null");
  }
  {
    test::TempDir dir;
    const fs::path f = test::run_into_folder(dir, config);
    edit_manifest(f,
                  [](boost::json::object& m) { test::point0_theory(m).erase("hinge_candidates"); });
    edit_all_records(f, [](boost::json::object& r) {
      for (const char* key :
           {"nonsep_bound", "nonsep_bound_kind", "nonsep_ratio", "nonsep_bound_holds",
            "nonsep_candidate", "nonsep_C", "nonsep_v_norm", "nonsep_hinge_norm"})
        r.erase(key);
    });
    write_digest_chain(f);
    expect_verify(f, 1, "manifest.json: field 'points/0/theory/hinge_candidates': recorded null");
  }
}

TEST(VerifyTamper, AFolderOfAnotherPlabVersionIsRefusedNamingBoth) {
  test::TempDir dir;
  const fs::path f = test::copy_of_quickstart(dir);
  edit_manifest(f, [](boost::json::object& m) {
    m.at("context").as_object()["plab_version"] = "0.1.0";
    for (auto& p : m.at("points").as_array())
      p.as_object().at("learners").as_array().at(0).as_object().erase("bound");
  });
  const std::string version = run_plab({"--version"}).out.substr(5);
  const std::string text = "it was written by plab 0.1.0 and this is plab " +
                           version.substr(0, version.find_first_of(" \n"));
  expect_verify(f, 2, text);
  EXPECT_FALSE(fs::exists(f / "verify.json"));
  EXPECT_TRUE(test::in_troubleshooting("verify vouches only for folders of its own version"));
}

TEST(VerifyTamper, EditedResolvedParamsAreCaughtEvenWhereReplayAgrees) {
  test::TempDir dir;
  const fs::path f = test::copy_of_quickstart(dir);
  edit_manifest(f, [](boost::json::object& m) {
    test::manifest_learner(m, 0, 0).at("params").as_object()["tie"] = "positive";
  });
  expect_verify(f, 1, "manifest.json: field 'points/0/learners/0/params'");
  expect_verify(f, 1, "manifest.json: field 'points/0/learners/0/params'", {"--replay", "all"});
}

TEST(VerifyTamper, AConfigWhosePluginDiffersFromTheRecords) {
  test::TempDir dir;
  const fs::path f = test::copy_of_quickstart(dir);
  edit_manifest(f, [](boost::json::object& m) {
    m.at("config").as_object().at("learners").as_array().at(0).as_object()["plugin"] =
        "eta_perceptron";
  });
  expect_verify(f, 1, "manifest.json: field 'points/0/learners/0/plugin': recorded \"perceptron\"");
}

}  // namespace
}  // namespace plab
