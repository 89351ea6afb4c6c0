// The command line's edges a new user meets first: a --set that a sweep would drop, "$schema"
// in a config, a closed pipe on standard output.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <boost/json.hpp>
#include <csignal>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "support/process.hpp"
#include "support/temp_dir.hpp"
#include "support/troubleshooting.hpp"

namespace fs = std::filesystem;
using plab::test::run_plab;

namespace {

const std::string kSweptConfig = R"({"name": "edges", "seed": 3, "repeats": 1,
  "dataset": {"kind": "inline", "x": [[1, 2], [2, 1], [-1, -2], [-2, -1]], "y": [1, 1, -1, -1]},
  "learners": [{"name": "p", "plugin": "eta_perceptron", "params": {"eta": 1}}],
  "theory": {"margin": "none"}, "protocol": {"kind": "convergence", "max_epochs": 20},
  "sweep": {"/learners/0/params/eta": [0.5, 2]}})";

// ---- a --set that a sweep axis would drop ------------------------------------------------

TEST(CommandLineEdges, ASetOfAFieldASweepAxisSetsIsRefusedNamingBoth) {
  plab::test::TempDir dir;
  const fs::path config = dir.write("c.json", kSweptConfig);
  const std::string set = "--set /learners/0/params/eta=-7";
  const auto r = run_plab({"run", config.string(), "--set", "/learners/0/params/eta=-7", "--out",
                           (dir / "out").string()});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("'" + set + "' sets a field that the sweep axis /learners/0/params/eta"),
            std::string::npos)
      << r.err;
  EXPECT_TRUE(plab::test::in_troubleshooting("sets a field that the sweep axis"));
  EXPECT_FALSE(fs::exists(dir / "out"));
  // An object holding the swept field loses it too; an axis from --sweep counts as well.
  const auto whole =
      run_plab({"run", config.string(), "--set", R"(/learners/0/params={"eta": 3})", "--plan"});
  EXPECT_EQ(whole.exit_code, 2) << whole.err;
  EXPECT_NE(whole.err.find("sweep axis /learners/0/params/eta"), std::string::npos) << whole.err;
  const auto swept =
      run_plab({"run", config.string(), "--set", "/seed=4", "--sweep", "/seed=1,2", "--plan"});
  EXPECT_EQ(swept.exit_code, 2) << swept.err;
  EXPECT_NE(swept.err.find("'--set /seed=4' sets a field that the sweep axis /seed"),
            std::string::npos)
      << swept.err;
}

