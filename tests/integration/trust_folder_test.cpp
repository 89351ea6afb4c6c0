// The results folder keeps its promise under concurrent writers, odd shardings, edited files,
// hang-ups, closed pipes and memory limits — each through the real plab binary.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/json.hpp>
#include <csignal>
#include <fstream>
#include <sstream>

#include "support/process.hpp"
#include "support/records.hpp"
#include "support/temp_dir.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;
using test::read_file;
using test::run_plab;

boost::json::object manifest_of(const fs::path& dir) {
  return boost::json::parse(read_file(dir / "manifest.json")).as_object();
}

std::size_t lines_of(const fs::path& file) {
  const std::string text = read_file(file);
  return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

// Iris, setosa against the rest: `repeats` shuffled runs from random starts, no oracle.
fs::path iris_config(const test::TempDir& dir, int repeats, const std::string& name = "c.json",
                     const std::string& positive = "setosa", int max_epochs = 50) {
  return dir.write(name, R"({"name": "trust", "seed": 3, "repeats": )" + std::to_string(repeats) +
                             R"(, "dataset": {"kind": "csv", "path": ")" PLAB_SOURCE_DIR
                             R"(/data/iris.csv", "label": "species", "positive": [")" +
                             positive + R"("]},
    "learners": [{"name": "p", "plugin": "perceptron"}], "theory": {"margin": "none"},
    "init": {"kind": "gaussian"},
    "protocol": {"kind": "convergence", "max_epochs": )" +
                             std::to_string(max_epochs) + R"(, "order": "shuffle"}})");
}

// A job far longer than any test, for the tests that act while it runs and then stop it:
// 100,000 runs of 1,000 epochs on data that is not separable (versicolor), about 40 s in
// Release. (400,000 runs that converge in a few epochs were once long enough; since records
// are written faster, such a job could end before a test's `verify` of it did.)
fs::path long_iris_config(const test::TempDir& dir) {
  return iris_config(dir, 100000, "long.json", "versicolor", 1000);
}

// A plab child started by the test, its output in files, waited for explicitly. With a
// `gate`, it execs only once the gate pipe is closed, so two children start together.
struct Child {
  pid_t pid = -1;
  fs::path out, err;
  int exit_code = -1;  // once reaped
  int wait() {
    if (exit_code < 0) reap(0);
    return exit_code;
  }
  bool ended() { return exit_code >= 0 || reap(WNOHANG); }

 private:
  bool reap(int flags) {
    int status = 0;
    if (waitpid(pid, &status, flags) != pid) return false;
    exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    return true;
  }
};

struct ChildOptions {
  int gate = -1;        // read end of a pipe to wait on before exec
  int gate_write = -1;  // its write end, which the child must not hold
  int stdout_fd = -1;   // instead of the `out` file
};

