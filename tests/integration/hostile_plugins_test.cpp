// Hostile plugin folders: a file found by a name must be the plugin of that name. A copy or a
// stale build left under another plugin's name is refused naming the file and both names
// (exit 3, nothing written), never trained as the learner the config named; a plugin given by
// its path is loaded whatever the file is called.
#include <gtest/gtest.h>

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

// DIR/pf/`as` is a copy of the bundled plugin `source`.so.
fs::path copy_plugin(const test::TempDir& dir, const std::string& source, const std::string& as) {
  fs::create_directories(dir / "pf");
  const fs::path file = dir / "pf" / as;
  fs::copy_file(fs::path(PLAB_PLUGIN_DIR) / (source + ".so"), file);
  return file;
}

// A config training `plugin` (a name or a path) on a separable synthetic set.
fs::path config_for(const test::TempDir& dir, const std::string& plugin) {
  return dir.write("c.json", R"({"name": "p", "seed": 1, "dataset": {"kind": "synthetic",
      "generator": "separable", "rows": 20, "dim": 3},
      "learners": [{"name": "l", "plugin": ")" +
                                 plugin + R"("}], "protocol": {"max_epochs": 20}})");
}

TEST(HostilePlugins, ACopyUnderAnotherNameIsRefusedByRun) {
  const test::TempDir dir;
  const fs::path file = copy_plugin(dir, "winnow", "perceptron.so");
  const auto r = test::run_plab({"run", config_for(dir, "perceptron").string(), "--plugin-dir",
                                 (dir / "pf").string(), "--out", (dir / "out").string()});
  EXPECT_EQ(r.exit_code, 3) << r.err;
  EXPECT_NE(r.err.find("plugin '" + file.string() +
                       "' declares the name 'winnow', not 'perceptron' that was asked for"),
            std::string::npos)
      << r.err;
  EXPECT_FALSE(fs::exists(dir / "out")) << "a refused plugin left a folder";
}

TEST(HostilePlugins, ACopyUnderAnotherNameIsRefusedByDescribe) {
  const test::TempDir dir;
  copy_plugin(dir, "perceptron", "winnow.so");
  const auto r = test::run_plab({"describe", "winnow", "--plugin-dir", (dir / "pf").string()});
  EXPECT_EQ(r.exit_code, 3) << r.out << r.err;
  EXPECT_NE(r.err.find("declares the name 'perceptron', not 'winnow'"), std::string::npos) << r.err;
  EXPECT_EQ(r.out.find("perceptron 1.0.0"), std::string::npos) << r.out;
}

TEST(HostilePlugins, ACopyUnderItsOwnNameStillRuns) {
  const test::TempDir dir;
  const fs::path file = copy_plugin(dir, "perceptron", "perceptron.so");
  const auto r = test::run_plab({"run", config_for(dir, "perceptron").string(), "--plugin-dir",
                                 (dir / "pf").string(), "--out", (dir / "out").string(), "--quiet",
                                 "--no-report"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  // The folder searched first supplied it, as the search order says.
  EXPECT_NE(test::read_file(dir / "out" / "manifest.json").find(file.string()), std::string::npos);
}

TEST(HostilePlugins, APathIsLoadedWhateverTheFileIsCalled) {
  const test::TempDir dir;
  const fs::path file = copy_plugin(dir, "perceptron", "my_build.so");
  const auto r = test::run_plab({"run", config_for(dir, file.string()).string(), "--out",
                                 (dir / "out").string(), "--quiet", "--no-report"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(test::read_file(dir / "out" / "runs.jsonl").find(R"("plugin":"perceptron")"),
            std::string::npos);
}

TEST(HostilePlugins, TheMessageIsInTroubleshooting) {
  EXPECT_TRUE(test::in_troubleshooting("declares the name"));
  EXPECT_TRUE(test::in_troubleshooting("not 'perceptron' that was asked for"));
}

}  // namespace
}  // namespace plab
