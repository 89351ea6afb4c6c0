// Targets that are not files, signals, a full disk and a folder marked completed with records
// missing, through the real binary: `plab convert` replaces only a regular file and cleans up
// after a signal, `plab verify --replay` ends at once on Ctrl-C, a failed write leaves a
// folder that says failed and verifies as unfinished, and --resume-if-present finishes what
// --resume would (docs/troubleshooting.md, docs/exit-codes.md).
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include <boost/json.hpp>
#include <csignal>
#include <filesystem>
#include <string>

#include "support/folder_edit.hpp"
#include "support/process.hpp"
#include "support/temp_dir.hpp"
#include "support/troubleshooting.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;
using test::read_file;
using test::run_plab;

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// The files whose name holds `part` in `dir` (temporary files left behind).
std::size_t files_named(const fs::path& dir, const std::string& part) {
  std::size_t n = 0;
  for (const auto& entry : fs::directory_iterator(dir))
    n += entry.path().filename().string().find(part) != std::string::npos ? 1 : 0;
  return n;
}

// A CSV large enough that converting it takes a while (about 20 MB).
fs::path big_csv(const test::TempDir& dir) {
  std::string text = "a,b,c,d,e,f,label\n";
  text.reserve(20u << 20);
  for (int i = 0; text.size() < (20u << 20); ++i) {
    const std::string v = std::to_string(i % 977) + ".25";
    text += v + "," + v + ",0," + v + ",1.5," + v + (i % 2 ? ",x\n" : ",y\n");
  }
  return dir.write("big.csv", text);
}

// Iris, `positive` against the rest, from Gaussian starts in shuffled order, as DIR/c.json.
fs::path iris_config(const test::TempDir& dir, int seed, int repeats, const std::string& positive,
                     int max_epochs) {
  return dir.write("c.json",
                   R"({"name": "iris", "seed": )" + std::to_string(seed) + R"(, "repeats": )" +
                       std::to_string(repeats) + R"(, "dataset": {"kind": "csv", "path": ")" +
                       std::string(PLAB_SOURCE_DIR) +
                       R"(/data/iris.csv", "label": "species", "positive": [")" + positive + R"("]},
    "learners": [{"name": "p", "plugin": "perceptron"}], "init": {"kind": "gaussian"},
    "protocol": {"kind": "convergence", "max_epochs": )" +
                       std::to_string(max_epochs) + R"(, "order": "shuffle"}})");
}

// ---- convert: only a regular file is replaced ------------------------------------------

TEST(ConvertTargets, ADeviceNodeIsRefusedWithForceAndLeftAsItWas) {
  test::TempDir dir;
  const fs::path in = dir.write("in.csv", "a,label\n1,x\n2,y\n");
  const fs::path node = dir / "null.svm";
  // A character device with /dev/null's numbers, in the test's own folder (tests run as root).
  ASSERT_EQ(::mknod(node.c_str(), S_IFCHR | 0666, ::makedev(1, 3)), 0) << "mknod needs root";
  for (const bool force : {true, false}) {
    std::vector<std::string> args{"convert", in.string(), node.string()};
    if (force) args.push_back("--force");
    const auto r = run_plab(args);
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_TRUE(contains(r.err,
                         "is a character device; plab convert writes a regular file and "
                         "replaces only a regular file"))
        << r.err;
    EXPECT_TRUE(fs::is_character_file(fs::symlink_status(node)));
  }
  EXPECT_EQ(files_named(dir.path(), ".tmp-"), 0u);
  EXPECT_TRUE(test::in_troubleshooting("replaces only a regular file"));
}

TEST(ConvertTargets, AFifoASymlinkAndAFolderAreRefusedEvenWithForce) {
  test::TempDir dir;
  const fs::path in = dir.write("in.svm", "1 1:2\n-1 2:3\n");
  const fs::path fifo = dir / "pipe.csv";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0644), 0);
  const fs::path target = dir.write("target.csv", "kept\n");
  const fs::path link = dir / "link.csv";
  fs::create_symlink(target, link);
  fs::create_directory(dir / "folder.csv");
  const std::pair<fs::path, std::string> cases[] = {{fifo, "is a FIFO (named pipe)"},
                                                    {link, "is a symbolic link"},
                                                    {dir / "folder.csv", "is a folder"}};
  for (const auto& [out, says] : cases) {
    const auto r = run_plab({"convert", in.string(), out.string(), "--force"});
    EXPECT_EQ(r.exit_code, 2) << out << r.err;
    EXPECT_TRUE(contains(r.err, says)) << r.err;
  }
  EXPECT_TRUE(fs::is_fifo(fs::symlink_status(fifo)));
  EXPECT_TRUE(fs::is_symlink(fs::symlink_status(link)));
  EXPECT_EQ(read_file(target), "kept\n");
  EXPECT_EQ(files_named(dir.path(), ".tmp-"), 0u);
  // A regular file is still replaced with --force.
  const auto ok = run_plab({"convert", in.string(), target.string(), "--force"});
  EXPECT_EQ(ok.exit_code, 0) << ok.err;
  EXPECT_EQ(read_file(target), "f1,f2,label\n2,0,1\n0,3,-1\n");
}

