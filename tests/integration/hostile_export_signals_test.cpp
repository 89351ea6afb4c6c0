// Signals during plab export and plab report DIR, through the real binary: a second Ctrl-C
// while the export cleans up after the first, and SIGPIPE and SIGXFSZ sent by another process
// (answered as SIGINT is, with 128 + N), next to the same signals raised by the kernel for
// plab's own writes (a closed stdout, a file size limit), which plab ignores so that the write
// fails instead (docs/exit-codes.md).
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "support/process.hpp"
#include "support/temp_dir.hpp"
#include "support/troubleshooting.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;
using test::read_file;
using test::run_plab;

// A folder of `repeats` iris runs of `learners` (a few epochs each), with `protocol_extra`.
fs::path iris_folder(const test::TempDir& d, const std::string& name, int repeats,
                     const std::string& learners, const std::string& protocol_extra = "") {
  const fs::path config =
      d.write(name + ".json", R"({"name": "s", "seed": 3, "repeats": )" + std::to_string(repeats) +
                                  R"(, "dataset": {"kind": "csv", "path": ")" +
                                  std::string(PLAB_SOURCE_DIR) +
                                  R"(/data/iris.csv", "label": "species", "positive": ["setosa"]},
    "learners": [)" + learners +
                                  R"(], "init": {"kind": "gaussian"},
    "protocol": {"kind": "convergence", "max_epochs": 5, "order": "shuffle")" +
                                  protocol_extra + "}}");
  const auto r =
      run_plab({"run", config.string(), "--out", (d / name).string(), "--quiet", "--no-report"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return d / name;
}

const std::string kPerceptron = R"({"name": "p", "plugin": "perceptron"})";

class ExportSignals : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new test::TempDir();
    big_ = iris_folder(*dir_, "big", 6000, kPerceptron);
    small_ = iris_folder(*dir_, "small", 3, kPerceptron);
    const auto r = run_plab({"export", small_.string(), "--sqlite", (*dir_ / "runs.db").string()});
    EXPECT_EQ(r.exit_code, 0) << r.err;
  }
  static void TearDownTestSuite() {
    delete dir_;
    dir_ = nullptr;
  }

  // plab export of the big folder into `db`, sent `signal` once the export writes (its
  // journal exists).
  static test::ProcessResult export_signalled(const fs::path& db, int signal) {
    const fs::path journal = db.string() + "-journal";
    return test::run_plab_and_signal_when({"export", big_.string(), "--sqlite", db.string()},
                                          signal, [journal] { return fs::exists(journal); });
  }

  // The same with `signal` sent twice, 1 ms apart (a user pressing Ctrl-C twice): the exit
  // status and stderr.
  static std::pair<int, std::string> export_signalled_twice(const fs::path& db, int signal) {
    const fs::path err = *dir_ / "twice.err";
    const pid_t pid = ::fork();
    if (pid == 0) {
      const int fd = ::open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      const int null = ::open("/dev/null", O_WRONLY);
      if (fd < 0 || null < 0) ::_exit(127);
      ::dup2(null, 1);
      ::dup2(fd, 2);
      ::execl(PLAB_BINARY, PLAB_BINARY, "export", big_.c_str(), "--sqlite", db.c_str(),
              static_cast<char*>(nullptr));
      ::_exit(127);
    }
    const fs::path journal = db.string() + "-journal";
    for (int k = 0; k < 10000 && !fs::exists(journal); ++k) ::usleep(2000);
    ::kill(pid, signal);
    ::usleep(1000);
    ::kill(pid, signal);
    int status = 0;
    ::waitpid(pid, &status, 0);
    const int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    return {code, read_file(err)};
  }

  static test::TempDir* dir_;
  static fs::path big_;
  static fs::path small_;
};

test::TempDir* ExportSignals::dir_ = nullptr;
fs::path ExportSignals::big_;
fs::path ExportSignals::small_;

