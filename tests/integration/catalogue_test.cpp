// The bad-input catalogue (docs/troubleshooting.md): every item runs the real
// binary and checks the exit code, the message and that nothing half-done is left behind.
// Each case's `documented` text must appear in docs/troubleshooting.md, so the
// table and the binary cannot drift apart.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <functional>

#include "support/process.hpp"
#include "support/records.hpp"
#include "support/temp_dir.hpp"
#include "support/troubleshooting.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;
using test::read_file;
using test::run_plab;

const std::string kIris = std::string(PLAB_SOURCE_DIR) + "/data/iris.csv";

// Setosa against the rest on Iris, 3 repeats: runs in milliseconds.
const std::string kConfig = R"({"name": "catalogue", "seed": 1, "repeats": 3,
  "dataset": {"kind": "csv", "path": ")" +
                            kIris + R"(", "label": "species", "positive": ["setosa"]},
  "learners": [{"name": "a", "plugin": "perceptron"}],
  "protocol": {"kind": "convergence", "max_epochs": 50}})";

using Args = std::vector<std::string>;

// Runs c.json (kConfig) with these extra arguments.
Args config_with(Args extra) {
  Args args{"run", "c.json"};
  args.insert(args.end(), extra.begin(), extra.end());
  return args;
}

// Runs kConfig on a CSV file holding `text`, label column `y`, positive class `a`.
std::function<Args(const test::TempDir&)> data(std::string text) {
  return [text](const test::TempDir& dir) {
    const fs::path file = dir.write("data.csv", text);
    return config_with({"--set", "/dataset/path=" + file.string(), "--set", "/dataset/label=y",
                        "--set", R"(/dataset/positive=["a"])"});
  };
}

std::function<Args(const test::TempDir&)> args(Args a) {
  return [a](const test::TempDir&) { return a; };
}

std::function<Args(const test::TempDir&)> config_text(std::string text) {
  return [text](const test::TempDir& dir) {
    dir.write("c.json", text);
    return Args{"run", "c.json"};
  };
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  text.replace(text.find(from), from.size(), to);
  return text;
}

struct Case {
  std::string name;  // test name
  std::function<Args(const test::TempDir&)> setup;
  int exit_code;
  std::string documented;          // quoted in docs/troubleshooting.md
  std::vector<std::string> where;  // file:line:column, pointer or path the message must name
  bool writes_results = false;     // the runs start (and are recorded) before the failure
};

std::ostream& operator<<(std::ostream& out, const Case& c) { return out << c.name; }