// ---- convert and verify --replay under a signal ------------------------------------------

TEST(ConvertSignals, SigtermMidwayRemovesTheTemporaryFileAndExits130) {
  test::TempDir dir;
  const fs::path in = big_csv(dir);
  const fs::path out = dir / "big.svm";
  const auto writing = [&] {
    for (const auto& entry : fs::directory_iterator(dir.path())) {
      std::error_code ec;
      if (entry.path().filename().string().rfind(".big.svm.tmp-", 0) == 0 &&
          fs::file_size(entry.path(), ec) > 0)
        return true;
    }
    return false;
  };
  for (const int signal : {SIGTERM, SIGINT}) {
    // SIGINT as a background job gets it: ignored on entry, caught all the same.
    const auto r = test::run_plab_and_signal_when({"convert", in.string(), out.string()}, signal,
                                                  writing, "", signal == SIGINT);
    EXPECT_EQ(r.exit_code, 130) << r.err;
    EXPECT_TRUE(contains(r.err, "interrupted by signal " + std::to_string(signal)) &&
                contains(r.err, "the output was not written (its temporary file is removed)"))
        << r.err;
    EXPECT_FALSE(fs::exists(out));
    EXPECT_EQ(files_named(dir.path(), ".tmp-"), 0u);
  }
}

TEST(VerifySignals, CtrlCDuringAReplayEndsItAtOnceWith130) {
  test::TempDir dir;
  // One long run on data that is not separable (versicolor against the rest): replaying it
  // takes seconds, and a signal in the middle of it is answered at once.
  const fs::path out = test::run_into_folder(dir, R"({"name": "long", "seed": 3, "repeats": 1,
    "dataset": {"kind": "csv", "path": ")" + std::string(PLAB_SOURCE_DIR) +
                                                      R"(/data/iris.csv", "label": "species",
                "positive": ["versicolor"]},
    "learners": [{"name": "p", "plugin": "perceptron"}], "theory": {"margin": "none"},
    "protocol": {"kind": "convergence", "max_epochs": 4000000}})");
  fs::remove(out / "verify.json");
  const auto started = std::chrono::steady_clock::now();
  const auto after_a_moment = [&] {
    return std::chrono::steady_clock::now() - started > std::chrono::milliseconds(300);
  };
  const auto r = test::run_plab_and_signal_when({"verify", out.string(), "--replay", "1"}, SIGINT,
                                                after_a_moment, "", true);
  EXPECT_EQ(r.exit_code, 130) << r.out << r.err;
  EXPECT_TRUE(contains(r.err,
                       "plab: interrupted by signal 2 (Interrupt); plab verify --replay "
                       "gave no verdict on"))
      << r.err;
  EXPECT_FALSE(fs::exists(out / "verify.json"));
  EXPECT_TRUE(test::in_troubleshooting("gave no verdict on"));
}

// ---- --resume-if-present on a folder marked completed with records missing -------------

