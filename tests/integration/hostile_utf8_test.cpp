// Text that is not UTF-8 on its way into manifest.json (JSON, so UTF-8): an argument (a tag, a
// --set value, the --out folder, the config's path), the current folder's name in an absolute
// path, a scheduler's variable. Each is refused before any folder is made (exit 2), naming the
// argument or the manifest's field, where a folder plab's own readers call damaged was made.
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

const std::string kLatin1 = "caf\xE9";  // 'café' in Latin-1

std::string config_text() {
  return R"({"name": "u", "seed": 1, "dataset": {"kind": "synthetic", "generator": "separable",
      "rows": 20, "dim": 3}, "learners": [{"name": "l", "plugin": "perceptron"}],
      "protocol": {"max_epochs": 20}})";
}

struct ArgumentCase {
  const char* name;
  Args extra;    // after "run c.json --out DIR/out"
  int argument;  // the argument named in the message
};

TEST(HostileUtf8, ArgumentsThatAreNotUtf8AreRefusedBeforeAnyFolder) {
  const std::vector<ArgumentCase> cases = {
      {"a tag", {"--tag", kLatin1}, 8},
      {"a --set bare word", {"--set", "/note=" + kLatin1}, 8},
      {"a --set JSON string", {"--set", "/note=\"" + kLatin1 + "\""}, 8},
  };
  for (const ArgumentCase& c : cases) {
    SCOPED_TRACE(c.name);
    const test::TempDir dir;
    const fs::path config = dir.write("c.json", config_text());
    Args args{"run", config.string(), "--out", (dir / "out").string(), "--quiet", "--no-report"};
    args.insert(args.end(), c.extra.begin(), c.extra.end());
    const auto r = test::run_plab(args);
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_NE(r.err.find("argument " + std::to_string(c.argument) + " ('"), std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("' then byte 0xE9) is not UTF-8 text"), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(dir / "out"));
  }
}

TEST(HostileUtf8, ALatin1OutFolderOrConfigNameIsRefused) {
  const test::TempDir dir;
  const fs::path config = dir.write("c.json", config_text());
  const auto out = test::run_plab({"run", config.string(), "--out", (dir / kLatin1).string()});
  EXPECT_EQ(out.exit_code, 2) << out.err;
  EXPECT_NE(out.err.find("argument 4 ("), std::string::npos) << out.err;
  EXPECT_FALSE(fs::exists(dir / kLatin1));
  const fs::path latin1_config = dir / (kLatin1 + ".json");
  fs::copy_file(config, latin1_config);
  const auto named = test::run_plab({"run", latin1_config.string(), "--out", (dir / "o").string()});
  EXPECT_EQ(named.exit_code, 2) << named.err;
  EXPECT_NE(named.err.find("argument 2 ("), std::string::npos) << named.err;
  EXPECT_FALSE(fs::exists(dir / "o"));
}

// Run from inside a Latin-1 folder with only UTF-8 arguments: the manifest's absolute config
// path would hold the folder's name.
TEST(HostileUtf8, ALatin1CurrentFolderIsNamedByTheManifestField) {
  const test::TempDir dir;
  fs::create_directories(dir / kLatin1);
  dir.write(kLatin1 + "/c.json", config_text());
  const auto r = test::run_plab({"run", "c.json", "--out", "out", "--quiet", "--no-report"},
                                (dir / kLatin1).string());
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("manifest.json's field /config_file ('"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("then byte 0xE9) is not UTF-8 text, which JSON requires"), std::string::npos)
      << r.err;
  EXPECT_FALSE(fs::exists(dir / kLatin1 / "out"));
}

TEST(HostileUtf8, ASchedulerVariableThatIsNotUtf8IsNamed) {
  const test::TempDir dir;
  const fs::path config = dir.write("c.json", config_text());
  const auto r = test::run_plab(
      {"run", config.string(), "--out", (dir / "out").string(), "--quiet", "--no-report"}, "",
      {"SLURM_JOB_ID=1\xE9"});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("/scheduler/SLURM_JOB_ID ('1' then byte 0xE9)"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(dir / "out"));
}

TEST(HostileUtf8, Utf8ArgumentsStillRun) {
  const test::TempDir dir;
  const fs::path config = dir.write("c.json", config_text());
  const auto r = test::run_plab({"run", config.string(), "--out", (dir / "caf\xC3\xA9").string(),
                                 "--tag", "caf\xC3\xA9", "--quiet", "--no-report"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto verify = test::run_plab({"verify", (dir / "caf\xC3\xA9").string()});
  EXPECT_EQ(verify.exit_code, 0) << verify.out << verify.err;
}

TEST(HostileUtf8, TheMessagesAreInTroubleshooting) {
  EXPECT_TRUE(test::in_troubleshooting("is not UTF-8 text; plab writes its command line"));
  EXPECT_TRUE(test::in_troubleshooting("is not UTF-8 text, which JSON requires"));
}

}  // namespace
}  // namespace plab
