// plab run, verify and describe against a hostile user, pass eight: integers written with more
// digits than a double keeps (1.0000000000000000001), sweep axes that list one value twice in
// another spelling, tags that are empty, hold control characters or repeat, shards that do
// not exist, and --replay counts that are not counts (docs/config-reference.md). Each row has
// its exit code and a fragment of the answer; after a run, a fragment of its manifest.json.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "support/answer_rows.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;
using test::AnswerRow;
using Args = std::vector<std::string>;

// Four inline rows, the perceptron with a step size, two repeats; `more` goes in before the closing
// brace.
std::string config(const std::string& more = "") {
  return R"({"name":"opt","seed":7,"repeats":2,)"
         R"("dataset":{"kind":"inline","x":[[1,2],[2,1],[-1,-1],[-2,0]],"y":["a","a","b","b"],)"
         R"("positive":["a"]},"learners":[{"plugin":"eta_perceptron","params":{"eta":1}}],)"
         R"("protocol":{"max_epochs":20})" +
         more + "}";
}

// `plab run c.json --out out --quiet --no-report extra...` of config(more).
AnswerRow run(std::string name, Args extra, int exit_code, std::string fragment,
              std::string holds = "", std::string more = "") {
  Args args = {"run", "c.json", "--out", "out", "--quiet", "--no-report"};
  args.insert(args.end(), extra.begin(), extra.end());
  return {{std::move(name),
           {{"c.json", config(more)}},
           std::move(args),
           exit_code,
           std::move(fragment),
           {}},
          exit_code == 0 ? "out/manifest.json" : "",
          std::move(holds)};
}

// `plab args...` with nothing written before.
AnswerRow plain(std::string name, Args args, int exit_code, std::string fragment) {
  return {{std::move(name), {}, std::move(args), exit_code, std::move(fragment), {}}, "", ""};
}

// `plab verify out --replay count` of a complete run of config().
AnswerRow replay(std::string name, std::string count, int exit_code, std::string fragment) {
  return {{std::move(name),
           {{"c.json", config()}},
           {"verify", "made", "--replay", count},
           exit_code,
           std::move(fragment),
           {}},
          "",
          "",
          [](const test::TempDir& dir) {
            const auto r =
                test::run_plab({"run", dir.write("made.json", config()).string(), "--out",
                                (dir / "made").string(), "--quiet", "--no-report"});
            ASSERT_EQ(r.exit_code, 0) << r.err;
          }};
}

const std::string kHeldAs = "is not an integer, but a double holds it as ";
const std::string kSameConfig = "two points would run the same config under one label";
const std::string kTagLine = "a tag is a label on one line";
const std::string kNotACount = "is not a number of records: give a count of at least 1, or 'all'";