TEST(ResumeIfPresent, ACompletedFolderMissingRecordsIsFinishedAsResumeWould) {
  test::TempDir dir;
  const fs::path file = iris_config(dir, 11, 9, "setosa", 50);
  const fs::path out = dir / "out";
  ASSERT_EQ(
      run_plab({"run", file.string(), "--out", out.string(), "--quiet", "--no-report"}).exit_code,
      0);
  const std::string whole = read_file(out / "runs.jsonl");
  // The last 4 records and their digests are lost; the manifest still says completed.
  auto lines = test::lines_of(out / "runs.jsonl");
  auto digests = test::lines_of(out / "runs.sha256");
  lines.resize(5);
  digests.resize(5);
  test::write_lines(out / "runs.jsonl", lines);
  test::write_lines(out / "runs.sha256", digests);
  const auto r = run_plab({"run", file.string(), "--out", out.string(), "--resume-if-present",
                           "--quiet", "--no-report"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_FALSE(contains(r.err, "nothing to do")) << r.err;
  EXPECT_TRUE(contains(r.err, "9 runs in its manifest, but its files do not hold them all"))
      << r.err;
  EXPECT_EQ(read_file(out / "runs.jsonl"), whole);
  // Complete now: a second call leaves it alone.
  const auto again = run_plab({"run", file.string(), "--out", out.string(), "--resume-if-present",
                               "--quiet", "--no-report"});
  EXPECT_EQ(again.exit_code, 0) << again.err;
  EXPECT_TRUE(contains(again.err, "is already complete; nothing to do")) << again.err;
  // An edited record is refused, as --resume refuses it.
  test::edit_record(out, test::any_record, [](boost::json::object& rec) { rec["mistakes"] = 0; });
  const auto edited = run_plab({"run", file.string(), "--out", out.string(), "--resume-if-present",
                                "--quiet", "--no-report"});
  EXPECT_EQ(edited.exit_code, 2) << edited.err;
  EXPECT_TRUE(contains(edited.err, "this record is not the one plab wrote")) << edited.err;
}

// ---- a full disk --------------------------------------------------------------------------

// A file size limit makes every write past it fail as a full disk does. The manifest says
// failed, no temporary file is left, and plab verify calls the folder unfinished (not
// changed after it was written); --resume then finishes it.
TEST(DiskFull, TheManifestSaysFailedNoTemporaryFileIsLeftAndVerifyCallsItUnfinished) {
  test::TempDir dir;
  const fs::path file = iris_config(dir, 4, 300, "virginica", 30);
  for (const unsigned long long limit : {20000ull, 45000ull}) {
    const fs::path out = dir / ("full" + std::to_string(limit));
    const auto full = test::run_plab_with_file_size_limit(
        {"run", file.string(), "--out", out.string(), "--threads", "2", "--quiet"}, limit);
    ASSERT_EQ(full.exit_code, 4) << full.err;
    EXPECT_TRUE(contains(full.err, "File too large")) << full.err;
    const auto manifest = boost::json::parse(read_file(out / "manifest.json")).as_object();
    EXPECT_EQ(manifest.at("status"), "failed");
    EXPECT_EQ(files_named(out, ".tmp"), 0u);
    EXPECT_EQ(files_named(out, ".plab.reserve"), 0u);
    // Every record on disk is whole and has its digest.
    EXPECT_EQ(test::lines_of(out / "runs.jsonl").size(),
              test::lines_of(out / "runs.sha256").size());
    const auto verify = run_plab({"verify", out.string()});
    EXPECT_FALSE(contains(verify.out + verify.err, "changed after it was written"))
        << verify.out << verify.err;
    EXPECT_TRUE(contains(verify.err, "the manifest says failed")) << verify.err;
    const auto resumed = run_plab({"run", "--resume", out.string(), "--quiet", "--no-report"});
    EXPECT_EQ(resumed.exit_code, 0) << resumed.err;
    EXPECT_EQ(run_plab({"verify", out.string()}).exit_code, 0);
  }
}

// merge copies the shards' records into a folder it renames into place at the end: under a file
// size limit the copy fails, the limit is named (SIGXFSZ is ignored), and nothing is left.
TEST(DiskFull, AMergeUnderAFileSizeLimitNamesItAndLeavesNothing) {
  test::TempDir dir;
  const fs::path file = iris_config(dir, 5, 300, "virginica", 30);
  for (const char* shard : {"0/2", "1/2"}) {
    const fs::path out = dir / (std::string("s") + shard[0]);
    const auto r = run_plab(
        {"run", file.string(), "--out", out.string(), "--shard", shard, "--quiet", "--no-report"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
  }
  ASSERT_GT(fs::file_size(dir / "s0" / "runs.jsonl"), 100000U);
  const auto r = test::run_plab_with_file_size_limit(
      {"merge", (dir / "m").string(), (dir / "s0").string(), (dir / "s1").string()}, 100000);
  EXPECT_EQ(r.exit_code, 4) << r.err;
  EXPECT_TRUE(contains(r.err, "failed: the file size limit (ulimit -f) was reached")) << r.err;
  EXPECT_TRUE(test::in_troubleshooting("failed: the file size limit (ulimit -f) was reached"));
  EXPECT_FALSE(fs::exists(dir / "m"));
  EXPECT_EQ(files_named(dir.path(), ".merging"), 0U);
}

}  // namespace
}  // namespace plab
