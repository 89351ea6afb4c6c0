// Signals during `plab merge OUT SHARD...`: the merged files are written into a hidden folder
// beside OUT that is renamed to OUT at the end, so a signal at any moment leaves either no OUT
// (exit 130, or 128 + N for the other signals plab takes) or the complete folder, never a
// folder without its manifest that blocks the next merge. The hidden folder goes too.
#include <gtest/gtest.h>

#include <csignal>
#include <filesystem>
#include <string>
#include <vector>

#include "support/process.hpp"
#include "support/temp_dir.hpp"
#include "support/troubleshooting.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;
using Args = std::vector<std::string>;

// Two shards of 2,000 runs each, DIR/s0 and DIR/s1: enough records that the merge spends
// tens of milliseconds writing OUT, where a signal used to leave half a folder.
void make_shards(const test::TempDir& dir) {
  const fs::path config =
      dir.write("c.json", R"({"name": "m", "seed": 3, "repeats": 4000, "dataset": {"kind": "csv",
      "path": ")" + std::string(PLAB_SOURCE_DIR) +
                              R"(/data/iris.csv", "label": "species", "positive": ["setosa"]},
      "learners": [{"name": "p", "plugin": "perceptron"}], "theory": {"margin": "none"},
      "protocol": {"max_epochs": 50}})");
  for (const char* shard : {"0", "1"}) {
    const auto r =
        test::run_plab({"run", config.string(), "--shard", std::string(shard) + "/2", "--out",
                        (dir / ("s" + std::string(shard))).string(), "--quiet", "--no-report"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
  }
}

// Entries of DIR whose name holds ".merging-": merge's hidden folders.
std::size_t hidden_folders(const fs::path& dir) {
  std::size_t n = 0;
  for (const auto& entry : fs::directory_iterator(dir))
    n += entry.path().filename().string().find(".merging-") != std::string::npos ? 1 : 0;
  return n;
}

Args merge_args(const test::TempDir& dir) {
  return {"merge", (dir / "m").string(), (dir / "s0").string(), (dir / "s1").string()};
}

struct SignalCase {
  const char* name;
  int signal;
  int exit_code;
  bool while_writing;  // sent once the hidden folder exists
};

TEST(HostileMerge, ASignalLeavesNoOutFolderAndTheMergeCanBeRunAgain) {
  const test::TempDir dir;
  make_shards(dir);
  const std::vector<SignalCase> cases = {
      {"SIGINT while writing", SIGINT, 130, true},
      {"SIGTERM while writing", SIGTERM, 130, true},
      {"SIGHUP while writing", SIGHUP, 130, true},
      {"SIGUSR1 while writing", SIGUSR1, 138, true},
  };
  for (const SignalCase& c : cases) {
    SCOPED_TRACE(c.name);
    const auto r = test::run_plab_and_signal_when(
        merge_args(dir), c.signal,
        [&] { return !c.while_writing || hidden_folders(dir.path()) > 0; }, "", c.signal == SIGINT);
    EXPECT_EQ(r.exit_code, c.exit_code) << r.out << r.err;
    EXPECT_NE(r.err.find("while merging the shards into '" + (dir / "m").string() +
                         "'; nothing was written (the partial folder is removed)"),
              std::string::npos)
        << r.err;
    EXPECT_FALSE(fs::exists(dir / "m")) << "a signal left a partial OUT";
    EXPECT_EQ(hidden_folders(dir.path()), 0u) << "a signal left the hidden folder";
  }
  // Nothing blocks the merge afterwards, and its folder is whole.
  const auto again = test::run_plab(merge_args(dir));
  ASSERT_EQ(again.exit_code, 0) << again.err;
  EXPECT_NE(again.out.find("merged 2 shards, 4000 runs"), std::string::npos) << again.out;
  EXPECT_EQ(hidden_folders(dir.path()), 0u);
  const auto verify = test::run_plab({"verify", (dir / "m").string()});
  EXPECT_EQ(verify.exit_code, 0) << verify.out << verify.err;
}

// OUT made beforehand and empty (a lock file at most) is still accepted, and one that holds
// files is refused before anything is written, with no hidden folder left.
TEST(HostileMerge, AnEmptyOutIsFilledAndAUsedOneIsRefused) {
  const test::TempDir dir;
  make_shards(dir);
  fs::create_directories(dir / "m");
  dir.write("m/.plab.lock", "");
  const auto filled = test::run_plab(merge_args(dir));
  EXPECT_EQ(filled.exit_code, 0) << filled.err;
  EXPECT_TRUE(fs::exists(dir / "m" / "manifest.json"));
  const auto used = test::run_plab(merge_args(dir));
  EXPECT_EQ(used.exit_code, 2) << used.err;
  EXPECT_NE(used.err.find("already holds files; results are never overwritten"), std::string::npos)
      << used.err;
  EXPECT_EQ(hidden_folders(dir.path()), 0u);
}

TEST(HostileMerge, TheMessageIsInTroubleshooting) {
  EXPECT_TRUE(test::in_troubleshooting("while merging the shards into"));
  EXPECT_TRUE(test::in_troubleshooting("nothing was written (the partial folder is removed)"));
}

}  // namespace
}  // namespace plab
