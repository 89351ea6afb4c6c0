// The run session (run/session.hpp) through its own interface, and the exit codes it and the
// command line give: 4 when results or output cannot be written, 70 for an internal error.
#include <gtest/gtest.h>

#include <algorithm>

#include <boost/json.hpp>
#include <new>
#include <stdexcept>

#include "error.hpp"
#include "results/format/manifest.hpp"
#include "run/session.hpp"
#include "support/process.hpp"
#include "support/records.hpp"
#include "support/temp_dir.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;

const std::string kConfig = R"({"name": "session", "seed": 3, "repeats": 3,
  "dataset": {"kind": "inline", "x": [[1, 2], [2, 1], [-1, -2], [-2, -1]], "y": [1, 1, -1, -1]},
  "learners": [{"name": "p", "plugin": "perceptron"}], "theory": {"margin": "none"},
  "init": {"kind": "gaussian", "scale": 1},
  "protocol": {"kind": "convergence", "max_epochs": 20}})";

// Records what the session tells, in order.
struct Recorder : SessionObserver {
  std::vector<std::string> events;
  void note(const std::string& text) override { events.push_back("note " + text); }
  void starting(const Experiment&, std::size_t runs, int threads, const fs::path&) override {
    events.push_back("starting " + std::to_string(runs) + " on " + std::to_string(threads));
  }
  void summarised(const Summary& summary, const fs::path&) override {
    events.push_back("summarised " + std::to_string(summary.runs));
  }
};

SessionRequest request_for(const test::TempDir& dir) {
  SessionRequest request;
  request.config = dir.write("c.json", kConfig);
  request.out = dir / "out";
  request.threads = 2;
  request.prepare.plugin_dirs = {PLAB_PLUGIN_DIR};
  request.report = false;
  return request;
}

TEST(RunSession, RunsWritesAndSaysWhatHappenedInOrder) {
  test::TempDir dir;
  Recorder recorder;
  const SessionOutcome outcome = run_experiment(request_for(dir), recorder);
  EXPECT_EQ(outcome.end, SessionEnd::kCompleted);
  EXPECT_EQ(outcome.dir, dir / "out");
  EXPECT_EQ(outcome.runs_in_range, 3u);
  EXPECT_EQ(outcome.runs_written, 3u);
  EXPECT_EQ(outcome.runs_failed, 0u);
  EXPECT_FALSE(outcome.report.has_value());  // not asked for
  EXPECT_EQ(recorder.events, (std::vector<std::string>{"starting 3 on 2", "summarised 3"}));
  EXPECT_EQ(test::records(dir / "out" / "runs.jsonl").size(), 3u);
  const auto manifest =
      boost::json::parse(test::read_file(dir / "out" / "manifest.json")).as_object();
  EXPECT_EQ(manifest.at("status"), "completed");
  EXPECT_TRUE(fs::exists(dir / "out" / "summary.json"));
}

TEST(RunSession, APreparedSessionKnowsItsRangeAndWritesNothing) {
  test::TempDir dir;
  SessionRequest request = request_for(dir);
  request.shard = ShardSpec{1, 2};
  SessionObserver quiet;
  const Session session = Session::prepare(request, quiet);
  EXPECT_EQ(session.experiment().total_runs, 3u);
  EXPECT_EQ(session.shard().index, 1u);
  EXPECT_EQ(session.range().end, 3u);
  EXPECT_FALSE(fs::exists(dir / "out"));
}

TEST(RunSession, AFolderThatCannotBeMadeIsAWriteError) {
  test::TempDir dir;
  SessionRequest request = request_for(dir);
  request.out = dir.write("plain-file", "x") / "out";
  SessionObserver quiet;
  Session session = Session::prepare(request, quiet);
  try {
    session.run(quiet);
    FAIL() << "no error";
  } catch (const WriteError& e) {
    EXPECT_EQ(e.exit_code(), kExitWriteFailure);
    EXPECT_NE(std::string(e.what()).find("cannot create the results folder"), std::string::npos);
  }
}

TEST(RunSession, StatusesAreWrittenAsTheirNames) {
  EXPECT_STREQ(status_name(SessionStatus::kRunning), "running");
  EXPECT_STREQ(status_name(SessionStatus::kCompleted), "completed");
  EXPECT_STREQ(status_name(SessionStatus::kInterrupted), "interrupted");
  EXPECT_STREQ(status_name(SessionStatus::kFailed), "failed");
}

// ---- exit codes ----------------------------------------------------------------------------

// No input is known to reach main() with an unforeseen exception, so the mapping main() uses
// is checked here: only plab::Error carries its own code; anything else is a bug.
TEST(ExitCodes, AnUnforeseenExceptionIsAnInternalError) {
  EXPECT_EQ(exit_code_for(std::logic_error("x")), kExitInternalError);
  EXPECT_EQ(exit_code_for(std::bad_alloc()), kExitInternalError);
  try {
    PLAB_CHECK(1 + 1 == 3);
  } catch (const std::exception& e) {
    EXPECT_EQ(exit_code_for(e), kExitInternalError);
  }
  EXPECT_EQ(kExitInternalError, 70);
  EXPECT_EQ(exit_code_for(ConfigError("x")), kExitBadInput);
  EXPECT_EQ(exit_code_for(ResultsError("x")), kExitBadInput);
  EXPECT_EQ(exit_code_for(PluginError("x")), kExitPluginFailure);
  EXPECT_EQ(exit_code_for(WriteError("x")), kExitWriteFailure);
  EXPECT_EQ(kExitWriteFailure, 4);
}

// `plab verify` whose verify.json cannot be written (a file size limit: root writes anywhere,
// so permissions cannot stop it; a folder in the way is exit 2) ends with 4.
TEST(ExitCodes, AVerdictThatCannotBeWrittenExits4) {
  test::TempDir dir;
  const fs::path config = dir.write("c.json", kConfig);
  ASSERT_EQ(test::run_plab(
                {"run", config.string(), "--out", (dir / "out").string(), "--no-report", "--quiet"})
                .exit_code,
            0);
  const auto r = test::run_plab_with_file_size_limit({"verify", (dir / "out").string()}, 600);
  EXPECT_EQ(r.exit_code, 4) << r.out << r.err;
  EXPECT_NE(r.err.find("plab: error: writing '"), std::string::npos) << r.err;
}

// The usage text lists the new codes.
TEST(ExitCodes, TheUsageTextNamesThem) {
  const auto r = test::run_plab({"--help"});
  EXPECT_EQ(r.exit_code, 0);
  std::string text = r.out;  // the lines are wrapped wherever the words fall
  std::replace(text.begin(), text.end(), '\n', ' ');
  EXPECT_NE(text.find("4 results or output could not be written"), std::string::npos) << r.out;
  EXPECT_NE(text.find("5 a claim cannot be decided (check)"), std::string::npos) << r.out;
  EXPECT_NE(text.find("70 internal error"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace plab
