// Links and FIFOs planted at the names of plab's own files in a results folder (.plab.lock,
// .plab.reserve, timings.jsonl, runs.jsonl) and beside an SQLite database (DB-journal), through
// the binary: a link must never carry plab's writes to a file outside the folder, and a FIFO
// must never make plab wait for ever. Each case checks the file outside is left as it was.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "support/export_folders.hpp"
#include "support/process.hpp"
#include "support/temp_dir.hpp"
#include "support/troubleshooting.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;
using test::run_plab;

constexpr const char* kPrecious = "precious\n";

// A tiny finished folder dir/r whose manifest says interrupted and whose digest chain ends after
// its first record: --resume runs the rest again, as after a kill.
fs::path interrupted_folder(const test::TempDir& dir) {
  const fs::path folder = test::run_tiny(dir, "r", test::tiny_config("43", test::kEtaLearner, 2));
  std::string manifest = test::read_file(folder / "manifest.json");
  const std::string done = "\"status\":\"completed\"";
  const auto at = manifest.find(done);
  EXPECT_NE(at, std::string::npos);
  manifest.replace(at, done.size(), "\"status\":\"interrupted\"");
  std::ofstream(folder / "manifest.json", std::ios::trunc) << manifest;
  const std::string digests = test::read_file(folder / "runs.sha256");
  std::ofstream(folder / "runs.sha256", std::ios::trunc)
      << digests.substr(0, digests.find('\n') + 1);
  return folder;
}

fs::path victim(const test::TempDir& dir) { return dir.write("victim.txt", kPrecious); }

test::ProcessResult resume(const fs::path& folder) {
  return run_plab({"run", "--resume", folder.string(), "--quiet", "--no-report"});
}

void expect_refused(const test::ProcessResult& r, const fs::path& file, const std::string& what) {
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("'" + file.string() + "' " + what), std::string::npos) << r.err;
}

// A link to a file outside planted at .plab.lock: --resume would write its PID into it and
// empty it at the end.
void expect_linked_lock_refused(bool hard, const std::string& what) {
  test::TempDir dir;
  const fs::path folder = interrupted_folder(dir);
  const fs::path outside = victim(dir);
  fs::remove(folder / ".plab.lock");
  if (hard) {
    fs::create_hard_link(outside, folder / ".plab.lock");
  } else {
    fs::create_symlink(outside, folder / ".plab.lock");
  }
  expect_refused(resume(folder), folder / ".plab.lock", what);
  EXPECT_EQ(test::read_file(outside), kPrecious);
}

TEST(PlantedOwnFiles, LockThatIsASymbolicLinkIsRefusedByResume) {
  expect_linked_lock_refused(false, "is not a regular file (it is a symbolic link)");
}

TEST(PlantedOwnFiles, LockThatIsAHardLinkIsRefusedByResume) {
  expect_linked_lock_refused(true, "has other names (2 hard links");
  EXPECT_TRUE(test::in_troubleshooting("hard links to one file"));
}

TEST(PlantedOwnFiles, LockThatIsAFifoIsRefusedByResume) {
  test::TempDir dir;
  const fs::path folder = interrupted_folder(dir);
  fs::remove(folder / ".plab.lock");
  ASSERT_EQ(mkfifo((folder / ".plab.lock").c_str(), 0600), 0);
  expect_refused(resume(folder), folder / ".plab.lock", "is not a regular file (it is a FIFO)");
}

TEST(PlantedOwnFiles, ReserveThatIsAFifoIsReplacedNotWaitedOn) {
  test::TempDir dir;
  const fs::path folder = interrupted_folder(dir);
  ASSERT_EQ(mkfifo((folder / ".plab.reserve").c_str(), 0600), 0);
  const auto r = resume(folder);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_FALSE(fs::exists(fs::symlink_status(folder / ".plab.reserve")));
  EXPECT_NE(test::read_file(folder / "manifest.json").find("\"status\":\"completed\""),
            std::string::npos);
}

