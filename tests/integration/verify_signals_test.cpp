// Signals during `plab verify` (without --replay, as with it) and around the writes that end a
// command, through the real binary: verify answers them as the other commands do (exit 130,
// or 128 + N), and verify.json, like a comparison's report.md and report.html, is either
// written whole or not at all, never left as a temporary file. The signals that must land
// inside one exact system call are sent by strace, which delivers them on entry to it
// (`-e inject=SYSCALL:signal=SIG`, limited to one path with -P): no timing is involved.
#include <unistd.h>

#include <gtest/gtest.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "support/process.hpp"
#include "support/temp_dir.hpp"
#include "support/troubleshooting.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;
using Args = std::vector<std::string>;

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// Iris setosa against the rest: `repeats` runs of each learner of `learners` (a JSON array)
// into DIR/f, without a report.
fs::path iris_folder(const test::TempDir& dir, int repeats, const std::string& learners) {
  std::string config = R"({"name": "v", "seed": 3, "dataset": {"kind": "csv", "path": ")";
  config += std::string(PLAB_SOURCE_DIR) + "/data/iris.csv\", ";
  config += R"("label": "species", "positive": ["setosa"]}, "theory": {"margin": "none"}, )";
  config += "\"repeats\": " + std::to_string(repeats) + ", \"learners\": " + learners + "}";
  const fs::path file = dir.write("c.json", config);
  const auto r = test::run_plab(
      {"run", file.string(), "--out", (dir / "f").string(), "--quiet", "--no-report"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return dir / "f";
}

// 4,000 runs: verify takes a good part of a second on them.
fs::path large_folder(const test::TempDir& dir) {
  return iris_folder(dir, 4000, R"([{"name": "p", "plugin": "perceptron"}])");
}

// The pid of this test's running plab child (the one process whose parent is this one).
pid_t child_plab() {
  for (const auto& entry : fs::directory_iterator("/proc")) {
    const std::string name = entry.path().filename().string();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    std::ifstream status(entry.path() / "status");
    std::string line;
    bool plab = false;
    while (std::getline(status, line)) {
      if (line.rfind("Name:", 0) == 0) plab = contains(line, "plab");
      if (line.rfind("PPid:", 0) == 0 && plab && std::stol(line.substr(5)) == ::getpid())
        return static_cast<pid_t>(std::stol(name));
    }
  }
  return 0;
}

// True once the plab child has its handler for `signal` (SigCgt in /proc/PID/status): a
// signal sent then is answered by plab, never by the default action before it is installed.
bool child_handles(int signal) {
  const pid_t pid = child_plab();
  if (pid == 0) return false;
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind("SigCgt:", 0) != 0) continue;
    const unsigned long long mask = std::stoull(line.substr(7), nullptr, 16);
    return ((mask >> (signal - 1)) & 1ULL) != 0;
  }
  return false;
}

bool any_temporary_file(const fs::path& dir) {
  for (const auto& entry : fs::directory_iterator(dir))
    if (contains(entry.path().filename().string(), ".tmp")) return true;
  return false;
}

// SIGTERM (and SIGUSR1) while plain `plab verify` audits: 130 (138), said in a sentence,
// no verify.json, no temporary file. The signal goes as soon as plab handles it; a verify
// that finished first under load is tried again (at most 5 times).
TEST(SignalsAroundWrites, ASignalWhileVerifyAuditsEndsItWithNoVerdictWritten) {
  const test::TempDir dir;
  const fs::path folder = large_folder(dir);
  for (const auto& [signal, code] : {std::pair{SIGTERM, 130}, std::pair{SIGUSR1, 138}}) {
    SCOPED_TRACE(signal);
    test::ProcessResult r;
    for (int attempt = 0; attempt < 5; ++attempt) {
      fs::remove(folder / "verify.json");
      r = test::run_plab_and_signal_when({"verify", folder.string()}, signal,
                                         [signal = signal] { return child_handles(signal); });
      if (r.exit_code != 0) break;
    }
    EXPECT_EQ(r.exit_code, code) << r.out << r.err;
    EXPECT_TRUE(contains(r.err, "plab verify gave no verdict on '" + folder.string() +
                                    "' (verify.json is not written); run it again"))
        << r.err;
    EXPECT_FALSE(fs::exists(folder / "verify.json"));
    EXPECT_FALSE(any_temporary_file(folder));
  }
  EXPECT_TRUE(test::in_troubleshooting("gave no verdict on"));
}

