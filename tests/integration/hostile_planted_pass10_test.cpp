// Files planted in a results folder, pass ten: every temporary name plab writes afresh
// (verify.json.tmp, report.md.tmp, report.html.tmp, claims.json.tmp, summary.json.tmp,
// summary.csv.tmp, manifest.json.tmp, and the comparison's .report.md.new and
// .report.html.new with their .tmp) as a socket, a link to /dev/zero, a dangling link, a link
// outside, a hard link to a file outside or a FIFO, and shards whose timing lines are damaged
// in new ways (an overflow, true, text, a fraction, trailing bytes, a BOM, another repeat, a
// line too many) or only spelt otherwise (minus zero, a capital exponent, null, spaces: merged,
// as verify reads them). Each row checks the exit code, the answer, that no temporary file is
// left and that "victim", a file outside every folder, is as it was (docs/trust-model.md,
// docs/sweeps.md).
#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "support/planted_files.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;
using test::AnswerRow;
using test::both;
using test::fifo;
using test::hard_link;
using test::kVictim;
using test::link;
using test::Plant;
using test::socket_at;
using Args = std::vector<std::string>;

AnswerRow in_f(std::string name, Plant plant, Args args, int exit_code, std::string fragment,
               std::string file = "victim", std::string holds = kVictim) {
  return test::planted_row(test::kPlantedConfig, std::move(name), std::move(plant), std::move(args),
                           exit_code, std::move(fragment), std::move(file), std::move(holds));
}

AnswerRow claimed(std::string name, Plant plant, Args args) {
  return test::planted_row(test::kPlantedClaimedConfig, std::move(name), std::move(plant),
                           std::move(args), 0, "");
}

// A second folder g, a copy of f, and the comparison of f and g drawn once into c, then `plant`.
Plant compared_then(Plant plant) {
  return [plant = std::move(plant)](const test::TempDir& dir) {
    fs::copy(dir / "f", dir / "g", fs::copy_options::recursive);
    const auto r = test::run_plab(
        {"report", (dir / "f").string(), (dir / "g").string(), "--out", (dir / "c").string()});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    plant(dir);
  };
}

// Shards 0 and 1 of kPlantedConfig in s0 and s1, then s1's timing line made `edit(line)`.
using LineEdit = std::function<std::string(std::string)>;

Plant shards_with(LineEdit edit) {
  return [edit = std::move(edit)](const test::TempDir& dir) {
    test::run_into(dir, test::kPlantedConfig, "s0", {"--shard", "0/2"});
    test::run_into(dir, test::kPlantedConfig, "s1", {"--shard", "1/2"});
    std::string text = test::read_file(dir / "s1/timings.jsonl");
    ASSERT_TRUE(text.ends_with("}\n")) << text;
    dir.write("s1/timings.jsonl", edit(text.substr(0, text.size() - 1)) + "\n");
  };
}

// The line with the value of `key` (up to the next ',' or '}') replaced by `value`.
LineEdit valued(std::string key, std::string value) {
  return [=](std::string line) {
    const auto at = line.find("\"" + key + "\":") + key.size() + 3;
    return line.replace(at, line.find_first_of(",}", at) - at, value);
  };
}

// The line with its first `from` made `to`.
LineEdit spelt(std::string from, std::string to) {
  return [=](std::string line) { return line.replace(line.find(from), from.size(), to); };
}

AnswerRow merged(std::string name, LineEdit edit, int exit_code, std::string fragment) {
  return {{std::move(name), {}, {"merge", "out", "s0", "s1"}, exit_code, std::move(fragment), {}},
          exit_code == 0 ? "out/timings.jsonl" : "",
          exit_code == 0 ? R"("repeat":1)" : "",
          shards_with(std::move(edit))};
}

const Args kVerify = {"verify", "f"};
const Args kReport = {"report", "f"};
const Args kResume = {"run", "--resume", "f", "--quiet", "--no-report"};
const Args kCompare = {"report", "f", "g", "--out", "c", "--force"};
const std::string kNotTiming = "timings.jsonl:1: not a timing line as plab writes it";

