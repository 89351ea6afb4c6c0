// A `cp -al` backup of a results folder or of a shard, against a hostile user, pass eleven:
// every reader (verify, report, check, export, merge, report A B) reads the backup and the
// original alike, also with three names of one folder, a lock alone with a second name, or the
// original moved away, while `run --resume` refuses either copy, naming the lock's other names
// (docs/results-folder.md, docs/sweeps.md). Each row checks its exit code and answer, and that
// "victim", a file outside every folder, is as it was.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "support/planted_files.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;
using test::AnswerRow;
using test::Plant;
using Args = std::vector<std::string>;

// `to` made as `cp -al from to` does: the folders made anew, every file a second name.
Plant backup(std::string from, std::string to) {
  return [=](const test::TempDir& dir) {
    fs::create_directories(dir / to);
    for (const auto& entry : fs::recursive_directory_iterator(dir / from)) {
      const auto at = dir / to / fs::relative(entry.path(), dir / from);
      if (entry.is_directory())
        fs::create_directories(at);
      else
        fs::create_hard_link(entry.path(), at);
    }
  };
}

Plant shards_backed_up() {
  return [](const test::TempDir& dir) {
    for (const std::string shard : {"0", "1"}) {
      test::run_into(dir, test::kPlantedConfig, "s" + shard, {"--shard", shard + "/2"});
      backup("s" + shard, "b" + shard)(dir);
    }
  };
}

// `args` after folder f and its backup g (and `more`); `file` looked at.
AnswerRow read_row(
    std::string name, Args args, int exit_code, std::string fragment, std::string file = "victim",
    std::string holds = test::kVictim, Plant more = [](const test::TempDir&) {}) {
  return test::planted_row(test::kPlantedConfig, std::move(name),
                           test::both(backup("f", "g"), std::move(more)), std::move(args),
                           exit_code, std::move(fragment), std::move(file), std::move(holds));
}

const std::string kOtherNames = "has other names (2 hard links to one file)";

const std::vector<AnswerRow>& rows() {
  static const std::vector<AnswerRow> all = {
      read_row("verify_the_original", {"verify", "f"}, 0, ""),
      read_row("verify_the_backup", {"verify", "g"}, 0, ""),
      read_row("report_the_backup", {"report", "g"}, 0, "", "g/report.md", "planted"),
      read_row("report_the_original", {"report", "f"}, 0, "", "f/report.md", "planted"),
      read_row("check_the_backup_without_claims", {"check", "g"}, 2, "has no claims.json"),
      read_row("export_both_to_csv", {"export", "f", "g", "--csv", "o.csv"}, 0, "", "o.csv",
               "planted"),
      read_row("export_the_backup_to_a_database", {"export", "g", "--sqlite", "o.db"}, 0, "",
               "o.db", "SQLite format 3"),
      read_row("compare_the_backup_with_the_original", {"report", "g", "f", "--out", "cmp"}, 0, "",
               "cmp/report.md", "comparison"),
      read_row("verify_a_third_name", {"verify", "h"}, 0, "", "victim", test::kVictim,
               backup("f", "h")),
      read_row("export_after_the_original_moved", {"export", "g", "--csv", "o.csv"}, 0, "", "o.csv",
               "planted", [](const test::TempDir& dir) { fs::rename(dir / "f", dir / "moved"); }),
      read_row("verify_with_the_lock_alone_linked_out", {"verify", "f"}, 0, "", "victim",
               test::kVictim, test::hard_link("f/.plab.lock", "lock2")),
      read_row("resume_the_backup", {"run", "--resume", "g", "--quiet", "--no-report"}, 2,
               kOtherNames),
      read_row("resume_the_original", {"run", "--resume", "f", "--quiet", "--no-report"}, 2,
               kOtherNames),
      test::planted_row(test::kPlantedConfig, "merge_backed_up_shards", shards_backed_up(),
                        {"merge", "m", "b0", "b1"}, 0, "", "m/manifest.json", "completed"),
      test::planted_row(test::kPlantedConfig, "merge_an_original_and_a_backup", shards_backed_up(),
                        {"merge", "m", "s0", "b1"}, 0, "", "m/manifest.json", "completed"),
      test::planted_row(test::kPlantedConfig, "resume_a_backed_up_shard", shards_backed_up(),
                        {"run", "--resume", "s0", "--quiet", "--no-report"}, 2, kOtherNames),
  };
  return all;
}

class HostileBackupsPass11 : public ::testing::TestWithParam<AnswerRow> {};

TEST_P(HostileBackupsPass11, GetsAClearAnswer) {
  const test::TempDir dir;
  EXPECT_NO_FATAL_FAILURE(test::check_answer_row(GetParam(), dir));
  EXPECT_EQ(test::read_file(dir / "victim"), test::kVictim);
}

INSTANTIATE_TEST_SUITE_P(Inputs, HostileBackupsPass11, ::testing::ValuesIn(rows()),
                         [](const auto& info) { return info.param.row.name; });

}  // namespace
}  // namespace plab