const std::string kRenames = "rename,renameat,renameat2";

// A signal while verify.json's temporary file is written: it is removed, not renamed into
// place; one on the rename itself: the verdict is whole, printed, and plab says so.
TEST(SignalsAroundWrites, VerifyJsonIsWrittenWholeOrNotAtAll) {
  const test::TempDir dir;
  const fs::path folder = large_folder(dir);
  const auto stopped =
      test::plab_signalled_at("openat", folder / "verify.json.tmp", {"verify", folder.string()});
  EXPECT_EQ(stopped.exit_code, 130) << stopped.out << stopped.err;
  EXPECT_TRUE(contains(stopped.err, "while writing '" + (folder / "verify.json").string() +
                                        "'; verify.json is not written (one from before is as "
                                        "it was); run plab verify again"))
      << stopped.err;
  EXPECT_FALSE(fs::exists(folder / "verify.json"));
  EXPECT_FALSE(any_temporary_file(folder));

  const auto whole =
      test::plab_signalled_at(kRenames, folder / "verify.json.tmp", {"verify", folder.string()});
  EXPECT_EQ(whole.exit_code, 130) << whole.out << whole.err;
  EXPECT_TRUE(contains(whole.out, "plab verify: no violation")) << whole.out;
  EXPECT_TRUE(contains(whole.err,
                       "the verdict above is whole and verify.json was written "
                       "completely before plab stopped"))
      << whole.err;
  EXPECT_TRUE(contains(test::read_file(folder / "verify.json"), "\"verdict\":\"clean\""));
  EXPECT_FALSE(any_temporary_file(folder));
  EXPECT_TRUE(
      test::in_troubleshooting("verify.json is not written (one from before is as it was)"));
  EXPECT_TRUE(test::in_troubleshooting(
      "the verdict above is whole and verify.json was written completely before plab stopped"));
}

// plab report DB --query: a signal on the rename that puts report.html in place (report.md is
// there already): both are whole, plab says so, and exits 130 all the same.
TEST(SignalsAroundWrites, AQueryReportSignalledAfterItsFilesAreInPlaceSaysTheyAreComplete) {
  const test::TempDir dir;
  const fs::path folder = iris_folder(dir, 6,
                                      R"([{"name": "p", "plugin": "perceptron"},
                                          {"name": "a", "plugin": "averaged_perceptron"}])");
  const fs::path db = dir / "e.db";
  ASSERT_EQ(test::run_plab({"export", folder.string(), "--sqlite", db.string()}).exit_code, 0);
  const fs::path out = dir / "cmp";
  const auto r = test::plab_signalled_at(
      kRenames, out / ".report.html.new",
      {"report", db.string(), "--query",
       R"(SELECT point, learner, "repeat", seed, mistakes FROM runs)", "--out", out.string()});
  EXPECT_EQ(r.exit_code, 130) << r.out << r.err;
  EXPECT_TRUE(contains(r.err, "while writing the comparison into '" + out.string() +
                                  "'; report.md and report.html were written completely before "
                                  "plab stopped"))
      << r.err;
  EXPECT_TRUE(contains(test::read_file(out / "report.md"), "Paired comparisons"));
  EXPECT_TRUE(contains(test::read_file(out / "report.html"), "</html>"));
  for (const auto& entry : fs::directory_iterator(out))
    EXPECT_EQ(entry.path().filename().string().rfind('.', 0), std::string::npos) << entry.path();
}

}  // namespace
}  // namespace plab
