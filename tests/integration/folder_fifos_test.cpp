// A FIFO planted in a results folder at the name of a file plab reads (runs.sha256,
// timings.jsonl, trajectory.jsonl, claims.json, .plab.lock): opening it would wait for a writer
// for ever, so every command that reads the file refuses it (exit 2, naming it, in one wording)
// instead of hanging, through the binary: export, report, check, verify and run --resume
// (merge: partial_folders_test).
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <string>
#include <vector>

#include "support/export_folders.hpp"
#include "support/process.hpp"
#include "support/temp_dir.hpp"
#include "support/troubleshooting.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;
using test::run_plab;

struct Planted {
  const char* file;               // the folder's file replaced by a FIFO
  std::vector<std::string> args;  // "{F}" is the folder, "{D}" the test's folder
};

const Planted kCases[] = {
    {"runs.sha256", {"export", "{F}", "--csv", "{D}/out.csv"}},
    {"runs.sha256", {"export", "{F}", "--sqlite", "{D}/out.db"}},
    {"runs.sha256", {"report", "{F}"}},
    {"runs.sha256", {"check", "{F}", "--config", "{D}/r.json"}},
    {"runs.sha256", {"run", "--resume", "{F}", "--quiet", "--no-report"}},
    {"timings.jsonl", {"run", "--resume", "{F}", "--quiet", "--no-report"}},
    {"runs.sha256", {"verify", "{F}"}},
    {"timings.jsonl", {"verify", "{F}"}},
    {"trajectory.jsonl", {"verify", "{F}"}},
    {"claims.json", {"check", "{F}"}},
    {"claims.json", {"report", "{F}"}},
    {".plab.lock", {"export", "{F}", "--csv", "{D}/out.csv"}},
    {".plab.lock", {"report", "{F}"}},
    {".plab.lock", {"check", "{F}", "--config", "{D}/r.json"}},
    {".plab.lock", {"verify", "{F}"}},
    {".plab.lock", {"run", "--resume", "{F}", "--quiet", "--no-report"}},
};

class FolderFifos : public ::testing::TestWithParam<Planted> {};

TEST_P(FolderFifos, AreRefusedNotWaitedOn) {
  const Planted& c = GetParam();
  test::TempDir dir;
  const fs::path folder = test::run_tiny(dir, "r", test::tiny_config("41", test::kEtaLearner, 2));
  fs::remove(folder / c.file);
  ASSERT_EQ(mkfifo((folder / c.file).c_str(), 0600), 0);
  std::vector<std::string> args;
  for (std::string a : c.args) {
    for (const auto& [key, value] : {std::pair<std::string, std::string>{"{F}", folder.string()},
                                     {"{D}", dir.path().string()}}) {
      for (std::size_t at; (at = a.find(key)) != std::string::npos;) a.replace(at, 3, value);
    }
    args.push_back(a);
  }
  const auto r = run_plab(args);
  EXPECT_EQ(r.exit_code, 2) << r.err;
  const std::string said = "'" + (folder / c.file).string() + "' is not a regular file";
  EXPECT_NE(r.err.find(said), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("(it is a FIFO)"), std::string::npos) << r.err;
  EXPECT_TRUE(test::in_troubleshooting("it is a FIFO"));
  EXPECT_TRUE(test::in_troubleshooting("a results folder holds the files plab wrote"));
  EXPECT_TRUE(fs::is_fifo(fs::symlink_status(folder / c.file))) << "the FIFO is left as it was";
}

INSTANTIATE_TEST_SUITE_P(Planted, FolderFifos, ::testing::ValuesIn(kCases));

}  // namespace
}  // namespace plab
