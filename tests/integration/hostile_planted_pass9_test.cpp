// Files planted in a results folder, pass nine: the one rule for plab's own files (opened
// without following a link or waiting on a FIFO, a regular file of one name, else exit 2 naming
// it) checked for every command that touches each file: run --resume, --resume-if-present and
// --out, export --csv and --sqlite, report, report A B, verify (--replay), check and merge.
// Files plab replaces by rename (summaries, reports, figures, verify.json) may be links or hard
// links to a file outside: they are replaced, the file outside stays as it was
// (docs/trust-model.md, docs/results-folder.md). Each row checks the exit code, the answer and the
// victim.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "support/planted_files.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;
using test::AnswerRow;
using test::both;
using test::fifo;
using test::folder;
using test::hard_link;
using test::kVictim;
using test::link;
using test::Plant;
using test::socket_at;
using Args = std::vector<std::string>;

AnswerRow planted(std::string name, Plant plant, Args args, int exit_code, std::string fragment,
                  std::string file = "victim", std::string holds = kVictim) {
  return test::planted_row(test::kPlantedConfig, std::move(name), std::move(plant), std::move(args),
                           exit_code, std::move(fragment), std::move(file), std::move(holds));
}

AnswerRow claimed(std::string name, Plant plant, Args args, int exit_code, std::string fragment,
                  std::string file = "victim", std::string holds = kVictim) {
  return test::planted_row(test::kPlantedClaimedConfig, std::move(name), std::move(plant),
                           std::move(args), exit_code, std::move(fragment), std::move(file),
                           std::move(holds));
}

// Shards 0 and 1 of two of kPlantedConfig in s0 and s1, then the plant.
Plant sharded_then(Plant plant) {
  return [plant = std::move(plant)](const test::TempDir& dir) {
    test::run_into(dir, test::kPlantedConfig, "s0", {"--shard", "0/2"});
    test::run_into(dir, test::kPlantedConfig, "s1", {"--shard", "1/2"});
    plant(dir);
  };
}

// A copy of f in g (the second folder of report A B), then the plant.
Plant copied_then(Plant plant) {
  return [plant = std::move(plant)](const test::TempDir& dir) {
    fs::copy(dir / "f", dir / "g", fs::copy_options::recursive);
    plant(dir);
  };
}

const Args kResume = {"run", "--resume", "f", "--quiet", "--no-report"};
const Args kCsv = {"export", "f", "--csv", "o.csv"};
const Args kSqlite = {"export", "f", "--sqlite", "o.db"};
const Args kMerge = {"merge", "out", "s0", "s1"};
const std::string kFifo = "is not a regular file (it is a FIFO)";
const std::string kLink = "is not a regular file (it is a symbolic link)";
const std::string kOtherNames = "has other names (2 hard links to one file)";