TEST(PlantedOwnFiles, ReserveThatIsASymbolicLinkIsReplacedItsTargetUntouched) {
  test::TempDir dir;
  const fs::path folder = interrupted_folder(dir);
  const fs::path outside = victim(dir);
  fs::create_symlink(outside, folder / ".plab.reserve");
  EXPECT_EQ(resume(folder).exit_code, 0);
  EXPECT_EQ(test::read_file(outside), kPrecious);
  EXPECT_FALSE(fs::exists(fs::symlink_status(folder / ".plab.reserve")));
}

class LinkedRecordFile : public ::testing::TestWithParam<const char*> {};

TEST_P(LinkedRecordFile, SymbolicLinkIsRefusedByResume) {
  test::TempDir dir;
  const fs::path folder = interrupted_folder(dir);
  const fs::path outside = dir.path() / "outside";
  fs::copy_file(folder / GetParam(), outside);
  const std::string before = test::read_file(outside);
  fs::remove(folder / GetParam());
  fs::create_symlink(outside, folder / GetParam());
  expect_refused(resume(folder), folder / GetParam(),
                 "is not a regular file (it is a symbolic link)");
  EXPECT_EQ(test::read_file(outside), before);
}

TEST_P(LinkedRecordFile, HardLinkIsRefusedByResume) {
  test::TempDir dir;
  const fs::path folder = interrupted_folder(dir);
  const fs::path outside = dir.path() / "outside";
  fs::create_hard_link(folder / GetParam(), outside);
  const std::string before = test::read_file(outside);
  expect_refused(resume(folder), folder / GetParam(), "has other names (2 hard links");
  EXPECT_EQ(test::read_file(outside), before);
}

INSTANTIATE_TEST_SUITE_P(Files, LinkedRecordFile,
                         ::testing::Values("timings.jsonl", "runs.jsonl", "runs.sha256"));

TEST(PlantedOwnFiles, FifoAtADatabaseJournalIsRefusedByExportAndQuery) {
  test::TempDir dir;
  const fs::path folder = test::run_tiny(dir, "r", test::tiny_config("44", test::kEtaLearner, 2));
  const fs::path db = dir.path() / "q.db";
  ASSERT_EQ(run_plab({"export", folder.string(), "--sqlite", db.string()}).exit_code, 0);
  const std::string before = test::read_file(db);
  const fs::path journal = dir.path() / "q.db-journal";
  ASSERT_EQ(mkfifo(journal.c_str(), 0600), 0);
  const std::string said = "'" + journal.string() + "' beside the SQLite database";
  auto r = run_plab({"export", folder.string(), "--sqlite", db.string()});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find(said + " '" + db.string() + "' is a FIFO"), std::string::npos) << r.err;
  r = run_plab({"report", db.string(), "--query", "SELECT mistakes FROM runs", "--out",
                (dir.path() / "o").string()});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find(said), std::string::npos) << r.err;
  EXPECT_EQ(test::read_file(db), before);
  EXPECT_TRUE(fs::is_fifo(fs::symlink_status(journal)));
  EXPECT_TRUE(test::in_troubleshooting("not a journal SQLite wrote"));
}

// A folder at a name the session writes whole at its end (or at its NAME.tmp): refused before
// any run, exit 2, the folder named and left as it is; formerly every run went by and the
// session failed at the end (exit 4) with advice about free space.
class FolderAtAWrittenFile : public ::testing::TestWithParam<const char*> {};

TEST_P(FolderAtAWrittenFile, IsRefusedByResumeBeforeAnyRun) {
  test::TempDir dir;
  const fs::path folder = interrupted_folder(dir);
  fs::remove(folder / GetParam());
  fs::create_directories(folder / GetParam() / "mine");
  const std::string runs_before = test::read_file(folder / "runs.sha256");
  expect_refused(resume(folder), folder / GetParam(), "is not a regular file (it is a folder)");
  EXPECT_TRUE(fs::is_directory(folder / GetParam() / "mine"));
  EXPECT_EQ(test::read_file(folder / "runs.sha256"), runs_before);
  EXPECT_NE(test::read_file(folder / "manifest.json").find("\"status\":\"interrupted\""),
            std::string::npos);
}

