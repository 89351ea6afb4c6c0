// The git commit plab names, in `plab --version` and in manifest.json's context, is the commit
// of the source tree it was built from, read at every build (cmake/GitCommitStamp.cmake): a
// stamp taken when CMake last configured would name an older commit after a pull. Records
// (runs.jsonl) never hold it, so a rebuild at another commit leaves their bytes alone.
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <string>

#include "support/process.hpp"
#include "support/temp_dir.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;
using test::read_file;
using test::run_plab;
using test::run_process;

// What the build script finds: the commit of HEAD when the sources are tracked in the git
// work tree they lie in, "" otherwise (no git, no checkout, an archive unpacked inside
// another project's checkout).
std::string source_commit() {
  const std::string source = PLAB_SOURCE_DIR;
  const auto tracked = run_process(
      "/usr/bin/env", {"git", "-C", source, "ls-files", "--error-unmatch", "--", "CMakeLists.txt"});
  if (tracked.exit_code != 0) return "";
  const auto head = run_process("/usr/bin/env", {"git", "-C", source, "rev-parse", "HEAD"});
  if (head.exit_code != 0) return "";
  std::string commit = head.out;
  while (!commit.empty() && (commit.back() == '\n' || commit.back() == '\r')) commit.pop_back();
  return commit;
}

TEST(BuildStamp, VersionAndManifestNameTheCommitOfTheSourceTree) {
  const std::string commit = source_commit();
  if (!commit.empty()) {
    EXPECT_EQ(commit.size(), 40u) << commit;
  }
  const auto version = run_plab({"--version"});
  ASSERT_EQ(version.exit_code, 0) << version.err;
  // "plab 0.3.0 (git <commit>[, dirty], Release build, …)"; "git unknown" without a commit.
  const std::string named = "(git " + (commit.empty() ? std::string("unknown") : commit);
  const auto at = version.out.find(named);
  ASSERT_NE(at, std::string::npos) << "wanted '" << named << "' in: " << version.out;
  const char after = version.out[at + named.size()];
  EXPECT_EQ(after, ',') << version.out;
  const bool dirty = version.out.compare(at + named.size(), 8, ", dirty,") == 0;

  test::TempDir dir;
  const fs::path config = dir.write("c.json", R"({"name": "stamp", "seed": 3, "repeats": 2,
  "dataset": {"kind": "inline", "x": [[1, 2], [2, 1], [-1, -2], [-2, -1]], "y": [1, 1, -1, -1]},
  "learners": [{"name": "p", "plugin": "perceptron"}], "theory": {"margin": "none"},
  "protocol": {"kind": "convergence", "max_epochs": 20}})");
  const auto run =
      run_plab({"run", config.string(), "--out", (dir / "out").string(), "--quiet", "--no-report"});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const auto manifest = boost::json::parse(read_file(dir / "out" / "manifest.json")).as_object();
  const auto& context = manifest.at("context").as_object();
  if (commit.empty()) {
    EXPECT_TRUE(context.at("git_commit").is_null()) << context;
  } else {
    EXPECT_EQ(context.at("git_commit"), boost::json::value(commit)) << context;
  }
  EXPECT_EQ(context.at("git_dirty"), boost::json::value(dirty)) << context;
  const std::string records = read_file(dir / "out" / "runs.jsonl");
  EXPECT_FALSE(records.empty());
  EXPECT_EQ(records.find("git"), std::string::npos) << "a record names the build";
  if (!commit.empty()) {
    EXPECT_EQ(records.find(commit.substr(0, 12)), std::string::npos);
  }
}

}  // namespace
}  // namespace plab
