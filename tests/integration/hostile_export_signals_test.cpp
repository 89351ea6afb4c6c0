// Signals during plab export and plab report, through the real binary: a second Ctrl-C while
// the export cleans up after the first, SIGPIPE and SIGXFSZ sent by another process (answered
// as SIGINT is, with 128 + N) next to the same signals raised by the kernel for plab's own
// writes (a closed stdout, a file size limit), which plab ignores so that the write fails
// instead (docs/exit-codes.md), a signal while a comparison's files are written; and a
// database another process holds, which report --query waits for as export does.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <functional>
#include <memory>
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

// Starts plab with `args` (no shell), its stderr into DIR/plab.err: for the tests that must act
// between signalling it and waiting for it.
pid_t spawn_plab(const std::vector<std::string>& args, const test::TempDir& d) {
  std::vector<char*> argv{const_cast<char*>(PLAB_BINARY)};
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  const std::string err = (d / "plab.err").string();
  const pid_t pid = ::fork();
  if (pid == 0) {
    const int fd = ::open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int null = ::open("/dev/null", O_WRONLY);
    if (fd < 0 || null < 0) ::_exit(127);
    ::dup2(null, 1);
    ::dup2(fd, 2);
    ::execv(PLAB_BINARY, argv.data());
    ::_exit(127);
  }
  return pid;
}

// The exit status of spawn_plab's `pid` (128 + N when signal N ended it) and its stderr.
std::pair<int, std::string> wait_for(pid_t pid, const test::TempDir& d) {
  int status = 0;
  ::waitpid(pid, &status, 0);
  const int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return {code, read_file(d / "plab.err")};
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
    const pid_t pid = spawn_plab({"export", big_.string(), "--sqlite", db.string()}, *dir_);
    const fs::path journal = db.string() + "-journal";
    for (int k = 0; k < 10000 && !fs::exists(journal); ++k) ::usleep(2000);
    ::kill(pid, signal);
    ::usleep(1000);
    ::kill(pid, signal);
    return wait_for(pid, *dir_);
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
  EXPECT_TRUE(read_file(db) == before) << "the database changed";
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
    EXPECT_TRUE(read_file(db) == before) << "the database changed";
    EXPECT_FALSE(fs::exists(db.string() + "-journal"));
  }
  EXPECT_TRUE(test::in_troubleshooting("interrupted by signal 13 (Broken pipe)"));
}