INSTANTIATE_TEST_SUITE_P(Names, FolderAtAWrittenFile,
                         ::testing::Values("summary.json", "summary.csv", "summary.json.tmp",
                                           "summary.csv.tmp", "manifest.json.tmp"),
                         [](const auto& info) {
                           std::string name = info.param;
                           for (char& c : name)
                             if (c == '.') c = '_';
                           return name;
                         });

// A `cp -al` backup beside a folder links each of its files, .plab.lock among them: the readers
// take their shared lock through the hard-linked lock (they write nothing through it), and the
// original folder stays readable; only --resume, which writes the lock, refuses it.
TEST(PlantedOwnFiles, AHardLinkedBackupLeavesTheFolderReadable) {
  test::TempDir dir;
  const fs::path folder = test::run_tiny(dir, "r", test::tiny_config("47", test::kEtaLearner, 2));
  const fs::path backup = dir.path() / "r.bak";
  fs::create_directory(backup);
  for (const auto& entry : fs::directory_iterator(folder))
    fs::create_hard_link(entry.path(), backup / entry.path().filename());
  ASSERT_GT(fs::hard_link_count(folder / ".plab.lock"), 1U);
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"verify", folder.string()},
        {"export", folder.string(), "--csv", (dir.path() / "o.csv").string()},
        {"report", folder.string()},
        {"verify", backup.string()}}) {
    const auto r = run_plab(args);
    EXPECT_EQ(r.exit_code, 0) << args[0] << ": " << r.err;
    EXPECT_EQ(r.err.find("has other names"), std::string::npos) << args[0] << ": " << r.err;
  }
  expect_refused(resume(folder), folder / ".plab.lock", "has other names (2 hard links");
}

// A folder where a command writes a file whole (verify.json, or its temporary verify.json.tmp):
// exit 2 naming it, the folder and what it holds left as they were; formerly exit 4 "Is a
// directory", the answer of a failed write.
class FolderWhereVerifyWrites : public ::testing::TestWithParam<const char*> {};

TEST_P(FolderWhereVerifyWrites, IsNamedAndLeftAsItWas) {
  test::TempDir dir;
  const fs::path folder = test::run_tiny(dir, "r", test::tiny_config("48", test::kEtaLearner, 2));
  fs::remove(folder / GetParam());
  fs::create_directories(folder / GetParam() / "mine");
  const auto r = run_plab({"verify", folder.string()});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("'" + (folder / GetParam()).string() +
                       "' is a folder; plab writes a file there: remove or rename the folder"),
            std::string::npos)
      << r.err;
  EXPECT_TRUE(fs::is_directory(folder / GetParam() / "mine"));
  EXPECT_TRUE(test::in_troubleshooting("is a folder; plab writes a file there"));
}

INSTANTIATE_TEST_SUITE_P(Names, FolderWhereVerifyWrites,
                         ::testing::Values("verify.json", "verify.json.tmp"), [](const auto& info) {
                           std::string name = info.param;
                           for (char& c : name)
                             if (c == '.') c = '_';
                           return name;
                         });

TEST(PlantedOwnFiles, ExportIntoAHardLinkOfAFoldersLockIsRefused) {
  test::TempDir dir;
  const fs::path folder = test::run_tiny(dir, "r", test::tiny_config("45", test::kEtaLearner, 2));
  const fs::path other = test::run_tiny(dir, "s", test::tiny_config("46", test::kEtaLearner, 2));
  const fs::path db = dir.path() / "runs.db";
  fs::create_hard_link(other / ".plab.lock", db);
  const auto r = run_plab({"export", folder.string(), "--sqlite", db.string()});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("'" + db.string() +
                       "' has other names (2 hard links to one file): plab "
                       "export writes only a file of its own"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(fs::file_size(db), 0U);
  EXPECT_TRUE(test::in_troubleshooting("plab export writes only a file of its own"));
}

}  // namespace
}  // namespace plab