const std::vector<Case>& catalogue() {
  static const std::vector<Case> cases = {
      // Command line
      {"UnknownOption",
       args(config_with({"--thread", "2"})),
       2,
       "unrecognised option",
       {"'--thread'", "did you mean '--threads'"}},
      {"MissingArgument",
       args(config_with({"--out"})),
       2,
       "the required argument for option",
       {"'--out'"}},
      {"NoConfig", args({"run"}), 2, "plab run needs a CONFIG file", {}},
      {"ThreadsOutOfRange",
       args(config_with({"--threads", "0"})),
       2,
       "is out of range; give 1 to 4096",
       {"--threads 0"}},
      {"ThreadsNotANumber",
       args(config_with({"--threads", "two"})),
       2,
       "is invalid",
       {"'--threads'"}},
      {"ShardMalformed",
       args(config_with({"--shard", "4/4"})),
       2,
       "is not of the form I/N",
       {"'4/4'"}},
      {"SetWithoutPointer",
       args(config_with({"--set", "repeats=2"})),
       2,
       "is not of the form --set /json/pointer=VALUE",
       {"repeats=2"}},
      {"SetPointerMissing",
       args(config_with({"--set", "/nope/x=1"})),
       2,
       "does not lead into the config",
       {"--set /nope/x=1"}},
      {"ConfigMissing", args({"run", "nothere.json"}), 2, "does not exist", {"nothere.json"}},
      {"ConfigIsAFolder",
       [](const test::TempDir& dir) {
         fs::create_directory(dir / "folder.json");
         return Args{"run", "folder.json"};
       },
       2,
       "is a folder; give a .json file",
       {"folder.json"}},
      // A named pipe would block the read forever.
      {"ConfigIsAPipe",
       [](const test::TempDir& dir) {
         if (mkfifo((dir / "pipe.json").c_str(), 0600) != 0) throw std::runtime_error("mkfifo");
         return Args{"run", "pipe.json"};
       },
       2,
       "is not a regular file; give a .json file",
       {"pipe.json"}},
      // Root reads any file, so an unreadable one is a file whose read fails for everyone.
      {"ConfigUnreadable",
       args({"run", "/proc/self/mem"}),
       2,
       "cannot be read",
       {"/proc/self/mem"}},
      {"OutputNotWritable",
       [](const test::TempDir& dir) {
         dir.write("plain-file", "x");
         return config_with({"--out", (dir / "plain-file" / "out").string()});
       },
       4,
       "cannot create the results folder",
       {"plain-file/out"}},
      // Config
      {"InvalidJson",
       config_text("{\"name\": \"x\",\n \"seed\": 1,,}"),
       2,
       "invalid JSON",
       {"c.json:2:12"}},
      {"WrongType",
       args(config_with({"--set", R"(/seed="abc")"})),
       2,
       "expected an integer",
       {"c.json", "/seed", "the string \"abc\""}},
      {"UnknownKey",
       config_text(replaced(kConfig, "\"max_epochs\"", "\"max_epoch\"")),
       2,
       "did you mean 'max_epochs'",
       {"/protocol/max_epoch"}},
      {"MissingRequiredField",
       config_text(replaced(kConfig, "\"name\": \"catalogue\",", "")),
       2,
       "this field is required but missing",
       {"/name"}},
      {"RepeatsZero",
       args(config_with({"--set", "/repeats=0"})),
       2,
       "expected an integer from 1 to 9223372036854775807",
       {"/repeats"}},
      {"RepeatsAstronomical",
       args(config_with({"--set", "/repeats=1000000000000"})),
       2,
       "runs in one experiment: lower /repeats or the sweep",
       {"/repeats", "about 1e+12 runs", "700 TB of runs.jsonl"}},
      {"MaxEpochsZero",
       args(config_with({"--set", "/protocol/max_epochs=0"})),
       2,
       "expected an integer from 1 to 1000000000",
       {"/protocol/max_epochs"}},
      {"NegativeEta",
       args(config_with({"--set", "/learners/0/plugin=eta_perceptron", "--set",
                         R"(/learners/0/params={"eta": -1})"})),
       2,
       "expects param 'eta' to be real, > 0",
       {"/learners/0/params/eta", "plugin 'eta_perceptron'"}},
      {"TestFractionOutside",
       args(config_with(
           {"--set", "/protocol/kind=holdout", "--set", "/protocol/test_fraction=1.5"})),
       2,
       "expected a fraction strictly between 0 and 1",
       {"/protocol/test_fraction", "found 1.5"}},
      {"SweepPointerMissing",
       args(config_with({"--set", R"(/sweep={"/nope/x": [1, 2]})"})),
       2,
       "does not lead into the config",
       {"/sweep/~1nope~1x"}},
      {"SweepListEmpty",
       args(config_with({"--set", R"(/sweep={"/seed": []})"})),
       2,
       "expected a non-empty array of values",
       {"/sweep/~1seed"}},
      {"GivenInitWrongLength",
       args(config_with({"--set", R"(/init={"kind": "given", "w": [1, 2]})"})),
       2,
       "values, but learner",
       {"/init/w", "has 2 values", "5 weights"}},
      {"DatasetMissing",
       args(config_with({"--set", "/dataset/path=nothere.csv"})),
       2,
       "does not exist or is not a regular file",
       {"nothere.csv"}},
      // Names become folder and file names: nothing may lead out of the results folder.
      {"ExperimentNameEscapes",
       args(config_with({"--set", "/name=.."})),
       2,
       "cannot name a results folder: use only A-Z a-z 0-9 . _ -",
       {"/name", "'..'"}},
      {"LearnerNameWithASlash",
       args(config_with({"--set", "/learners/0/name=../a"})),
       2,
       "may only use A-Z a-z 0-9 . _ -",
       {"/learners/0/name", "'../a'"}},
      // Data
      {"EmptyFile", data(""), 2, "the file is empty", {"data.csv"}},
      {"HeaderOnly", data("x1,x2,y\n"), 2, "the file has a header but no data rows", {"data.csv"}},
      {"RaggedRow",
       data("x1,x2,y\n1,2,a\n3,b\n"),
       2,
       "like the first row",
       {"data.csv:3", "found 2 fields, expected 3"}},
      {"NonNumericCell",
       data("x1,x2,y\n1,2,a\n3,zz,b\n"),
       2,
       "is not a number",
       {"data.csv:3:3", "'zz' in column 'x2'"}},
      {"NaNCell",
       data("x1,x2,y\n1,2,a\n3,nan,b\n"),
       2,
       "NaN and infinity are not accepted",
       {"data.csv:3:3"}},
      {"InfinityCell",
       data("x1,x2,y\n1,2,a\n-inf,2,b\n"),
       2,
       "NaN and infinity are not accepted",
       {"data.csv:3:1"}},
      {"BeyondDoubleCell",
       data("x1,x2,y\n1,2,a\n1e999,2,b\n"),
       2,
       "is beyond the range of a double",
       {"data.csv:3:1"}},
      {"BelowDoubleCell",
       data("x1,x2,y\n1,2,a\n3,-1e-400,b\n"),
       2,
       "is too small for a double",
       {"data.csv:3:3"}},
      {"CarriageReturnLineEnds",
       data("x1,x2,y\r1,2,a\r3,4,b\r"),
       2,
       "a carriage return (\\r) inside the line",
       {"data.csv:1:8"}},
      {"LabelColumnMissing",
       data("x1,x2,z\n1,2,a\n3,4,b\n"),
       2,
       "no column is named",
       {"data.csv:1", "'y'", "did you mean 'z'"}},
      {"PositiveClassMissing",
       data("x1,x2,y\n1,2,c\n3,4,b\n"),
       2,
       "does not occur in the labels",
       {"data.csv", "'a'"}},
      {"SingleClass",
       data("x1,x2,y\n1,2,a\n3,4,a\n"),
       2,
       "the binary task has a single class",
       {"data.csv"}},
      {"DuplicateHeader",
       data("x1,x1,y\n1,2,a\n3,4,b\n"),
       2,
       "twice",
       {"data.csv:1", "'x1'", "columns 1 and 2"}},
      {"NulByte",
       data(std::string("x1,x2,y\n1,2,a\n\0\0\0", 17)),
       2,
       "a NUL byte; this is not a text CSV file",
       {"data.csv:3"}},
      // Plugins
      {"PluginNotFound",
       [](const test::TempDir& dir) {
         return config_with(
             {"--set", "/learners/0/plugin=no_such_learner", "--plugin-dir", dir.path().string()});
       },
       3,
       "was not found",
       {"'no_such_learner'", "lib/plab/plugins"}},
      {"PluginNotASharedLibrary",
       [](const test::TempDir& dir) {
         dir.write("plugins/fake.so", "not a library\n");
         return config_with(
             {"--set", "/learners/0/plugin=fake", "--plugin-dir", (dir / "plugins").string()});
       },
       3,
       "could not be loaded as a shared library",
       {"fake.so", "file too short"}},
      {"PluginWithoutEntryPoint",
       args(config_with(
           {"--set", "/learners/0/plugin=no_entry_point", "--plugin-dir", PLAB_TEST_PLUGIN_DIR})),
       3,
       "is a shared library but not a perceptron-lab plugin",
       {"no_entry_point.so", "plab_descriptor"}},
      {"PluginOtherAbi",
       args(config_with(
           {"--set", "/learners/0/plugin=abi_mismatch", "--plugin-dir", PLAB_TEST_PLUGIN_DIR})),
       3,
       "rebuild the plugin against this plab's SDK",
       {"abi_mismatch.so", "version 100", "supports version 5"}},
      {"PluginFactoryThrows",
       args(config_with(
           {"--set", "/learners/0/plugin=throwing_factory", "--plugin-dir", PLAB_TEST_PLUGIN_DIR})),
       3,
       "could not create a learner",
       {"throwing_factory.so", "fixture refuses to be created"}},
      {"PluginEpochThrows",
       args(config_with({"--set", "/learners/0/plugin=throwing_epoch", "--set", "/repeats=20",
                         "--set", R"(/init={"kind": "gaussian"})", "--plugin-dir",
                         PLAB_TEST_PLUGIN_DIR, "--out", "out"})),
       3,
       "failed; each has status \"failed\"",
       {"out/runs.jsonl"},
       true},
      {"PluginNonFiniteWeights",
       args(config_with({"--set", "/learners/0/plugin=nan_weights", "--set", "/repeats=20", "--set",
                         R"(/init={"kind": "gaussian"})", "--plugin-dir", PLAB_TEST_PLUGIN_DIR,
                         "--out", "out"})),
       3,
       "failed; each has status \"failed\"",
       {"out/runs.jsonl"},
       true},
      {"ReportPlaneNotAFeature",
       args(config_with({"--set", R"(/report={"plane": ["petal_len", "petal_width_cm"]})"})),
       2,
       "is not a feature of the data set; its features are",
       {"/report/plane/0", "'petal_len'", "'sepal_length_cm'"}},
      {"ReportPlaneOfThreeFeatures",
       args(config_with({"--set", R"(/report={"plane": ["a", "b", "c"]})"})),
       2,
       "give exactly two",
       {"/report/plane", "names 3 features"}},
      {"ReportPlaneNamesOneFeatureTwice",
       args(config_with({"--set", R"(/report={"plane": ["a", "a"]})"})),
       2,
       "give two different features",
       {"/report/plane", "names 'a' twice"}},
      {"OracleBudgetNotPositive",
       args(config_with({"--set", R"(/theory={"margin": "svm", "oracle_seconds": 0})"})),
       2,
       "must be a positive number of seconds",
       {"/theory/oracle_seconds"}},
  };
  return cases;
}

