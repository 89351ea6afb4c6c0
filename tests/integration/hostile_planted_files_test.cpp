// Files planted in a results folder, pass eight: symbolic links to a file outside, FIFOs, a
// device and folders where plab keeps its own files (plots/, claims.json, verify.json,
// report.html, timings.jsonl, .plab.lock, manifest.json, runs.sha256), and databases aimed
// into a folder through links (docs/trust-model.md, docs/results-folder.md). Each row runs a
// small experiment into f, plants, runs one command and checks its exit code and answer, that
// nothing hangs, and that the file outside the folder, "victim", is as it was.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "support/planted_files.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;
using test::AnswerRow;
using test::exported_then;
using test::fifo;
using test::folder;
using test::kVictim;
using test::link;
using test::Plant;
using Args = std::vector<std::string>;

// Runs `args` after made_then(plant); `file` (victim unless named) looked at.
AnswerRow planted(std::string name, Plant plant, Args args, int exit_code, std::string fragment,
                  std::string file = "victim", std::string holds = kVictim) {
  return test::planted_row(test::kPlantedConfig, std::move(name), std::move(plant), std::move(args),
                           exit_code, std::move(fragment), std::move(file), std::move(holds));
}

const std::string kNotRegular = "is not a regular file (it is a ";
const std::string kInside = "is inside the results folder";

const std::vector<AnswerRow>& rows() {
  static const std::vector<AnswerRow> all = {
      planted("plots_a_link_to_a_file_outside", link("../victim", "f/plots"), {"report", "f"}, 0,
              ""),
      planted(
          "plots_a_regular_file",
          [](const test::TempDir& dir) { dir.write("f/plots", "notadir\n"); }, {"report", "f"}, 4,
          "cannot make the figures' folder 'f/plots': it is a file", "f/plots", "notadir\n"),
      planted("plots_a_fifo", fifo("f/plots"), {"report", "f"}, 4,
              "cannot make the figures' folder 'f/plots': it is no folder"),
      planted(
          "ratio_box_script_a_link_outside",
          [](const test::TempDir& dir) {
            fs::create_directory(dir / "f/plots");
            link("../../victim", "f/plots/ratio_box.gp")(dir);
          },
          {"report", "f"}, 0, ""),
      planted(
          "figure_scripts_that_are_fifos",
          [](const test::TempDir& dir) {
            fs::create_directory(dir / "f/plots");
            fifo("f/plots/ratio_box.gp")(dir);
            fifo("f/plots/mistakes_strip.png")(dir);
          },
          {"report", "f"}, 0, ""),
      planted("claims_a_fifo_for_check", fifo("f/claims.json"), {"check", "f"}, 2,
              "'f/claims.json' " + kNotRegular + "FIFO)"),
      planted("claims_a_fifo_for_report", fifo("f/claims.json"), {"report", "f"}, 2,
              "'f/claims.json' " + kNotRegular + "FIFO)"),
      planted("verify_json_a_fifo", fifo("f/verify.json"), {"verify", "f"}, 0, "", "f/verify.json",
              "{"),
      planted("verify_json_a_folder", folder("f/verify.json"), {"verify", "f"}, 2,
              "'f/verify.json' is a folder; plab writes a file there"),
      planted("verify_json_a_link_outside", link("../victim", "f/verify.json"), {"verify", "f"}, 0,
              ""),
      planted("report_html_a_link_outside", link("../victim", "f/report.html"), {"report", "f"}, 0,
              ""),
      planted("timings_a_link_to_dev_zero_resumed", link("/dev/zero", "f/timings.jsonl"),
              {"run", "--resume", "f", "--quiet", "--no-report"}, 2,
              "'f/timings.jsonl' " + kNotRegular + "symbolic link)"),
      planted("timings_a_link_to_dev_zero_verified", link("/dev/zero", "f/timings.jsonl"),
              {"verify", "f"}, 2, "'f/timings.jsonl' " + kNotRegular + "device)"),
      planted("timings_a_link_to_dev_zero_exported", link("/dev/zero", "f/timings.jsonl"),
              {"export", "f", "--csv", "o.csv"}, 0, "", "o.csv", "point"),
      planted("lock_a_folder_for_report", folder("f/.plab.lock"), {"report", "f"}, 2,
              "'f/.plab.lock' " + kNotRegular + "folder)"),
      planted("lock_a_folder_resumed", folder("f/.plab.lock"),
              {"run", "--resume", "f", "--quiet", "--no-report"}, 2,
              "'f/.plab.lock' " + kNotRegular + "folder)"),
      planted("manifest_a_fifo_exported", fifo("f/manifest.json"),
              {"export", "f", "--sqlite", "o.db"}, 2, "'f/manifest.json' " + kNotRegular + "FIFO)",
              "o.db", ""),
      planted("chain_a_fifo_exported", fifo("f/runs.sha256"), {"export", "f", "--sqlite", "o.db"},
              2, "'f/runs.sha256' " + kNotRegular + "FIFO)", "o.db", ""),
      planted("database_through_a_linked_folder", link("f", "l"),
              {"export", "f", "--sqlite", "l/q.db"}, 2, kInside, "f/q.db", ""),
      planted("database_a_dangling_link_into_the_folder", link("f/new.db", "l.db"),
              {"export", "f", "--sqlite", "l.db"}, 2, "'l.db' " + kNotRegular + "symbolic link)",
              "f/new.db", ""),
      planted(
          "database_at_the_reserve_name", [](const test::TempDir&) {},
          {"export", "f", "--sqlite", "f/.plab.reserve"}, 2, kInside, "f/.plab.reserve", ""),
      planted(
          "database_under_a_missing_subfolder", [](const test::TempDir&) {},
          {"export", "f", "--sqlite", "f/a/b/x.db"}, 2, kInside, "f/a", ""),
      planted("database_journal_a_folder", exported_then(folder("q.db-journal")),
              {"export", "f", "--sqlite", "q.db"}, 2,
              "'q.db-journal' beside the SQLite database 'q.db' is a folder"),
      planted("database_journal_a_link_to_dev_zero",
              exported_then(link("/dev/zero", "q.db-journal")), {"export", "f", "--sqlite", "q.db"},
              2, "'q.db-journal' beside the SQLite database 'q.db' is a symbolic link"),
      planted(
          "database_a_hard_link_to_the_records",
          [](const test::TempDir& dir) {
            fs::create_hard_link(dir / "f/runs.jsonl", dir / "h.db");
          },
          {"export", "f", "--sqlite", "h.db"}, 2,
          "'h.db' has other names (2 hard links to one file)"),
  };
  return all;
}

class HostilePlantedFiles : public ::testing::TestWithParam<AnswerRow> {};

TEST_P(HostilePlantedFiles, GetsAClearAnswer) {
  const test::TempDir dir;
  test::check_answer_row(GetParam(), dir);
  EXPECT_EQ(test::read_file(dir / "victim"), kVictim);
}

INSTANTIATE_TEST_SUITE_P(Inputs, HostilePlantedFiles, ::testing::ValuesIn(rows()),
                         [](const auto& info) { return info.param.row.name; });

}  // namespace
}  // namespace plab
