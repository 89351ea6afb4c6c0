// The answers about a results folder's own place and files: something other than a regular file
// at manifest.json or runs.jsonl (named as what it is, for every command that reads a folder),
// and where `plab run --out` and `plab merge` may make a folder (docs/results-folder.md).
// Each row runs a small experiment into f (and its two shards into s0 and s1), plants, runs one
// command, and checks its exit code, its answer and one file.
#include <gtest/gtest.h>

#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include "support/answer_rows.hpp"
#include "support/planted_files.hpp"
#include "support/troubleshooting.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;
using test::AnswerRow;
using Args = std::vector<std::string>;
using test::fifo;
using test::folder;
using test::link;
using test::Plant;

const std::string kConfig =
    R"({"name":"answers","seed":5,"repeats":2,)"
    R"("dataset":{"kind":"inline","x":[[1,2],[2,1],[-1,-1],[-2,0]],"y":["a","a","b","b"],)"
    R"("positive":["a"]},"learners":[{"plugin":"perceptron"}],"protocol":{"max_epochs":20}})";

// Runs kConfig into f and its shards into s0 and s1, then plants.
Plant made_with_shards_then(Plant plant) {
  return [plant = std::move(plant)](const test::TempDir& dir) {
    test::run_into(dir, kConfig, "f");
    test::run_into(dir, kConfig, "s0", {"--shard", "0/2"});
    test::run_into(dir, kConfig, "s1", {"--shard", "1/2"});
    plant(dir);
  };
}

// A record cut off mid-write after f's two records, as a kill leaves it.
void tear(const test::TempDir& dir) {
  std::ofstream(dir / "f/runs.jsonl", std::ios::app) << R"({"broken":)";
}

AnswerRow row(std::string name, Plant plant, Args args, int exit_code, std::string fragment,
              std::string file = "", std::string holds = "") {
  return {{std::move(name), {}, std::move(args), exit_code, std::move(fragment), {}},
          std::move(file),
          std::move(holds),
          made_with_shards_then(std::move(plant))};
}

const std::string kFifo = "is not a regular file (it is a FIFO)";
const std::string kFolder = "is not a regular file (it is a folder)";