TEST_F(ExportSignals, ASecondCtrlCStillRemovesTheNewDatabase) {
  const fs::path db = *dir_ / "twice.db";
  const auto [code, err] = export_signalled_twice(db, SIGINT);
  EXPECT_EQ(code, 130) << err;
  // Ended by the second signal, plab would say nothing.
  EXPECT_NE(err.find("interrupted by signal 2 (Interrupt) during plab export"), std::string::npos)
      << err;
  EXPECT_FALSE(fs::exists(db));
  EXPECT_FALSE(fs::exists(db.string() + "-journal"));
}

TEST_F(ExportSignals, ASecondSignalLeavesAnExistingDatabaseAsItWas) {
  const fs::path db = *dir_ / "twice-existing.db";
  fs::copy_file(*dir_ / "runs.db", db);
  const std::string before = read_file(db);
  const auto [code, err] = export_signalled_twice(db, SIGTERM);
  EXPECT_EQ(code, 130) << err;
  EXPECT_NE(err.find("is as it was before"), std::string::npos) << err;
  EXPECT_EQ(read_file(db), before);
  EXPECT_FALSE(fs::exists(db.string() + "-journal"));
}

TEST_F(ExportSignals, SigpipeAndSigxfszSentByKillStopTheExport) {
  for (const auto& [signal, code, words] :
       {std::tuple{SIGPIPE, 141, "interrupted by signal 13 (Broken pipe) during plab export"},
        std::tuple{SIGXFSZ, 153,
                   "interrupted by signal 25 (File size limit exceeded) during plab export"}}) {
    const fs::path db = *dir_ / ("killed-" + std::to_string(signal) + ".db");
    fs::copy_file(*dir_ / "runs.db", db);
    const std::string before = read_file(db);
    const auto r = export_signalled(db, signal);
    EXPECT_EQ(r.exit_code, code) << r.err;
    EXPECT_NE(r.err.find(words), std::string::npos) << r.err;
    EXPECT_EQ(read_file(db), before);
    EXPECT_FALSE(fs::exists(db.string() + "-journal"));
  }
  EXPECT_TRUE(test::in_troubleshooting("interrupted by signal 13 (Broken pipe)"));
}

// The kernel's own SIGXFSZ (a write past `ulimit -f`) is no request to stop: the write fails
// and the export says why, exit 4, the database as it was.
TEST_F(ExportSignals, AFileSizeLimitIsStillAWriteFailure) {
  const fs::path db = *dir_ / "limited.db";
  fs::copy_file(*dir_ / "runs.db", db);
  const std::string before = read_file(db);
  const auto r = test::run_plab_with_file_size_limit(
      {"export", big_.string(), "--sqlite", db.string()}, fs::file_size(db) + 8192);
  EXPECT_EQ(r.exit_code, 4) << r.err;
  EXPECT_NE(r.err.find("the file size limit (ulimit -f) was reached"), std::string::npos) << r.err;
  EXPECT_EQ(read_file(db), before);
}

// plab report DIR: SIGPIPE sent while it draws ends it as SIGINT does, 141.
TEST(ReportSignals, SigpipeSentWhileTheReportIsDrawn) {
  test::TempDir d;
  const fs::path folder =
      iris_folder(d, "o", 40, kPerceptron + R"(, {"name": "a", "plugin": "averaged_perceptron"})",
                  R"(, "record_curve": true)");
  const auto r = test::run_plab_and_signal_when({"report", folder.string()}, SIGPIPE, [folder] {
    return fs::exists(folder / "plots") && !fs::is_empty(folder / "plots");
  });
  EXPECT_EQ(r.exit_code, 141) << r.err;
  EXPECT_NE(r.err.find("interrupted by signal 13 (Broken pipe) while writing the report of"),
            std::string::npos)
      << r.err;
  EXPECT_FALSE(fs::exists(folder / "report.md"));
  EXPECT_FALSE(fs::exists(folder / "report.html"));
}

}  // namespace
}  // namespace plab