// export --sqlite DB --csv CSV writes the CSV to a temporary file first, then the database,
// and puts the CSV in place last. A signal in either step leaves both files as they were, and
// the message names both: at the CSV's temporary file (the database not yet opened) and at
// the database's journal (the CSV whole in its temporary file).
TEST_F(ExportSignals, ASignalWithSqliteAndCsvSaysWhatBecameOfBoth) {
  const auto csv_temp_in = [](const fs::path& folder, const std::string& csv) {
    for (const auto& entry : fs::directory_iterator(folder)) {
      if (entry.path().filename().string().rfind("." + csv + ".tmp-", 0) == 0) return true;
    }
    return false;
  };
  const fs::path folder = *dir_ / "both";
  fs::create_directories(folder);
  const fs::path db = folder / "both.db";
  fs::copy_file(*dir_ / "runs.db", db);
  const std::string before = read_file(db);
  const auto export_both = [&](int signal, const std::function<bool()>& ready) {
    return test::run_plab_and_signal_when(
        {"export", big_.string(), "--sqlite", db.string(), "--csv", (folder / "x.csv").string()},
        signal, ready);
  };
  const auto while_csv = export_both(SIGINT, [&] { return csv_temp_in(folder, "x.csv"); });
  EXPECT_EQ(while_csv.exit_code, 130) << while_csv.err;
  EXPECT_NE(while_csv.err.find("x.csv"), std::string::npos) << while_csv.err;
  EXPECT_NE(while_csv.err.find("; the database '" + db.string() +
                               "' was not opened: it is as it was before"),
            std::string::npos)
      << while_csv.err;
  const auto while_db = export_both(SIGTERM, [&] { return fs::exists(db.string() + "-journal"); });
  EXPECT_EQ(while_db.exit_code, 130) << while_db.err;
  EXPECT_NE(while_db.err.find("'" + db.string() + "' is as it was before"), std::string::npos)
      << while_db.err;
  EXPECT_NE(while_db.err.find("; --csv '" + (folder / "x.csv").string() +
                              "' was not written either: it is as it was before"),
            std::string::npos)
      << while_db.err;
  EXPECT_TRUE(test::in_troubleshooting("was not opened: it is as it was before"));
  EXPECT_TRUE(test::in_troubleshooting("was not written either: it is as it was before"));
  // Both times: the database's bytes as they were, no CSV, no temporary file, no journal.
  EXPECT_TRUE(read_file(db) == before) << "the database changed";
  std::vector<std::string> left;
  for (const auto& entry : fs::directory_iterator(folder))
    left.push_back(entry.path().filename().string());
  EXPECT_EQ(left, std::vector<std::string>{"both.db"});
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
  EXPECT_TRUE(read_file(db) == before) << "the database changed";
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

// A database with two learners' runs and a query of them, for plab report DB --query.
fs::path two_learner_database(const test::TempDir& d) {
  const fs::path a = iris_folder(d, "a", 3, kPerceptron);
  const fs::path b = iris_folder(d, "b", 3, R"({"name": "v", "plugin": "averaged_perceptron"})");
  const auto r = run_plab({"export", a.string(), b.string(), "--sqlite", (d / "q.db").string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return d / "q.db";
}

const std::string kQuery =
    "SELECT r.point, r.learner, r.\"repeat\", p.seed, r.mistakes FROM runs r JOIN points p ON "
    "p.experiment_id = r.experiment_id AND p.point = r.point ORDER BY r.run";

// SIGINT while report.md and report.html are written (sent as the html's temporary file is
// opened): nothing is put in place.
TEST(ReportSignals, ASignalWhileTheComparisonIsWrittenWritesNothing) {
  test::TempDir d;
  const fs::path db = two_learner_database(d);
  const fs::path out = d / "cmp";
  fs::create_directory(out);
  const auto r = test::plab_signalled_at(
      "openat", out / ".report.html.new.tmp",
      {"report", db.string(), "--query", kQuery, "--out", out.string()}, "SIGINT");
  EXPECT_EQ(r.exit_code, 130) << r.err;
  EXPECT_NE(r.err.find("interrupted by signal 2 (Interrupt) while writing the comparison into"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("nothing was written"), std::string::npos) << r.err;
  for (const char* name : {"report.md", "report.html", ".report.md.new", ".report.html.new",
                           ".report.md.new.tmp", ".report.html.new.tmp"})
    EXPECT_FALSE(fs::exists(out / name)) << name;
  EXPECT_TRUE(test::in_troubleshooting("while writing the comparison into"));
}

// Another process's exclusive lock: report --query waits 10 s as export does, then says who
// holds the database, exit 4 as export's.
TEST(ReportLocks, ADatabaseAnotherProcessHoldsIsWaitedForThenNamed) {
  test::TempDir d;
  const fs::path db = two_learner_database(d);
  sqlite3* raw = nullptr;
  ASSERT_EQ(sqlite3_open(db.c_str(), &raw), SQLITE_OK);
  std::unique_ptr<sqlite3, int (*)(sqlite3*)> holder(raw, &sqlite3_close);
  ASSERT_EQ(sqlite3_exec(raw, "BEGIN EXCLUSIVE", nullptr, nullptr, nullptr), SQLITE_OK);
  const auto r = run_plab({"report", db.string(), "--query", kQuery, "--out", (d / "o").string()});
  EXPECT_EQ(r.exit_code, 4) << r.err;
  EXPECT_NE(r.err.find("cannot read the SQLite database"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("another process holds the database (plab waited 10 s"), std::string::npos)
      << r.err;
  EXPECT_FALSE(fs::exists(d / "o"));
  sqlite3_exec(raw, "ROLLBACK", nullptr, nullptr, nullptr);
  EXPECT_TRUE(test::in_troubleshooting("cannot read the SQLite database"));
}

}  // namespace
}  // namespace plab
