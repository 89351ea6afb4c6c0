// The margin oracle's work budget through the real binary: what it records depends on the
// data and the config, not on the machine's load; only a clock stop (theory.oracle_seconds)
// before the work budget gives another answer, and that answer is "undecided" with a reason
// that names the seconds.
#include <gtest/gtest.h>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/json.hpp>
#include <vector>

#include "support/oracle_theory.hpp"
#include "support/process.hpp"
#include "support/temp_dir.hpp"
#include "support/troubleshooting.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;
using test::note_of;
using test::read_file;
using test::reason_of;

// The three Iris species (Kesler points: 300 of dimension 15): Wolfe's method needs many
// iterations here, so a small work budget stops it with a hull point in hand.
std::string iris_config(const std::string& theory) {
  return R"({"name": "work", "seed": 3, "repeats": 2,
    "dataset": {"kind": "csv", "path": ")" +
         std::string(PLAB_SOURCE_DIR) + R"(/data/iris.csv", "label": "species"},
    "learners": [{"name": "m", "plugin": "multiclass_perceptron"}],
    "theory": )" +
         theory + R"(,
    "protocol": {"kind": "convergence", "max_epochs": 20}})";
}

struct OracleRun {
  test::ProcessResult process;
  std::string runs;            // runs.jsonl, byte for byte
  boost::json::object theory;  // points[0].theory of the manifest
};

OracleRun run_once(const test::TempDir& dir, const std::string& name, const std::string& config) {
  dir.write(name + ".json", config);
  OracleRun r;
  r.process = test::run_plab({"run", (dir / (name + ".json")).string(), "--out",
                              (dir / name).string(), "--no-report", "--quiet"});
  if (!fs::exists(dir / name / "manifest.json")) return r;
  r.runs = read_file(dir / name / "runs.jsonl");
  const auto manifest = boost::json::parse(read_file(dir / name / "manifest.json")).as_object();
  r.theory = manifest.at("points").as_array().at(0).as_object().at("theory").as_object();
  return r;
}

// Children that spin on the CPU until killed: the machine loaded while plab runs.
class BusyChildren {
 public:
  explicit BusyChildren(int count) {
    for (int i = 0; i < count; ++i) {
      const pid_t pid = ::fork();
      if (pid == 0) {
        volatile unsigned long spin = 0;
        for (;;) spin = spin + 1;
      }
      if (pid > 0) pids_.push_back(pid);
    }
  }
  ~BusyChildren() {
    for (const pid_t pid : pids_) {
      ::kill(pid, SIGKILL);  // only the children started above
      int status = 0;
      ::waitpid(pid, &status, 0);
    }
  }
  BusyChildren(const BusyChildren&) = delete;
  BusyChildren& operator=(const BusyChildren&) = delete;

 private:
  std::vector<pid_t> pids_;
};

TEST(OracleWork, TheWorkBudgetGivesTheSameRecordsOnALoadedMachine) {
  const test::TempDir dir;
  // 20,000 multiply-adds: a few passes over the 300 Kesler points, then Wolfe's method stops.
  const std::string config = iris_config(R"({"margin": "svm", "oracle_work": 20000})");
  const OracleRun quiet = run_once(dir, "quiet", config);
  OracleRun loaded;
  {
    const BusyChildren busy(4);
    loaded = run_once(dir, "loaded", config);
  }
  ASSERT_EQ(quiet.process.exit_code, 0) << quiet.process.err;
  ASSERT_EQ(loaded.process.exit_code, 0) << loaded.process.err;
  EXPECT_EQ(quiet.runs, loaded.runs);
  ASSERT_FALSE(quiet.runs.empty());
  // The work budget, not the clock, stopped it; its hull point still bounds rho* (recorded).
  const std::string note = note_of(quiet.theory, "nearest_hull_point");
  EXPECT_NE(note.find("stopped at its work budget (theory.oracle_work)"), std::string::npos)
      << note;
  EXPECT_EQ(note, note_of(loaded.theory, "nearest_hull_point"));
  EXPECT_TRUE(quiet.theory.at("rho_upper").is_number()) << reason_of(quiet.theory);
  EXPECT_NE(quiet.runs.find("\"rho_upper\":"), std::string::npos);
  EXPECT_EQ(quiet.runs.find("seconds"), std::string::npos) << "a time in runs.jsonl";
  // A larger budget finds more: the budget is what decides, and the records say so.
  const OracleRun more =
      run_once(dir, "more", iris_config(R"({"margin": "svm", "oracle_work": 20000000})"));
  ASSERT_EQ(more.process.exit_code, 0) << more.process.err;
  EXPECT_NE(more.runs, quiet.runs);
}

TEST(OracleWork, AClockStopBeforeTheWorkBudgetIsUndecidedWithTheSeconds) {
  const test::TempDir dir;
  const OracleRun r =
      run_once(dir, "clock", iris_config(R"({"margin": "svm", "oracle_seconds": 1e-9})"));
  ASSERT_EQ(r.process.exit_code, 0) << r.process.err;
  EXPECT_TRUE(r.theory.at("separable").is_null());
  EXPECT_TRUE(r.theory.at("rho_upper").is_null()) << "a figure that depends on the clock";
  const std::string reason = reason_of(r.theory);
  EXPECT_EQ(reason.rfind("undecided: the oracle's clock limit of 1e-09 s (theory.oracle_seconds) "
                         "stopped ",
                         0),
            0u)
      << reason;
  EXPECT_NE(reason.find("before its work budget (theory.oracle_work)"), std::string::npos)
      << reason;
  EXPECT_EQ(reason.find("iteration"), std::string::npos) << reason;
  EXPECT_TRUE(test::in_troubleshooting("undecided: the oracle's clock limit of")) << reason;
  EXPECT_NE(r.runs.find("\"separable\":null"), std::string::npos) << r.runs.substr(0, 400);
  EXPECT_NE(r.runs.find("\"rho_upper\":null"), std::string::npos) << r.runs.substr(0, 400);
}

TEST(OracleWork, AWorkBudgetThatIsNotAPositiveWholeNumberIsRefused) {
  const test::TempDir dir;
  for (const std::string bad : {"0", "1.5", "-3", "\"many\"", "1e300"}) {
    const OracleRun r =
        run_once(dir, "bad", iris_config(R"({"margin": "svm", "oracle_work": )" + bad + "}"));
    EXPECT_EQ(r.process.exit_code, 2) << bad << ": " << r.process.err;
    EXPECT_NE(r.process.err.find("/theory/oracle_work: expected an integer from 1 to "
                                 "9007199254740992"),
              std::string::npos)
        << r.process.err;
    EXPECT_FALSE(fs::exists(dir / "bad"));
  }
}

}  // namespace
}  // namespace plab