const std::vector<AnswerRow>& rows() {
  static const std::vector<AnswerRow> all = {
      // verify
      in_f("verify_tmp_a_socket", socket_at("f/verify.json.tmp"), kVerify, 0, ""),
      in_f("verify_tmp_a_link_to_dev_zero", link("/dev/zero", "f/verify.json.tmp"), kVerify, 0, ""),
      in_f("verify_tmp_a_dangling_link", link("../nothing", "f/verify.json.tmp"), kVerify, 0, ""),
      in_f("verify_tmp_a_link_to_the_victim", link("../victim", "f/verify.json.tmp"),
           {"verify", "f", "--replay", "1"}, 0, ""),
      in_f("verify_json_a_link_outside", link("../victim", "f/verify.json"), kVerify, 0, ""),
      in_f("verify_json_a_fifo", fifo("f/verify.json"), kVerify, 0, "", "f/verify.json",
           R"("verdict":"clean")"),
      // report DIR
      in_f("report_md_tmp_a_socket", socket_at("f/report.md.tmp"), kReport, 0, "", "f/report.md",
           "# perceptron-lab report"),
      in_f("report_md_tmp_a_link_to_dev_zero", link("/dev/zero", "f/report.md.tmp"), kReport, 0,
           ""),
      in_f("report_html_tmp_a_dangling_link", link("../nothing", "f/report.html.tmp"), kReport, 0,
           ""),
      in_f("report_html_tmp_a_hard_link_outside", hard_link("victim", "f/report.html.tmp"), kReport,
           0, ""),
      in_f("report_html_tmp_a_fifo", fifo("f/report.html.tmp"), kReport, 0, "", "f/report.html",
           "<html"),
      claimed("claims_tmp_a_link_outside", link("../victim", "f/claims.json.tmp"), kReport),
      claimed("claims_tmp_a_fifo", fifo("f/claims.json.tmp"), kReport),
      claimed("claims_tmp_a_hard_link_outside", hard_link("victim", "f/claims.json.tmp"), kReport),
      // run --resume of the complete folder: the summaries and the manifest are written again
      in_f("summary_tmp_a_link_to_dev_zero", link("/dev/zero", "f/summary.json.tmp"), kResume, 0,
           ""),
      in_f("summary_tmp_a_hard_link_outside", hard_link("victim", "f/summary.json.tmp"), kResume, 0,
           ""),
      in_f("summary_csv_tmp_a_fifo", fifo("f/summary.csv.tmp"), kResume, 0, ""),
      in_f("summary_csv_tmp_a_dangling_link", link("../nothing", "f/summary.csv.tmp"), kResume, 0,
           ""),
      in_f("manifest_tmp_a_fifo", fifo("f/manifest.json.tmp"), kResume, 0, ""),
      in_f("manifest_tmp_a_socket", socket_at("f/manifest.json.tmp"), kResume, 0, ""),
      in_f("manifest_tmp_a_link_outside", link("../victim", "f/manifest.json.tmp"), kResume, 0, ""),
      in_f("summary_csv_a_hard_link_outside", hard_link("victim", "f/summary.csv"), kResume, 0, ""),
      // report A B into c
      in_f("comparison_md_new_a_link_outside", compared_then(link("../victim", "c/.report.md.new")),
           kCompare, 0, "", "c/report.md", "comparison"),
      in_f("comparison_html_new_a_fifo", compared_then(fifo("c/.report.html.new")), kCompare, 0, "",
           "c/report.html", "<html"),
      in_f("comparison_md_new_tmp_a_hard_link_outside",
           compared_then(hard_link("victim", "c/.report.md.new.tmp")), kCompare, 0, ""),
      in_f("comparison_html_new_tmp_a_link_to_dev_zero",
           compared_then(link("/dev/zero", "c/.report.html.new.tmp")), kCompare, 0, ""),
      in_f("comparison_html_new_tmp_a_socket", compared_then(socket_at("c/.report.html.new.tmp")),
           kCompare, 0, ""),
      in_f("comparison_report_md_a_link_outside", compared_then(link("../victim", "c/report.md")),
           kCompare, 2, "holds a report.md that is a symbolic link"),
      in_f("comparison_report_html_a_hard_link_outside",
           compared_then(hard_link("victim", "c/report.html")), kCompare, 0, "", "c/report.html",
           "<html"),
      // a shard's timing line damaged: refused, nothing written
      merged("timing_seconds_beyond_a_double", valued("seconds", "1e999"), 2, kNotTiming),
      merged("timing_seconds_true", valued("train_seconds", "true"), 2, kNotTiming),
      merged("timing_seconds_as_text", valued("seconds", "\"1\""), 2, kNotTiming),
      merged("timing_repeat_a_fraction", valued("repeat", "1.0"), 2, kNotTiming),
      merged("timing_bytes_after_the_object", spelt("}", "}x"), 2, kNotTiming),
      merged("timing_a_byte_order_mark", spelt("{", "\xef\xbb\xbf{"), 2, kNotTiming),
      merged("timing_of_another_repeat", valued("repeat", "0"), 2, "(out of step with runs.jsonl)"),
      merged(
          "timing_line_twice", [](std::string line) { return line + "\n" + line; }, 2,
          "a line past runs.jsonl's last record"),
      // spelt otherwise, read as verify reads it: merged
      merged("timing_seconds_minus_zero", valued("seconds", "-0"), 0, ""),
      merged("timing_seconds_with_a_capital_exponent", valued("seconds", "5E-7"), 0, ""),
      merged("timing_seconds_null", valued("seconds", "null"), 0, ""),
      merged("timing_a_space_after_a_colon", spelt("\"seconds\":", "\"seconds\": "), 0, ""),
      merged("timing_a_leading_space", spelt("{", " {"), 0, ""),
      merged("timing_point_minus_zero", valued("point", "-0"), 0, ""),
  };
  return all;
}

class HostilePlantedPass10 : public ::testing::TestWithParam<AnswerRow> {};

TEST_P(HostilePlantedPass10, GetsAClearAnswer) {
  const test::TempDir dir;
  EXPECT_NO_FATAL_FAILURE(test::check_answer_row(GetParam(), dir));
  if (fs::exists(dir / "victim")) {
    EXPECT_EQ(test::read_file(dir / "victim"), kVictim);
  }
}

INSTANTIATE_TEST_SUITE_P(Inputs, HostilePlantedPass10, ::testing::ValuesIn(rows()),
                         [](const auto& info) { return info.param.row.name; });

}  // namespace
}  // namespace plab