class Catalogue : public testing::TestWithParam<Case> {};

TEST_P(Catalogue, ExitsWithItsCodeAndAMessageNamingWhere) {
  const Case& c = GetParam();
  test::TempDir dir;
  dir.write("c.json", kConfig);
  const auto r = run_plab(c.setup(dir), dir.path().string());
  EXPECT_EQ(r.exit_code, c.exit_code) << r.err;
  EXPECT_NE(r.err.find("plab: error: "), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("internal error"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(c.documented), std::string::npos) << r.err;
  for (const std::string& w : c.where)
    EXPECT_NE(r.err.find(w), std::string::npos) << w << "\n" << r.err;
  if (!c.writes_results) {
    EXPECT_FALSE(fs::exists(dir / "results")) << "a refused run must not leave a results folder";
    EXPECT_FALSE(fs::exists(dir / "out"));
    return;
  }
  // The failing runs are recorded with their message; the others went on.
  const auto runs = test::records(dir / "out" / "runs.jsonl");
  ASSERT_EQ(runs.size(), 20u);
  std::size_t failed = 0;
  for (const auto& run : runs) {
    if (run.at("status") != "failed") continue;
    ++failed;
    EXPECT_FALSE(run.at("error").as_string().empty());
  }
  EXPECT_GT(failed, 0u);
  EXPECT_LT(failed, runs.size());
  EXPECT_NE(r.err.find(std::to_string(failed) + " runs failed"), std::string::npos) << r.err;
}

INSTANTIATE_TEST_SUITE_P(Items, Catalogue, testing::ValuesIn(catalogue()),
                         [](const auto& info) { return info.param.name; });

// Files and folders are created with the user's umask, never wider.
TEST(TrustModel, ResultsAreCreatedWithTheUsersUmask) {
  test::TempDir dir;
  dir.write("c.json", kConfig);
  const mode_t old = umask(077);
  const auto r = run_plab({"run", "c.json", "--out", "out", "--no-report"}, dir.path().string());
  umask(old);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto mode = [](const fs::path& p) { return fs::status(p).permissions() & fs::perms::all; };
  EXPECT_EQ(mode(dir / "out"), fs::perms::owner_all);
  for (const char* f : {"runs.jsonl", "manifest.json", "summary.json", "timings.jsonl"}) {
    EXPECT_EQ(mode(dir / "out" / f), fs::perms::owner_read | fs::perms::owner_write) << f;
  }
}

TEST(CatalogueReadme, EveryMessageIsInTheTroubleshootingTable) {
  const std::string section = test::troubleshooting_section();
  ASSERT_FALSE(section.empty());
  for (const Case& c : catalogue()) {
    EXPECT_NE(section.find(c.documented), std::string::npos)
        << c.name << ": '" << c.documented << "' is not in docs/troubleshooting.md";
  }
}

}  // namespace
}  // namespace plab