const std::vector<AnswerRow>& rows() {
  static const std::vector<AnswerRow> all = {
      // run --resume: the lock, the records, the chain and the timings are refused; the reserve
      // and the summaries, made afresh, may be anything.
      planted("lock_fifo_resumed", fifo("f/.plab.lock"), kResume, 2, "'f/.plab.lock' " + kFifo),
      planted("lock_link_outside_resumed", link("../victim", "f/.plab.lock"), kResume, 2,
              "'f/.plab.lock' " + kLink),
      planted("lock_hard_link_resumed", hard_link("victim", "f/.plab.lock"), kResume, 2,
              "'f/.plab.lock' " + kOtherNames),
      planted("lock_link_to_dev_zero_resumed", link("/dev/zero", "f/.plab.lock"), kResume, 2,
              "'f/.plab.lock' " + kLink),
      planted("lock_dangling_link_resumed", link("../nothing", "f/.plab.lock"), kResume, 2,
              "'f/.plab.lock' " + kLink, "nothing", ""),
      planted("reserve_fifo_resumed", fifo("f/.plab.reserve"), kResume, 0, ""),
      planted("reserve_hard_link_resumed", hard_link("victim", "f/.plab.reserve"), kResume, 0, ""),
      planted("reserve_link_outside_resumed", link("../victim", "f/.plab.reserve"), kResume, 0, ""),
      planted("timings_link_outside_resumed", link("../victim", "f/timings.jsonl"), kResume, 2,
              "'f/timings.jsonl' " + kLink),
      planted("timings_hard_link_resumed", hard_link("victim", "f/timings.jsonl"), kResume, 2,
              "'f/timings.jsonl' " + kOtherNames),
      planted("timings_fifo_resumed", fifo("f/timings.jsonl"), kResume, 2,
              "'f/timings.jsonl' " + kFifo),
      planted("records_link_outside_resumed", link("../victim", "f/runs.jsonl"), kResume, 2,
              "'f/runs.jsonl' " + kLink),
      planted("records_hard_link_resumed", hard_link("victim", "f/runs.jsonl"), kResume, 2,
              "'f/runs.jsonl' " + kOtherNames),
      planted("chain_link_outside_resumed", link("../victim", "f/runs.sha256"), kResume, 2,
              "'f/runs.sha256' " + kLink),
      planted("chain_hard_link_resumed", hard_link("victim", "f/runs.sha256"), kResume, 2,
              "'f/runs.sha256' " + kOtherNames),
      planted("summary_link_outside_resumed", link("../victim", "f/summary.json"), kResume, 0, ""),
      planted("summary_hard_link_resumed", hard_link("victim", "f/summary.json"), kResume, 0, ""),
      planted("summary_csv_hard_link_resumed", hard_link("victim", "f/summary.csv"), kResume, 0,
              ""),
      planted("manifest_link_to_text_resumed", link("../victim", "f/manifest.json"), kResume, 2,
              "'f/manifest.json' " + kLink),
      planted("lock_hard_link_resumed_if_present", hard_link("victim", "f/.plab.lock"),
              {"run", "c.json", "--out", "f", "--resume-if-present", "--quiet", "--no-report"}, 2,
              "'f/.plab.lock' " + kOtherNames),
      // run --out a folder that holds only a planted lock
      planted("out_holding_a_lock_link", both(folder("e"), link("../victim", "e/.plab.lock")),
              {"run", "c.json", "--out", "e", "--quiet", "--no-report"}, 2,
              "'e/.plab.lock' " + kLink),
      planted("out_holding_a_lock_hard_link", both(folder("e"), hard_link("victim", "e/.plab.lock")),
              {"run", "c.json", "--out", "e", "--quiet", "--no-report"}, 2,
              "'e/.plab.lock' " + kOtherNames),
      planted("out_holding_a_lock_fifo", both(folder("e"), fifo("e/.plab.lock")),
              {"run", "c.json", "--out", "e", "--quiet", "--no-report"}, 2,
              "'e/.plab.lock' " + kFifo),
      // export
      planted("lock_fifo_csv", fifo("f/.plab.lock"), kCsv, 2, "'f/.plab.lock' " + kFifo, "o.csv",
              ""),
      planted("lock_folder_csv", folder("f/.plab.lock"), kCsv, 2,
              "'f/.plab.lock' is not a regular file (it is a folder)", "o.csv", ""),
      planted("lock_link_to_dev_zero_csv", link("/dev/zero", "f/.plab.lock"), kCsv, 2,
              "'f/.plab.lock' " + kLink, "o.csv", ""),
      // A reader's shared lock writes nothing through the lock: a hard-linked one (as in a cp -al
      // backup) is read, and the file it shares (victim) is left as it was.
      planted("lock_hard_link_csv", hard_link("victim", "f/.plab.lock"), kCsv, 0, "", "o.csv",
              "point"),
      planted("records_link_to_dev_zero_csv", link("/dev/zero", "f/runs.jsonl"), kCsv, 2,
              "'f/runs.jsonl' " + kLink, "o.csv", ""),
      planted("records_fifo_csv", fifo("f/runs.jsonl"), kCsv, 2, "'f/runs.jsonl' " + kFifo,
              "o.csv", ""),
      planted("chain_fifo_csv", fifo("f/runs.sha256"), kCsv, 2, "'f/runs.sha256' " + kFifo, "o.csv",
              ""),
      claimed("claims_fifo_csv", fifo("f/claims.json"), kCsv, 0, "", "o.csv", "point"),
      planted("timings_folder_csv", folder("f/timings.jsonl"), kCsv, 0, "", "o.csv", "point"),
      planted("manifest_socket_csv", socket_at("f/manifest.json"), kCsv, 2,
              "'f/manifest.json' is not a regular file (it is a socket)", "o.csv", ""),
      planted("lock_fifo_sqlite", fifo("f/.plab.lock"), kSqlite, 2, "'f/.plab.lock' " + kFifo,
              "o.db", ""),
      planted("lock_link_outside_sqlite", link("../victim", "f/.plab.lock"), kSqlite, 2,
              "'f/.plab.lock' " + kLink, "o.db", ""),
      planted("timings_fifo_sqlite", fifo("f/timings.jsonl"), kSqlite, 0, "", "o.db",
              "SQLite format 3"),
      planted("manifest_link_to_dev_zero_sqlite", link("/dev/zero", "f/manifest.json"), kSqlite, 2,
              "'f/manifest.json' " + kLink, "o.db", ""),
      // report DIR
      planted("lock_fifo_report", fifo("f/.plab.lock"), {"report", "f"}, 2,
              "'f/.plab.lock' " + kFifo),
      planted("lock_hard_link_report", hard_link("victim", "f/.plab.lock"), {"report", "f"}, 0,
              ""),
      planted("report_md_link_outside", link("../victim", "f/report.md"), {"report", "f"}, 0, ""),
      planted("report_md_hard_link", hard_link("victim", "f/report.md"), {"report", "f"}, 0, "",
              "f/report.md", "# perceptron-lab report"),
      planted("report_md_fifo", fifo("f/report.md"), {"report", "f"}, 0, "", "f/report.md",
              "# perceptron-lab report"),
      planted("report_html_hard_link", hard_link("victim", "f/report.html"), {"report", "f"}, 0,
              ""),
      planted("figure_png_hard_link",
              both(folder("f/plots"), hard_link("victim", "f/plots/mistakes_strip.png")),
              {"report", "f"}, 0, ""),
      planted("figure_data_link_outside",
              both(folder("f/plots"), link("../../victim", "f/plots/mistakes_strip.dat")),
              {"report", "f"}, 0, ""),
      planted("figure_svg_socket", both(folder("f/plots"), socket_at("f/plots/mistakes_strip.svg")),
              {"report", "f"}, 0, ""),
      planted("plots_a_link_to_a_folder_outside",
              [](const test::TempDir& dir) {
                fs::create_directories(dir / "outside");
                dir.write("outside/mistakes_strip.png", kVictim);
                link("../outside", "f/plots")(dir);
              },
              {"report", "f"}, 0, "", "outside/mistakes_strip.png", kVictim),
      claimed("summary_hard_link_to_text_report", hard_link("victim", "f/summary.json"),
              {"report", "f"}, 2, "f/summary.json: not JSON"),
      claimed("claims_hard_link_to_text_report", hard_link("victim", "f/claims.json"),
              {"report", "f"}, 2, "f/claims.json: not JSON"),
      claimed("trajectory_fifo_report", fifo("f/trajectory.jsonl"), {"report", "f"}, 2,
              "'f/trajectory.jsonl' " + kFifo),
      claimed("trajectory_link_to_dev_zero_report", link("/dev/zero", "f/trajectory.jsonl"),
              {"report", "f"}, 2, "'f/trajectory.jsonl' is not a regular file (it is a device)"),
      // report A B
      planted("first_lock_fifo_compared", copied_then(fifo("f/.plab.lock")),
              {"report", "f", "g", "--out", "out"}, 2, "'f/.plab.lock' " + kFifo),
      planted("first_lock_link_to_dev_zero_compared", copied_then(link("/dev/zero", "f/.plab.lock")),
              {"report", "f", "g", "--out", "out"}, 2, "'f/.plab.lock' " + kLink),
      planted("second_lock_hard_link_compared", copied_then(hard_link("victim", "g/.plab.lock")),
              {"report", "f", "g", "--out", "out"}, 0, ""),
      // verify
      planted("lock_fifo_verify", fifo("f/.plab.lock"), {"verify", "f"}, 2,
              "'f/.plab.lock' " + kFifo),
      planted("lock_dangling_link_verify", link("../nothing", "f/.plab.lock"), {"verify", "f"}, 2,
              "'f/.plab.lock' " + kLink),
      planted("verify_json_hard_link", hard_link("victim", "f/verify.json"), {"verify", "f"}, 0,
              ""),
      planted("chain_link_to_dev_zero_verify", link("/dev/zero", "f/runs.sha256"), {"verify", "f"},
              2, "'f/runs.sha256' is not a regular file"),
      planted("chain_folder_verify", folder("f/runs.sha256"), {"verify", "f"}, 2,
              "'f/runs.sha256' is not a regular file"),
      planted("timings_socket_verify", socket_at("f/timings.jsonl"), {"verify", "f"}, 2,
              "'f/timings.jsonl' is not a regular file"),
      claimed("trajectory_fifo_verify", fifo("f/trajectory.jsonl"), {"verify", "f"}, 2,
              "'f/trajectory.jsonl' is not a regular file"),
      planted("lock_fifo_replayed", fifo("f/.plab.lock"), {"verify", "f", "--replay", "1"}, 2,
              "'f/.plab.lock' " + kFifo),
      planted("verify_json_hard_link_replayed", hard_link("victim", "f/verify.json"),
              {"verify", "f", "--replay", "1"}, 0, ""),
      // check
      claimed("lock_fifo_check", fifo("f/.plab.lock"), {"check", "f"}, 2, "'f/.plab.lock' " + kFifo),
      claimed("claims_link_to_dev_zero_check", link("/dev/zero", "f/claims.json"), {"check", "f"},
              2, "'f/claims.json' is not a regular file (it is a device)"),
      claimed("claims_folder_check", folder("f/claims.json"), {"check", "f"}, 2,
              "'f/claims.json' is not a regular file (it is a folder)"),
      claimed("claims_hard_link_to_text_check", hard_link("victim", "f/claims.json"),
              {"check", "f"}, 2, "f/claims.json: not JSON"),
      // merge
      planted("shard_lock_fifo_merged", sharded_then(fifo("s0/.plab.lock")), kMerge, 2,
              "'s0/.plab.lock' " + kFifo),
      planted("shard_lock_link_outside_merged", sharded_then(link("../victim", "s1/.plab.lock")),
              kMerge, 2, "'s1/.plab.lock' " + kLink),
      // A reader's shared lock writes nothing through its lock: a hard-linked one (a cp -al copy
      // of a shard) is read, and the file it shares (victim) is left as it was.
      planted("shard_lock_hard_link_merged", sharded_then(hard_link("victim", "s0/.plab.lock")),
              kMerge, 0, "merged 2 shards"),
      planted("shard_timings_fifo_merged", sharded_then(fifo("s1/timings.jsonl")), kMerge, 2,
              "'s1/timings.jsonl' " + kFifo),
      planted("shard_chain_link_to_text_merged", sharded_then(link("../victim", "s0/runs.sha256")),
              kMerge, 2, "'s0/runs.sha256' is damaged"),
  };
  return all;
}

class HostilePlantedPass9 : public ::testing::TestWithParam<AnswerRow> {};

TEST_P(HostilePlantedPass9, GetsAClearAnswer) {
  const test::TempDir dir;
  test::check_answer_row(GetParam(), dir);
  EXPECT_EQ(test::read_file(dir / "victim"), kVictim);
}

INSTANTIATE_TEST_SUITE_P(Inputs, HostilePlantedPass9, ::testing::ValuesIn(rows()),
                         [](const auto& info) { return info.param.row.name; });

}  // namespace
}  // namespace plab