const std::vector<AnswerRow>& rows() {
  static const std::vector<AnswerRow> all = {
      row("manifest_a_fifo_for_report", fifo("f/manifest.json"), {"report", "f"}, 2,
          "'f/manifest.json' " + kFifo, "f/report.md"),
      row("manifest_a_fifo_for_verify", fifo("f/manifest.json"), {"verify", "f"}, 2,
          "'f/manifest.json' " + kFifo, "f/verify.json"),
      row("manifest_a_fifo_for_check", fifo("f/manifest.json"), {"check", "f"}, 2,
          "'f/manifest.json' " + kFifo),
      row("manifest_a_fifo_resumed", fifo("f/manifest.json"),
          {"run", "--resume", "f", "--quiet", "--no-report"}, 2, "'f/manifest.json' " + kFifo),
      row("manifest_a_fifo_exported", fifo("f/manifest.json"), {"export", "f", "--csv", "o.csv"}, 2,
          "'f/manifest.json' " + kFifo, "o.csv"),
      row("runs_a_folder_for_verify", folder("f/runs.jsonl"), {"verify", "f"}, 2,
          "'f/runs.jsonl' " + kFolder, "f/verify.json"),
      row("shard_manifest_a_fifo_merged", fifo("s1/manifest.json"), {"merge", "m", "s0", "s1"}, 2,
          "'s1/manifest.json' " + kFifo, "m"),
      row("shard_runs_a_fifo_merged", fifo("s1/runs.jsonl"), {"merge", "m", "s0", "s1"}, 2,
          "'s1/runs.jsonl' " + kFifo, "m"),
      row(
          "run_out_inside_a_results_folder", [](const test::TempDir&) {},
          {"run", "c.json", "--out", "f/sub", "--quiet", "--no-report"}, 2,
          "--out 'f/sub' is inside the results folder", "f/sub"),
      row(
          "merge_out_inside_a_shard", [](const test::TempDir&) {}, {"merge", "s0/sub", "s0", "s1"},
          2, "OUT 's0/sub' is inside the results folder", "s0/sub"),
      row("run_out_inside_a_results_folder_through_a_link", link("f", "lf"),
          {"run", "c.json", "--out", "lf/sub", "--quiet", "--no-report"}, 2,
          "is inside the results folder", "f/sub"),
      row(
          "merge_out_a_link_to_an_empty_folder",
          [](const test::TempDir& dir) {
            fs::create_directory(dir / "e");
            link("e", "ml")(dir);
          },
          {"merge", "ml", "s0", "s1"}, 0, "", "e/manifest.json", R"("status":"completed")"),
      row("merge_out_a_dangling_link", link("nowhere", "md"), {"merge", "md", "s0", "s1"}, 2,
          "OUT 'md' is a symbolic link to 'nowhere', which does not exist", "nowhere"),
      row("run_out_a_dangling_link", link("nowhere", "rl"),
          {"run", "c.json", "--out", "rl", "--quiet", "--no-report"}, 2,
          "--out 'rl' is a symbolic link to 'nowhere', which does not exist", "nowhere"),
      row(
          "latest_a_users_file_is_left",
          [](const test::TempDir& dir) { dir.write("results/answers/latest", "mine\n"); },
          {"run", "c.json", "--quiet", "--no-report"}, 0,
          "'results/answers/latest' is a file, not the link plab keeps there: it was left as it "
          "is",
          "results/answers/latest", "mine\n"),
      row("manifest_a_link_to_another_folders_manifest",
          link("../s0/manifest.json", "f/manifest.json"), {"export", "f", "--csv", "o.csv"}, 2,
          "'f/manifest.json' is not a regular file (it is a symbolic link)", "o.csv"),
      row("runs_a_link_for_verify", link("../s0/runs.jsonl", "f/runs.jsonl"), {"verify", "f"}, 2,
          "'f/runs.jsonl' is not a regular file (it is a symbolic link)", "f/verify.json"),
      row(
          "manifest_a_hard_link_is_read",
          [](const test::TempDir& dir) {
            fs::create_hard_link(dir / "f/manifest.json", dir / "backup.json");
          },
          {"export", "f", "--csv", "o.csv"}, 0, "", "o.csv", "point"),
      row(
          "comparison_report_a_link_outside",
          [](const test::TempDir& dir) {
            test::run_into(dir, kConfig, "g");
            const auto r =
                test::run_plab({"report", "f", "g", "--out", "cmp"}, dir.path().string());
            ASSERT_EQ(r.exit_code, 0) << r.err;
            dir.write("victim", "precious\n");
            fs::remove(dir / "cmp/report.md");
            link("../victim", "cmp/report.md")(dir);
          },
          {"report", "f", "g", "--out", "cmp", "--force"}, 2,
          "--out 'cmp' holds a report.md that is a symbolic link, not a report plab wrote",
          "victim", "precious\n"),
      row(
          "reserve_a_folder_resumed",
          [](const test::TempDir& dir) {
            tear(dir);
            dir.write("f/.plab.reserve/keep", "mine\n");
          },
          {"run", "--resume", "f", "--quiet", "--no-report"}, 2,
          "'f/.plab.reserve' is not a regular file (it is a folder)", "f/.plab.reserve/keep",
          "mine\n"),
      row("torn_last_line_exported", tear, {"export", "f", "--csv", "o.csv"}, 2,
          "f/runs.jsonl:3 is a torn last line (a run cut off mid-write)); plab run --resume f cuts "
          "it off and finishes the folder, then export it",
          "o.csv"),
  };
  return all;
}

class ResultsFolderAnswers : public ::testing::TestWithParam<AnswerRow> {};

TEST_P(ResultsFolderAnswers, NameWhatIsThere) {
  const test::TempDir dir;
  test::check_answer_row(GetParam(), dir);
}

TEST(ResultsFolderAnswers, AreInTroubleshooting) {
  for (const char* text : {"it is a FIFO", "it is a folder", "it is a symbolic link",
                           "a results folder is never made inside another one",
                           "which does not exist; plab follows a link only to a folder that exists",
                           "not the link plab keeps there: it was left as it is",
                           "a symbolic link, not a report plab wrote", "is a torn last line",
                           "plab run --resume DIR cuts it off and finishes the folder"})
    EXPECT_TRUE(test::in_troubleshooting(text)) << text;
}

INSTANTIATE_TEST_SUITE_P(Inputs, ResultsFolderAnswers, ::testing::ValuesIn(rows()),
                         [](const auto& info) { return info.param.row.name; });

}  // namespace
}  // namespace plab