TEST(CommandLineEdges, ASetBesideTheSweptFieldsStillApplies) {
  plab::test::TempDir dir;
  const fs::path config = dir.write("c.json", kSweptConfig);
  // /learners/0/name is neither an axis nor holds one; /sweep/... changes the axis itself.
  const auto r = run_plab({"run", config.string(), "--set", "/learners/0/name=q", "--set",
                           "/sweep/~1learners~10~1params~1eta=[4]", "--plan"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("eta=4"), std::string::npos) << r.out;
}

// ---- "$schema" ---------------------------------------------------------------------------

TEST(CommandLineEdges, ASchemaKeyIsAcceptedAndIsNotPartOfTheExperiment) {
  plab::test::TempDir dir;
  std::string with_schema = kSweptConfig;
  with_schema.insert(1, R"("$schema": "../configs/config.schema.json", )");
  const fs::path plain = dir.write("plain.json", kSweptConfig);
  const fs::path schema = dir.write("schema.json", with_schema);
  const auto first = run_plab({"run", plain.string(), "--out", (dir / "a").string(), "--quiet"});
  ASSERT_EQ(first.exit_code, 0) << first.err;
  const auto second = run_plab({"run", schema.string(), "--out", (dir / "b").string(), "--quiet"});
  ASSERT_EQ(second.exit_code, 0) << second.err;
  EXPECT_EQ(plab::test::read_file(dir / "a" / "runs.jsonl"),
            plab::test::read_file(dir / "b" / "runs.jsonl"));
  // The folder of the config without "$schema" is complete for the config with it.
  const auto again = run_plab(
      {"run", schema.string(), "--out", (dir / "a").string(), "--resume-if-present", "--quiet"});
  EXPECT_EQ(again.exit_code, 0) << again.err;
  // Not a string: refused like any wrong type.
  std::string wrong = kSweptConfig;
  wrong.insert(1, R"("$schema": 1, )");
  const auto refused = run_plab({"run", dir.write("wrong.json", wrong).string(), "--plan"});
  EXPECT_EQ(refused.exit_code, 2) << refused.err;
  EXPECT_NE(refused.err.find("/$schema"), std::string::npos) << refused.err;
}

// ---- a closed pipe on standard output ----------------------------------------------------

struct Ended {
  bool by_signal = false;
  int code = -1;  // the exit code, or the signal
  std::string err;
};

// Runs plab with standard output a pipe whose reading end is already closed, and SIGPIPE
// either at its default action or ignored (as a parent may leave it).
Ended run_into_closed_pipe(const std::vector<std::string>& args, bool ignore_sigpipe) {
  plab::test::TempDir dir;
  int fds[2];
  if (pipe(fds) != 0) return {};
  close(fds[0]);
  const fs::path err = dir / "err";
  const pid_t pid = fork();
  if (pid == 0) {
    const int e = open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (e < 0) _exit(127);
    dup2(fds[1], 1);
    dup2(e, 2);
    std::signal(SIGPIPE, ignore_sigpipe ? SIG_IGN : SIG_DFL);
    std::vector<char*> argv{const_cast<char*>(PLAB_BINARY)};
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    execv(PLAB_BINARY, argv.data());
    _exit(127);
  }
  close(fds[1]);
  int status = 0;
  waitpid(pid, &status, 0);
  Ended ended;
  ended.by_signal = WIFSIGNALED(status);
  ended.code = ended.by_signal ? WTERMSIG(status) : WEXITSTATUS(status);
  ended.err = plab::test::read_file(err);
  return ended;
}

TEST(CommandLineEdges, AClosedPipeOnStandardOutputEndsEveryCommandQuietly) {
  plab::test::TempDir dir;
  const fs::path config = dir.write("c.json", kSweptConfig);
  ASSERT_EQ(
      run_plab({"run", config.string(), "--out", (dir / "done").string(), "--quiet"}).exit_code, 0);
  const std::vector<std::vector<std::string>> commands = {
      {"--help"},
      {"plugins"},
      {"describe", "perceptron"},
      {"run", config.string(), "--plan"},
      {"run", "--help"},
      {"verify", (dir / "done").string()},
      {"report", (dir / "done").string()},
  };
  for (const bool ignored : {false, true}) {
    for (const auto& args : commands) {
      SCOPED_TRACE(args.front() + (args.size() > 1 ? " " + args[1] : "") +
                   (ignored ? ", SIGPIPE ignored" : ", SIGPIPE default"));
      const Ended e = run_into_closed_pipe(args, ignored);
      // Exit 0, or the conventional end by SIGPIPE; never exit 4 with a message.
      EXPECT_TRUE((!e.by_signal && e.code == 0) || (e.by_signal && e.code == SIGPIPE))
          << (e.by_signal ? "signal " : "exit ") << e.code << ": " << e.err;
      if (ignored) {
        EXPECT_FALSE(e.by_signal);
      }
      EXPECT_EQ(e.err.find("cannot write to standard output"), std::string::npos) << e.err;
    }
  }
}

// ---- documents cited --------------------------------------------------------------------

// Every "X.md" a text names must be a file of the repository: relative to `folder`, to the
// repository's root or to docs/ (the forms the help and the docs use).
std::vector<std::string> missing_documents(const std::string& text, const fs::path& folder) {
  const fs::path source = PLAB_SOURCE_DIR;
  std::vector<std::string> missing;
  const std::regex cited(R"(([A-Za-z0-9_.][A-Za-z0-9_./-]*)\.md\b)");
  // Files plab and the benchmark write, named where the docs say what they hold.
  const std::vector<std::string> written = {"report.md", "OUT/report.md", "bench/out/table.md"};
  for (auto it = std::sregex_iterator(text.begin(), text.end(), cited);
       it != std::sregex_iterator(); ++it) {
    const std::string name = (*it)[0];
    const std::size_t at = static_cast<std::size_t>(it->position());
    // A web address is not a file of the repository.
    const std::size_t line_start =
        text.rfind('\n', at) == std::string::npos ? 0 : text.rfind('\n', at);
    if (text.substr(line_start, at - line_start).find("://") != std::string::npos) continue;
    std::error_code ec;
    if (std::find(written.begin(), written.end(), name) != written.end()) continue;
    if (fs::exists(folder / name, ec) || fs::exists(source / name, ec) ||
        fs::exists(source / "docs" / name, ec)) {
      continue;
    }
    missing.push_back(name);
  }
  return missing;
}

TEST(CommandLineEdges, DescribeAndTheDocsCiteOnlyDocumentsTheRepositoryHolds) {
  const fs::path source = PLAB_SOURCE_DIR;
  const auto plugins = run_plab({"plugins"});
  ASSERT_EQ(plugins.exit_code, 0) << plugins.err;
  std::istringstream lines(plugins.out);
  std::size_t described = 0;
  for (std::string line; std::getline(lines, line);) {
    if (line.empty() || line.front() == ' ') continue;
    const std::string name = line.substr(0, line.find(' '));
    const auto d = run_plab({"describe", name});
    ASSERT_EQ(d.exit_code, 0) << name << d.err;
    EXPECT_EQ(missing_documents(d.out, source), std::vector<std::string>{})
        << "plab describe " << name;
    ++described;
  }
  EXPECT_GE(described, 10u);
  std::vector<fs::path> pages = {source / "README.md", source / "BENCHMARKS.md"};
  for (const char* folder : {"docs", "experiments", "examples"}) {
    for (const auto& entry : fs::recursive_directory_iterator(source / folder)) {
      if (entry.path().extension() == ".md") pages.push_back(entry.path());
    }
  }
  for (const fs::path& page : pages) {
    EXPECT_EQ(missing_documents(plab::test::read_file(page), page.parent_path()),
              std::vector<std::string>{})
        << page;
  }
}

// ---- verify --replay finds the recorded plugin ---------------------------------------------

TEST(CommandLineEdges, ReplayFindsTheRecordedPluginWithoutPluginDirAndChecksItFirst) {
  plab::test::TempDir dir;
  fs::create_directories(dir / "plugins");
  const fs::path plugin = dir / "plugins" / "normalised_step.so";
  fs::copy_file(fs::path(PLAB_TEST_PLUGIN_DIR) / "normalised_step.so", plugin);
  std::string config = kSweptConfig;
  config.replace(config.find("\"eta_perceptron\", \"params\": {\"eta\": 1}"),
                 std::string("\"eta_perceptron\", \"params\": {\"eta\": 1}").size(),
                 "\"normalised_step\"");
  config.erase(config.find(",\n  \"sweep\""), std::string::npos);
  config += "}";
  const fs::path file = dir.write("c.json", config);
  const auto run = run_plab({"run", file.string(), "--plugin-dir", (dir / "plugins").string(),
                             "--out", (dir / "out").string(), "--quiet", "--no-report"});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  // The plugin is in no folder plab searches by itself: the manifest says where it was.
  const auto replay = run_plab({"verify", (dir / "out").string(), "--replay", "all"});
  EXPECT_EQ(replay.exit_code, 0) << replay.out << replay.err;
  EXPECT_NE(replay.out.find("replayed 1 of 1 records"), std::string::npos) << replay.out;
  // Another file at the recorded path is refused by its digest, before it is loaded.
  fs::copy_file(fs::path(PLAB_PLUGIN_DIR) / "perceptron.so", plugin,
                fs::copy_options::overwrite_existing);
  const auto other = run_plab({"verify", (dir / "out").string(), "--replay", "all"});
  EXPECT_EQ(other.exit_code, 3) << other.out << other.err;
  EXPECT_NE(other.err.find("plugin 'normalised_step' (" + plugin.string() +
                           ") is not the file the records came from"),
            std::string::npos)
      << other.err;
  EXPECT_NE(other.err.find("nothing loaded"), std::string::npos) << other.err;
}

}  // namespace