const std::vector<AnswerRow>& rows() {
  static const std::vector<AnswerRow> all = {
      {{"repeats_over_precise_in_the_file",
        {{"c.json", R"({"repeats":1.0000000000000000001})"}},
        {"run", "c.json", "--out", "out"},
        2,
        "the number 1.0000000000000000001 at /repeats " + kHeldAs + "1",
        {}},
       "",
       ""},
      run("seed_over_precise_by_set", {"--set", "/seed=7.0000000000000000000001"}, 2,
          "the number 7.0000000000000000000001 " + kHeldAs + "7"),
      run("repeats_underflowing_to_zero", {"--set", "/repeats=2e-400"}, 2,
          "the number 2e-400 " + kHeldAs + "0"),
      run("range_end_over_precise", {"--sweep", "/seed=range(1,3.0000000000000000001)"}, 2,
          "the argument 3.0000000000000000001 " + kHeldAs + "3"),
      run("seed_two_to_the_64", {"--set", "/seed=18446744073709551616"}, 2,
          "config error at /seed: expected an integer from 0 to 18446744073709551615"),
      run("max_epochs_in_exponent_form", {"--set", "/protocol/max_epochs=3e1"}, 0, "",
          R"("max_epochs":30)"),
      run("sweep_half_and_half_in_the_file", {}, 2,
          "the value 0.5 (position 1) equals 0.5 (position 0) of the sweep axis "
          "/learners/0/params/eta; " +
              kSameConfig,
          "", R"(,"sweep":{"/learners/0/params/eta":[0.5,0.50]})"),
      run("sweep_seed_three_one_three", {"--sweep", "/seed=3,1,3"}, 2,
          "the value 3 (position 2) equals 3 (position 0) of the sweep axis /seed"),
      run("sweep_one_and_one_e_zero", {"--sweep", "/seed=1,1e0"}, 2,
          "the value 1.0 (position 1) equals 1 (position 0) of the sweep axis /seed"),
      run("sweep_one_pointer_twice", {"--sweep", "/seed=1,2", "--sweep", "/seed=3"}, 2,
          "sweeps /seed again, after '--sweep /seed=1,2'"),
      run("sweep_values_one_double_apart_in_text",
          {"--sweep", "/learners/0/params/eta=0.1,0.10000000000000001"}, 2,
          "the value 0.1 (position 1) equals 0.1 (position 0)"),
      run("tags_repeated_and_a_leading_space", {}, 0, "", R"("tags":["a"," b"])",
          R"(,"tags":["a","a"," b"])"),
      run("tag_empty", {"--tag", ""}, 2, "--tag \"\" (--tag number 1 of 1) is empty; " + kTagLine),
      run("tag_with_a_tab", {"--tag", "a\tb"}, 2,
          "holds the control character U+0009 (a tab); " + kTagLine),
      run("tag_with_next_line", {"--tag", "x\xc2\x85y"}, 2,
          "holds the control character U+0085; " + kTagLine),
      run("tag_option_twice_and_another", {"--tag", "x", "--tag", "x", "--tag", "y"}, 0, "",
          R"("tags":["x","y"])"),
      run("tags_holding_a_number", {"--set", R"(/tags=["ok",3])"}, 2,
          "config error at /tags/1: expected a string, found the number 3"),
      run("tags_empty_list", {"--set", "/tags=[]"}, 0, "", R"("tags":[])"),
      run("shard_index_equal_to_count", {"--shard", "2/2"}, 2,
          "--shard '2/2' is not of the form I/N with 0 <= I < N"),
      run("shard_of_zero", {"--shard", "0/0"}, 2, "--shard '0/0' is not of the form I/N"),
      run("set_into_params_that_are_not_there", {"--set", "/learners/0/params/x/y=1"}, 2,
          "does not lead into the config"),
      {{"out_an_empty_folder",
        {{"c.json", config()}},
        {"run", "c.json", "--out", "o", "--quiet", "--no-report"},
        0,
        "",
        {}},
       "o/manifest.json",
       R"("status":"completed")",
       [](const test::TempDir& dir) { fs::create_directory(dir / "o"); }},
      {{"out_a_folder_holding_a_file",
        {{"c.json", config()}, {"o/mine.txt", "mine\n"}},
        {"run", "c.json", "--out", "o", "--quiet", "--no-report"},
        2,
        "--out 'o' already holds files; results are never overwritten",
        {}},
       "o/mine.txt",
       "mine\n"},
      replay("replay_zero", "0", 2, "--replay '0' " + kNotACount),
      replay("replay_minus_one", "-1", 2, "--replay '-1' " + kNotACount),
      replay("replay_a_list", "1,1", 2, "--replay '1,1' " + kNotACount),
      replay("replay_more_than_recorded", "3", 2,
             "--replay 3 asks for more records than the 2 in made/runs.jsonl"),
      plain("describe_unknown", {"describe", "nosuch"}, 3, "plugin 'nosuch' was not found"),
      plain("describe_in_capitals", {"describe", "Perceptron"}, 3,
            "plugin 'Perceptron' was not found"),
      plain("describe_empty_name", {"describe", ""}, 2, "a plugin name is empty"),
      plain("describe_two_names", {"describe", "perceptron", "extra"}, 2,
            "too many positional options have been specified on the command line"),
      plain("describe_a_path_without_so", {"describe", "./perceptron"}, 3,
            "plugin './perceptron' does not exist or is not a file"),
  };
  return all;
}

class HostileRunOptionsPass8 : public ::testing::TestWithParam<AnswerRow> {};

TEST_P(HostileRunOptionsPass8, GetsAClearAnswer) {
  const test::TempDir dir;
  test::check_answer_row(GetParam(), dir);
}

INSTANTIATE_TEST_SUITE_P(Inputs, HostileRunOptionsPass8, ::testing::ValuesIn(rows()),
                         [](const auto& info) { return info.param.row.name; });

}  // namespace
}  // namespace plab