Child start_plab(const std::vector<std::string>& args, const fs::path& io, const std::string& tag,
                 const ChildOptions& options = {}) {
  Child c;
  c.out = io / (tag + ".out");
  c.err = io / (tag + ".err");
  c.pid = fork();
  if (c.pid == 0) {
    const int out = options.stdout_fd >= 0
                        ? options.stdout_fd
                        : open(c.out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int err = open(c.err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (out < 0 || err < 0) _exit(127);
    dup2(out, 1);
    dup2(err, 2);
    if (options.gate_write >= 0) close(options.gate_write);
    if (options.gate >= 0) {
      char byte = 0;
      while (read(options.gate, &byte, 1) > 0) {
      }
    }
    // Whatever this test process ignores, plab starts with the default actions (an ignored
    // SIGPIPE would be inherited through exec and hide the closed-pipe case).
    std::signal(SIGPIPE, SIG_DFL);
    std::signal(SIGHUP, SIG_DFL);
    std::vector<char*> argv{const_cast<char*>(PLAB_BINARY)};
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    execv(PLAB_BINARY, argv.data());
    _exit(127);
  }
  return c;
}

// Waits (at most 20 s) until `file` holds a complete line.
void wait_for_line(const fs::path& file) {
  for (int k = 0; k < 10000; ++k) {
    std::error_code ec;
    if (fs::exists(file, ec) && read_file(file).find('\n') != std::string::npos) return;
    usleep(2000);
  }
}

// ---- one writer per folder ---------------------------------------------------------------

// Once `a` or `b` holds the lock of `dir` (its PID in the lock file), pauses it and returns
// its PID; -1 if both ended first (no lock file: a plab without the lock).
pid_t pause_the_holder(const fs::path& dir, Child& a, Child& b) {
  for (int k = 0; k < 200000; ++k) {
    std::error_code ec;
    if (fs::exists(dir / ".plab.lock", ec)) {
      const pid_t pid = std::atoi(read_file(dir / ".plab.lock").c_str());
      if (pid == a.pid || pid == b.pid) {
        kill(pid, SIGSTOP);
        return pid;
      }
    }
    if (a.ended() && b.ended()) return -1;
    usleep(100);
  }
  return -1;
}

// Two `plab run` into one new --out, started at the same instant, 50 times: every time one
// finishes a whole, valid folder and the other is refused naming the winner's PID. The
// holder of the lock is paused until the other has ended, so that the other surely tries
// while the lock is held, however the loaded machine schedules the two.
TEST(TrustFolder, TwoRunsIntoOneFolderAtOnceNeverMixOneIsRefusedNamingThePid) {
  test::TempDir dir;
  const fs::path config = iris_config(dir, 1500);
  for (int round = 0; round < 50; ++round) {
    const fs::path out = dir / ("out" + std::to_string(round));
    int gate[2];
    ASSERT_EQ(pipe(gate), 0);
    const std::vector<std::string> args{"run",         config.string(), "--out",     out.string(),
                                        "--no-report", "--quiet",       "--threads", "1"};
    Child a = start_plab(args, dir.path(), "a", {gate[0], gate[1]});
    Child b = start_plab(args, dir.path(), "b", {gate[0], gate[1]});
    close(gate[0]);
    close(gate[1]);  // both start now
    const pid_t holder = pause_the_holder(out, a, b);
    if (holder > 0) {
      Child& other = holder == a.pid ? b : a;
      other.wait();
      kill(holder, SIGCONT);
    }
    const int code_a = a.wait();
    const int code_b = b.wait();
    ASSERT_TRUE((code_a == 0 && code_b == 2) || (code_a == 2 && code_b == 0))
        << "round " << round << ": exits " << code_a << " and " << code_b << "\n"
        << read_file(a.err) << read_file(b.err);
    const Child& winner = code_a == 0 ? a : b;
    const Child& loser = code_a == 0 ? b : a;
    EXPECT_EQ(holder, winner.pid) << "round " << round;
    const std::string refusal = read_file(loser.err);
    EXPECT_NE(refusal.find("is in use: another plab (PID " + std::to_string(winner.pid) + ")"),
              std::string::npos)
        << "round " << round << ": " << refusal;
    const auto manifest = manifest_of(out);
    EXPECT_EQ(manifest.at("status"), "completed");
    EXPECT_EQ(manifest.at("sessions").as_array().size(), 1u) << "round " << round;
    EXPECT_EQ(lines_of(out / "runs.jsonl"), 1500u) << "round " << round;
    EXPECT_EQ(manifest.at("runs_written").to_number<std::size_t>(), 1500u);
    EXPECT_EQ(lines_of(out / "runs.sha256"), 1500u);
    const auto verify = run_plab({"verify", out.string()});
    EXPECT_EQ(verify.exit_code, 0) << verify.err;
    if (HasFailure()) return;
  }
}

TEST(TrustFolder, ResumeWhileAnotherPlabHoldsTheFolderIsRefused) {
  test::TempDir dir;
  const fs::path out = dir / "out";
  Child first = start_plab({"run", long_iris_config(dir).string(), "--out", out.string(),
                            "--no-report", "--quiet", "--threads", "1"},
                           dir.path(), "first");
  wait_for_line(out / "runs.jsonl");
  const auto second = run_plab({"run", "--resume", out.string(), "--quiet"});
  kill(first.pid, SIGINT);
  EXPECT_EQ(first.wait(), 130) << read_file(first.err);
  EXPECT_EQ(second.exit_code, 2) << second.err;
  EXPECT_NE(second.err.find("is in use: another plab (PID " + std::to_string(first.pid) + ")"),
            std::string::npos)
      << second.err;
  EXPECT_EQ(manifest_of(out).at("status"), "interrupted");  // the refused resume wrote nothing
}

// A shard that a plab is writing is not merged; reading a folder being written (verify)
// takes no lock and is not refused.
TEST(TrustFolder, MergeRefusesAShardBeingWrittenVerifyReadsIt) {
  test::TempDir dir;
  const fs::path shard = dir / "shard0";
  Child writer = start_plab({"run", long_iris_config(dir).string(), "--shard", "0/2", "--out",
                             shard.string(), "--no-report", "--quiet", "--threads", "1"},
                            dir.path(), "writer");
  wait_for_line(shard / "runs.jsonl");
  const auto merge = run_plab({"merge", (dir / "merged").string(), shard.string()});
  const auto verify = run_plab({"verify", shard.string()});
  kill(writer.pid, SIGINT);
  EXPECT_EQ(writer.wait(), 130) << read_file(writer.err);
  EXPECT_EQ(merge.exit_code, 2);
  EXPECT_NE(merge.err.find("is in use: another plab (PID " + std::to_string(writer.pid) + ")"),
            std::string::npos)
      << merge.err;
  EXPECT_FALSE(fs::exists(dir / "merged"));
  EXPECT_EQ(verify.err.find("is in use"), std::string::npos) << verify.err;
}

// A lock file left behind (here: naming a PID that is not running) does not block: the lock
// is the kernel's, released when its holder dies.
TEST(TrustFolder, ALockFileLeftBehindDoesNotBlockAndCountsAsEmpty) {
  test::TempDir dir;
  const fs::path out = dir / "out";
  fs::create_directories(out);
  std::ofstream(out / ".plab.lock") << "999999\n";
  const auto r =
      run_plab({"run", iris_config(dir, 3).string(), "--out", out.string(), "--no-report", "-q"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(lines_of(out / "runs.jsonl"), 3u);
  EXPECT_EQ(read_file(out / ".plab.lock"), "") << "a finished plab leaves no PID behind";
}

// ---- shards: more shards than runs ---------------------------------------------------------

void expect_shards_merge_to_unsharded(int repeats, std::size_t count,
                                      const std::vector<std::size_t>& sizes) {
  test::TempDir dir;
  const fs::path config = iris_config(dir, repeats);
  const auto whole = run_plab(
      {"run", config.string(), "--out", (dir / "whole").string(), "--no-report", "--quiet"});
  ASSERT_EQ(whole.exit_code, 0) << whole.err;
  std::vector<std::string> merge_args{"merge", (dir / "merged").string()};
  for (std::size_t i = 0; i < count; ++i) {
    const fs::path shard = dir / ("shard" + std::to_string(i));
    const auto r = run_plab({"run", config.string(), "--shard",
                             std::to_string(i) + "/" + std::to_string(count), "--out",
                             shard.string(), "--quiet"});
    ASSERT_EQ(r.exit_code, 0) << "shard " << i << ": " << r.err;
    EXPECT_EQ(lines_of(shard / "runs.jsonl"), sizes[i]) << "shard " << i;
    const auto manifest = manifest_of(shard);
    EXPECT_EQ(manifest.at("status"), "completed") << "shard " << i;
    EXPECT_EQ(manifest.at("runs_written").to_number<std::size_t>(), sizes[i]) << "shard " << i;
    merge_args.push_back(shard.string());
  }
  const auto merged = run_plab(merge_args);
  ASSERT_EQ(merged.exit_code, 0) << merged.err;
  EXPECT_EQ(read_file(dir / "merged" / "runs.jsonl"), read_file(dir / "whole" / "runs.jsonl"));
  EXPECT_EQ(read_file(dir / "merged" / "runs.sha256"), read_file(dir / "whole" / "runs.sha256"));
}

TEST(TrustFolder, OneRunInTwoShardsRunsItOnceAndTheEmptyShardMerges) {
  expect_shards_merge_to_unsharded(1, 2, {0, 1});
}

TEST(TrustFolder, ThreeRunsInFiveShardsRunEachOnce) {
  expect_shards_merge_to_unsharded(3, 5, {0, 1, 0, 1, 1});
}

TEST(TrustFolder, AMillionShardsAreAcceptedAndTooManyAreNamedAsSuch) {
  test::TempDir dir;
  const fs::path config = iris_config(dir, 2);
  const auto ok = run_plab({"run", config.string(), "--shard", "1/1000000", "--out",
                            (dir / "s").string(), "--quiet", "--no-report"});
  EXPECT_EQ(ok.exit_code, 0) << ok.err;
  EXPECT_EQ(lines_of(dir / "s" / "runs.jsonl"), 0u);
  const auto plan = run_plab({"run", config.string(), "--shard", "1/1000000", "--plan"});
  EXPECT_EQ(plan.exit_code, 0) << plan.err;
  EXPECT_NE(plan.out.find("shard 1/1000000 has no runs"), std::string::npos) << plan.out;
  const auto many = run_plab({"run", config.string(), "--shard", "0/2000000000", "--plan"});
  EXPECT_EQ(many.exit_code, 2);
  EXPECT_NE(many.err.find("--shard '0/2000000000' asks for 2000000000 shards; plab takes at "
                          "most 1000000000"),
            std::string::npos)
      << many.err;
}

// Runs 4 repeats as shards 0/2 and 1/2 into DIR/shard0 and DIR/shard1; returns the arguments
// of `plab merge DIR/merged DIR/shard0 DIR/shard1`.
std::vector<std::string> two_shards(const test::TempDir& dir) {
  const fs::path config = iris_config(dir, 4);
  std::vector<std::string> merge_args{"merge", (dir / "merged").string()};
  for (int i = 0; i < 2; ++i) {
    const fs::path shard = dir / ("shard" + std::to_string(i));
    const auto r = run_plab({"run", config.string(), "--shard", std::to_string(i) + "/2", "--out",
                             shard.string(), "--quiet", "--no-report"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    merge_args.push_back(shard.string());
  }
  return merge_args;
}

// A finished run of `repeats` into DIR/out, which it returns.
fs::path finished_run(const test::TempDir& dir, int repeats) {
  const fs::path out = dir / "out";
  const auto r = run_plab(
      {"run", iris_config(dir, repeats).string(), "--out", out.string(), "-q", "--no-report"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return out;
}

// "runs 66 to 133 were expected" meant 66 to 132: the range named is inclusive.
TEST(TrustFolder, MergeNamesTheExpectedRunsInclusively) {
  test::TempDir dir;
  const std::vector<std::string> merge_args = two_shards(dir);
  ASSERT_FALSE(HasFailure());
  const auto shard1 = manifest_of(dir / "shard1").at("shard").as_object();
  const auto first = shard1.at("first_run").to_number<std::size_t>();
  const auto end = shard1.at("end_run").to_number<std::size_t>();
  ASSERT_EQ(end - first, 2u);
  // Drop shard 1's last record: it holds 1 of the runs first..end-1.
  const std::string runs = read_file(dir / "shard1" / "runs.jsonl");
  std::ofstream(dir / "shard1" / "runs.jsonl", std::ios::trunc)
      << runs.substr(0, runs.find('\n') + 1);
  const auto r = run_plab(merge_args);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("holds 1 runs where runs " + std::to_string(first) + " to " +
                       std::to_string(end - 1) + " were expected"),
            std::string::npos)
      << r.err;
}

// A shard whose record was edited, or one of another plab version, is not merged.
TEST(TrustFolder, MergeRefusesAnEditedShardAndOneOfAnotherVersion) {
  test::TempDir dir;
  const std::vector<std::string> merge_args = two_shards(dir);
  ASSERT_FALSE(HasFailure());
  const fs::path runs = dir / "shard1" / "runs.jsonl";
  const std::string original = read_file(runs);
  std::string edited = original;
  // A value still in range (a norm >= 0): only the digest chain can tell the edit.
  const std::size_t at = edited.find("\"w_norm\":") + 9;
  edited[at] = edited[at] == '9' ? '8' : '9';
  std::ofstream(runs, std::ios::trunc) << edited;
  const auto r = run_plab(merge_args);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("shard1/runs.jsonl:1: this record is not the one plab wrote"),
            std::string::npos)
      << r.err;
  EXPECT_FALSE(fs::exists(dir / "merged"));

  std::ofstream(runs, std::ios::trunc) << original;
  auto manifest = manifest_of(dir / "shard1");
  manifest["context"].as_object()["plab_version"] = "0.0.1";
  std::ofstream(dir / "shard1" / "manifest.json", std::ios::trunc)
      << boost::json::serialize(manifest);
  const auto v = run_plab(merge_args);
  EXPECT_EQ(v.exit_code, 2);
  EXPECT_NE(v.err.find("shard1' was written by plab 0.0.1 and '"), std::string::npos) << v.err;
}

// ---- resume checks every record and the plab version ---------------------------------------

TEST(TrustFolder, ResumeRefusesAnEditedMiddleRecord) {
  test::TempDir dir;
  const fs::path out = finished_run(dir, 5);
  ASSERT_FALSE(HasFailure());
  // Untouched, a resume of the finished folder is accepted and changes nothing.
  const std::string before = read_file(out / "runs.jsonl");
  const auto again = run_plab({"run", "--resume", out.string(), "-q", "--no-report"});
  EXPECT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(read_file(out / "runs.jsonl"), before);
  // Record 3's "train_error" edited, the line still valid JSON of the same run.
  std::string text = before;
  std::size_t line3 = 0;
  for (int k = 0; k < 2; ++k) line3 = text.find('\n', line3) + 1;
  const std::size_t at = text.find("\"train_error\":", line3);
  ASSERT_LT(at, text.find('\n', line3));
  text.replace(at, 15, "\"train_error\":9");  // 0.04 becomes 9.04
  std::ofstream(out / "runs.jsonl", std::ios::trunc) << text;
  const auto r = run_plab({"run", "--resume", out.string(), "-q", "--no-report"});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("runs.jsonl:3: this record is not the one plab wrote"), std::string::npos)
      << r.err;
  EXPECT_EQ(read_file(out / "runs.jsonl"), text) << "a refused resume changes nothing";
}

TEST(TrustFolder, ResumeRefusesRecordsWithoutDigests) {
  test::TempDir dir;
  const fs::path out = finished_run(dir, 5);
  ASSERT_FALSE(HasFailure());
  fs::remove(out / "runs.sha256");
  const auto r = run_plab({"run", "--resume", out.string(), "-q", "--no-report"});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("it has no runs.sha256, so its 5 records cannot be checked"),
            std::string::npos)
      << r.err;
}

TEST(TrustFolder, ResumeRefusesAFolderOfAnotherPlabVersionNamingBoth) {
  test::TempDir dir;
  const fs::path out = finished_run(dir, 2);
  ASSERT_FALSE(HasFailure());
  auto manifest = manifest_of(out);
  manifest["context"].as_object()["plab_version"] = "0.0.1";
  std::ofstream(out / "manifest.json", std::ios::trunc) << boost::json::serialize(manifest);
  const std::string version = run_plab({"--version"}).out.substr(5);
  const auto r = run_plab({"run", "--resume", out.string(), "-q"});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("it was written by plab 0.0.1 and this is plab " +
                       version.substr(0, version.find(' '))),
            std::string::npos)
      << r.err;
}

TEST(TrustFolder, ResumeFillsMissingTimingsAndSaysSo) {
  test::TempDir dir;
  const fs::path out = finished_run(dir, 4);
  ASSERT_FALSE(HasFailure());
  const std::string timings = read_file(out / "timings.jsonl");
  std::ofstream(out / "timings.jsonl", std::ios::trunc)
      << timings.substr(0, timings.find('\n') + 1);
  const auto r = run_plab({"run", "--resume", out.string(), "-q", "--no-report"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("plab: note: timings.jsonl of '" + out.string() +
                       "' held 1 lines for 4 records; the 3 missing timings are written as null "
                       "seconds"),
            std::string::npos)
      << r.err;
  const auto lines = test::records(out / "timings.jsonl");
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_TRUE(lines[0].at("seconds").is_double());
  for (std::size_t k = 1; k < 4; ++k) {
    EXPECT_EQ(lines[k].at("repeat").to_number<std::size_t>(), k);
    EXPECT_TRUE(lines[k].at("seconds").is_null());
  }
  const auto sessions = manifest_of(out).at("sessions").as_array();
  ASSERT_EQ(sessions.size(), 2u);
  EXPECT_NE(boost::json::serialize(sessions[1].as_object().at("notes")).find("missing timings"),
            std::string::npos);
}

TEST(TrustFolder, ResumeReplacesDamagedTimingsAndSaysSo) {
  test::TempDir dir;
  const fs::path out = finished_run(dir, 4);
  ASSERT_FALSE(HasFailure());
  std::vector<std::string> lines;
  {
    std::istringstream in(read_file(out / "timings.jsonl"));
    for (std::string line; std::getline(in, line);) lines.push_back(line);
  }
  ASSERT_EQ(lines.size(), 4u);
  lines[1] = "garbage";
  const std::size_t seconds = lines[2].find("\"seconds\":");
  ASSERT_NE(seconds, std::string::npos);
  lines[2].replace(seconds, lines[2].find(',', seconds) - seconds, "\"seconds\":-5");
  std::ofstream timings(out / "timings.jsonl", std::ios::trunc);
  for (const std::string& line : lines) timings << line << '\n';
  timings.close();
  const auto r = run_plab({"run", "--resume", out.string(), "-q", "--no-report"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("held 2 damaged lines"), std::string::npos) << r.err;
  const auto now = test::records(out / "timings.jsonl");
  ASSERT_EQ(now.size(), 4u);
  for (std::size_t k = 0; k < 4; ++k) {
    EXPECT_EQ(now[k].at("repeat").to_number<std::size_t>(), k);
    EXPECT_EQ(now[k].at("seconds").is_null(), k == 1 || k == 2) << k;
  }
}

// ---- hang-ups and closed pipes ---------------------------------------------------------------

TEST(TrustFolder, SighupClosesTheFolderLikeSigint) {
  test::TempDir dir;
  const fs::path out = dir / "out";
  const auto r = test::run_process_and_signal(
      PLAB_BINARY,
      {"run", long_iris_config(dir).string(), "--out", out.string(), "--quiet", "--threads", "1"},
      SIGHUP, 50, "", (out / "runs.jsonl").string());
  EXPECT_EQ(r.exit_code, 130) << r.err;
  EXPECT_NE(r.err.find("interrupted by signal " + std::to_string(SIGHUP)), std::string::npos)
      << r.err;
  EXPECT_EQ(manifest_of(out).at("status"), "interrupted");
}

// `nohup plab run ...`: SIGHUP ignored when plab started stays ignored, so closing the terminal
// does not stop the run (SIGINT and SIGTERM are taken whatever their action on entry).
TEST(TrustFolder, SighupIgnoredOnEntryLetsTheRunFinish) {
  test::TempDir dir;
  const fs::path out = dir / "out";
  const fs::path records = out / "runs.jsonl";
  const auto r = test::run_plab_ignoring_and_signal_when(
      {"run", iris_config(dir, 400, "nohup.json", "versicolor", 1000).string(), "--out",
       out.string(), "--quiet", "--no-report", "--threads", "1"},
      SIGHUP, SIGHUP, [&] { return fs::exists(records) && lines_of(records) > 0; });
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err.find("interrupted"), std::string::npos) << r.err;
  EXPECT_EQ(manifest_of(out).at("status"), "completed");
  EXPECT_EQ(lines_of(records), 400u);
}

// `plab run ... | head -1`: the reader goes away; plab finishes its files and its report.
TEST(TrustFolder, AClosedStdoutDoesNotEndTheRun) {
  test::TempDir dir;
  const fs::path out = dir / "out";
  int pipe_fds[2];
  ASSERT_EQ(pipe(pipe_fds), 0);
  close(pipe_fds[0]);  // nobody will read
  Child c = start_plab({"run", iris_config(dir, 20).string(), "--out", out.string()}, dir.path(),
                       "pipe", {-1, -1, pipe_fds[1]});
  close(pipe_fds[1]);
  EXPECT_EQ(c.wait(), 0) << read_file(c.err);
  EXPECT_EQ(manifest_of(out).at("status"), "completed");
  EXPECT_EQ(lines_of(out / "runs.jsonl"), 20u);
  EXPECT_TRUE(fs::exists(out / "summary.json"));
  EXPECT_TRUE(fs::exists(out / "report.html")) << read_file(c.err);
}

// ---- memory ------------------------------------------------------------------------------

fs::path xor_curve_config(const test::TempDir& dir, long long max_epochs) {
  return dir.write("xor.json", R"({"name": "xor", "seed": 1, "repeats": 1,
    "dataset": {"kind": "inline", "x": [[0,0],[1,1],[0,1],[1,0]], "y": ["a","a","b","b"],
                "positive": ["a"]},
    "learners": [{"name": "p", "plugin": "perceptron"}], "theory": {"margin": "none"},
    "protocol": {"kind": "convergence", "max_epochs": )" +
                                   std::to_string(max_epochs) + R"(, "record_curve": true}})");
}

TEST(TrustFolder, ACurveTooLongToHoldIsRefusedBeforeRunning) {
  test::TempDir dir;
  const auto r = run_plab(
      {"run", xor_curve_config(dir, 1000000000).string(), "--out", (dir / "out").string()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("config error at /protocol/record_curve: with max_epochs 1000000000, one "
                       "run's curve could take about 128 GB of memory on each thread and 30 GB "
                       "of runs.jsonl; record_curve keeps at most 1000000 epochs"),
            std::string::npos)
      << r.err;
  EXPECT_FALSE(fs::exists(dir / "out"));
}

}  // namespace
}  // namespace plab
