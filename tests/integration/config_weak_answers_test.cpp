// Answers that were weak: a config or command line that plab took in a sense the user did not
// write. Numbers a double rounds to a whole one, a sweep axis listing one value twice, tags
// that are empty or hold control characters, and a results folder whose manifest's config was
// edited by hand before --resume: each is refused, exit 2, naming where.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "support/folder_edit.hpp"
#include "support/hostile_table.hpp"
#include "support/troubleshooting.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;
using Args = std::vector<std::string>;
using test::HostileRow;

// Two separable classes, one row each side of x = y.
const std::string kData = "x,y,label\n2,1,up\n1,2,down\n3,1,up\n1,3,down\n";
const std::string kConfig =
    R"({"name":"w","seed":1,"repeats":2,"dataset":{"kind":"csv","path":"d.csv",)"
    R"("label":"label","positive":["up"]},"learners":[{"plugin":"perceptron"}],)"
    R"("protocol":{"max_epochs":50}})";

// `plab run c.json --out out` on kConfig, its text `edit.first` replaced by `edit.second`
// (nothing when empty), with `extra` arguments.
HostileRow row(std::string name, const std::pair<std::string, std::string>& edit, Args extra,
               int exit_code, std::string fragment) {
  std::string config = kConfig;
  if (!edit.first.empty()) config.replace(config.find(edit.first), edit.first.size(), edit.second);
  Args args{"run", "c.json", "--out", "out", "--quiet", "--no-report"};
  args.insert(args.end(), extra.begin(), extra.end());
  return {std::move(name),     {{"c.json", config}, {"d.csv", kData}},
          std::move(args),     exit_code,
          std::move(fragment), {}};
}

const std::pair<std::string, std::string> kAsIs{};

const std::string kRan = "results: out";
const std::string kRounded = "is not an integer, but a double holds it as ";

const std::vector<HostileRow>& rows() {
  static const std::vector<HostileRow> all = {
      // A number's text decides, not the double it rounds to.
      row("seed_beyond_a_double", {"\"seed\":1", "\"seed\":1.0000000000000000001"}, {}, 2,
          "c.json:1:20: the number 1.0000000000000000001 at /seed " + kRounded + "1:"),
      row("seed_written_as_an_exact_float", {"\"seed\":1", "\"seed\":1.0"}, {}, 0, kRan),
      row("max_epochs_written_as_an_exponent", {"\"max_epochs\":50", "\"max_epochs\":5e1"}, {}, 0,
          kRan),
      row("max_epochs_past_2_to_the_53", {"\"max_epochs\":50", "\"max_epochs\":9007199254740993.5"},
          {}, 2, "at /protocol/max_epochs " + kRounded + "9007199254740994:"),
      row("repeats_underflowing_to_zero", {"\"repeats\":2", "\"repeats\":1e-400"}, {}, 2,
          "the number 1e-400 at /repeats " + kRounded + "0:"),
      row("a_real_value_rounded_to_a_whole_one",
          {"\"seed\":1", R"("seed":1,"init":{"kind":"gaussian","scale":0.99999999999999999})"}, {},
          2, "at /init/scale " + kRounded + "1:"),
      row("set_seed_beyond_a_double", kAsIs, {"--set", "/seed=1.0000000000000000001"}, 2,
          "'--set /seed=1.0000000000000000001': the value:1:1: the number "
          "1.0000000000000000001 " +
              kRounded + "1:"),
      row("sweep_seed_beyond_a_double", kAsIs, {"--sweep", "/seed=2,1.0000000000000000001"}, 2,
          "the number 1.0000000000000000001 " + kRounded + "1:"),
      row("sweep_range_from_beyond_a_double", kAsIs,
          {"--sweep", "/seed=range(1.0000000000000000001,3)"}, 2,
          "the argument 1.0000000000000000001 " + kRounded + "1;"),
      // One value twice in a sweep axis.
      row("sweep_one_value_twice", kAsIs, {"--sweep", "/seed=1,1", "--plan"}, 2,
          "config error at /sweep/~1seed/1: the value 1 (position 1) equals 1 (position 0) of "
          "the sweep axis /seed; two points would run the same config under one label"),
      row("sweep_1_and_1_0", kAsIs, {"--sweep", "/seed=1,2,1.0", "--plan"}, 2,
          "config error at /sweep/~1seed/2: the value 1.0 (position 2) equals 1 (position 0)"),
      row("sweep_a_plugin_twice", kAsIs, {"--sweep", "/learners/0/plugin=perceptron,perceptron"}, 2,
          "the value \"perceptron\" (position 1) equals \"perceptron\" (position 0)"),
      row("sweep_integers_a_double_cannot_tell_apart", kAsIs,
          {"--sweep", "/seed=9007199254740993,9007199254740992.0", "--plan"}, 0, "2 sweep points"),
      row("config_sweep_one_value_twice",
          {"\"seed\":1", R"("seed":1,"sweep":{"/repeats":[1,2,1e0]})"}, {}, 2,
          "c.json: config error at /sweep/~1repeats/2: the value 1.0 (position 2) equals 1 "
          "(position 0) of the sweep axis /repeats"),
      row("zip_one_tuple_twice",
          {"\"seed\":1", R"("seed":1,"sweep":{"zip":{"/seed":[1,1],"/repeats":[2,2]}})"}, {}, 2,
          "config error at /sweep/zip: the values /seed=1, /repeats=2 (position 1) equal /seed=1, "
          "/repeats=2 (position 0) of the sweep axis zipping /seed, /repeats"),
      row("zip_tuples_that_differ",
          {"\"seed\":1", R"("seed":1,"sweep":{"zip":{"/seed":[1,1],"/repeats":[1,2]}})"}, {}, 0,
          kRan),
      // Tags: labels on one line.
      row("tag_empty", kAsIs, {"--tag", ""}, 2, "--tag \"\" (--tag number 1 of 1) is empty"),
      row("tag_spaces", kAsIs, {"--tag", "  "}, 2,
          "--tag \"  \" (--tag number 1 of 1) holds only spaces"),
      row("tag_with_a_line_break", kAsIs, {"--tag", "ok", "--tag", "a\nb"}, 2,
          "--tag \"a\\nb\" (--tag number 2 of 2) holds the control character U+000A (a line "
          "break); a tag is a label on one line"),
      row("tag_with_a_tab", kAsIs, {"--tag", "a\tb"}, 2,
          "holds the control character U+0009 (a tab)"),
      row("tag_with_a_c1_control", kAsIs, {"--tag", "a\xC2\x85"}, 2,
          "holds the control character U+0085"),
      row("tag_with_spaces_and_accents", kAsIs, {"--tag", "caf\xC3\xA9 au lait"}, 0, kRan),
      row("config_tag_empty", {"\"seed\":1", R"("seed":1,"tags":["x",""])"}, {}, 2,
          "c.json: config error at /tags/1: the tag \"\" is empty"),
      row("config_tag_with_an_escape", {"\"seed\":1", R"("seed":1,"tags":["\u001b[31mred"])"}, {},
          2,
          "config error at /tags/0: the tag \"\\u001b[31mred\" holds the control character "
          "U+001B (ESC"),
  };
  return all;
}

// One test for the table: each row in a fresh folder, named in any failure.
TEST(ConfigWeakAnswers, AreRefusedNamingWhere) {
  for (const HostileRow& r : rows()) {
    SCOPED_TRACE(r.name);
    const test::TempDir dir;
    test::run_hostile_row(r, dir);
  }
}

TEST(ConfigWeakAnswers, TheRefusalsAreInTroubleshooting) {
  const std::vector<std::string> phrases = {
      "is not an integer, but a double holds it as",
      "so plab refuses such a number wherever it stands",
      "of the sweep axis",
      "two points would run the same config under one label",
      "holds the control character",
      "a tag is a label on one line",
      "was edited after plab wrote it",
  };
  for (const std::string& text : phrases) {
    EXPECT_TRUE(test::in_troubleshooting(text)) << text;
  }
}

// A finished folder of this config, its manifest then edited by `edit` (text replaced).
fs::path folder_edited(const test::TempDir& dir, const std::string& config, const std::string& from,
                       const std::string& to) {
  const fs::path out = test::run_into_folder(dir, config);
  std::string manifest = test::read_file(out / "manifest.json");
  const auto at = manifest.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) manifest.replace(at, from.size(), to);
  dir.write("o/manifest.json", manifest);
  return out;
}

const std::string kSmall =
    R"({"name":"r","seed":3,"repeats":2,"tags":["t"],"dataset":{"kind":"inline",)"
    R"("x":[[1,2],[2,1],[-1,-1],[-2,0]],"y":["a","a","b","b"],"positive":["a"]},)"
    R"("learners":[{"plugin":"perceptron"}],"init":{"kind":"gaussian","scale":0.1},)"
    R"("protocol":{"max_epochs":300},"sweep":{"/init/scale":[-0.0,0.1,1e2,2.5e-3]}})";

TEST(ConfigWeakAnswers, ResumeRefusesAConfigEditedInTheManifest) {
  const test::TempDir dir;
  const fs::path out = folder_edited(dir, kSmall, "\"max_epochs\":300", "\"max_epochs\":299");
  const std::string runs = test::read_file(out / "runs.jsonl");
  const std::string manifest = test::read_file(out / "manifest.json");
  const auto r = test::run_plab({"run", "--resume", out.string(), "--quiet", "--no-report"});
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("cannot resume '" + out.string() +
                       "': the \"config\" in its manifest.json was edited after plab wrote it"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(test::read_file(out / "runs.jsonl"), runs);
  EXPECT_EQ(test::read_file(out / "manifest.json"), manifest);
}

TEST(ConfigWeakAnswers, ResumeTakesAFolderWhoseManifestWasOnlyRetagged) {
  const test::TempDir dir;
  // Tags are no part of the experiment; the sweep's -0.0, 1e2 and 2.5e-3 read back the same.
  const fs::path out = folder_edited(dir, kSmall, "\"tags\":[\"t\"]", "\"tags\":[\"t\",\"u\"]");
  const auto r = test::run_plab({"run", "--resume", out.string(), "--quiet", "--no-report"});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(test::read_file(out / "manifest.json").find("\"config_identity_sha256\":\""),
            std::string::npos);
}

}  // namespace
}  // namespace plab
