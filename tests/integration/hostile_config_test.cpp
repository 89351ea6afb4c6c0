// Hostile inputs to plab run's command line and config, through the real binary, as a table:
// odd JSON, --set and --sweep pointers, --lanes, --threads, --shard and the schedulers'
// variables, --out targets and plugins. Each row has its exit code and a fragment of its
// answer; none may end in an internal error, a crash or a refusal that leaves a folder.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "support/hostile_table.hpp"

namespace plab {
namespace {

using test::HostileRow;
using Args = std::vector<std::string>;

const std::string kData = "a,b,y\n1,2,p\n-1,-2,n\n2,1,p\n-2,-1,n\n";
const std::string kConfig =
    R"({"name":"h","seed":1,"repeats":2,"dataset":{"kind":"csv","path":"d.csv","label":"y",)"
    R"("positive":["p"]},"learners":[{"plugin":"perceptron"}],"protocol":{"max_epochs":50}})";

// kConfig with its first `from` replaced by `to`.
std::string config_with(const std::string& from, const std::string& to) {
  std::string text = kConfig;
  text.replace(text.find(from), from.size(), to);
  return text;
}

// `plab run c.json --out out` on this config text and the four-row CSV, with `extra`.
HostileRow run(std::string name, std::string config, Args extra, int exit_code,
               std::string fragment, std::vector<std::string> env = {}) {
  Args args{"run", "c.json", "--out", "out", "--quiet", "--no-report"};
  args.insert(args.end(), extra.begin(), extra.end());
  return {std::move(name),     {{"c.json", std::move(config)}, {"d.csv", kData}},
          std::move(args),     exit_code,
          std::move(fragment), std::move(env)};
}

HostileRow set(std::string name, Args extra, int exit_code, std::string fragment) {
  return run(std::move(name), kConfig, std::move(extra), exit_code, std::move(fragment));
}

HostileRow json(std::string name, std::string config, int exit_code, std::string fragment) {
  return run(std::move(name), std::move(config), {}, exit_code, std::move(fragment));
}

// `--plan --shard auto` under these scheduler variables.
HostileRow scheduler(std::string name, std::vector<std::string> env, std::string shard,
                     int exit_code, std::string fragment) {
  return run(std::move(name), kConfig, {"--plan", "--shard", std::move(shard)}, exit_code,
             std::move(fragment), std::move(env));
}

HostileRow command(std::string name, Args args, int exit_code, std::string fragment) {
  return {std::move(name), {}, std::move(args), exit_code, std::move(fragment), {}};
}

const std::string kRan = "converged";
const std::string kSlurm = "SLURM_ARRAY_TASK_";

const std::vector<HostileRow>& rows() {
  static const std::vector<HostileRow> all = {
      // The JSON itself.
      json("bom_before_the_config", "\xEF\xBB\xBF" + kConfig, 0, kRan),
      json("crlf_config", config_with(",\"repeats\"", ",\r\n\"repeats\""), 0, kRan),
      json("text_after_the_object", kConfig + "\n{}", 2, "expected end of input"),
      json("seed_twice", config_with("\"seed\":1", "\"seed\":1,\"seed\":2"), 2,
           "the key \"seed\" appears twice in one object"),
      json("repeats_2e0", config_with("\"repeats\":2", "\"repeats\":2e0"), 0, kRan),
      json("repeats_minus_zero", config_with("\"repeats\":2", "\"repeats\":-0"), 2,
           "config error at /repeats: expected an integer from 1 to 9223372036854775807"),
      json("seed_2_to_the_64", config_with("\"seed\":1", "\"seed\":18446744073709551616"), 2,
           "config error at /seed: expected an integer from 0 to 18446744073709551615"),
      json("name_with_a_slash", config_with("\"name\":\"h\"", "\"name\":\"h/../x\""), 2,
           "'h/../x' cannot name a results folder: use only A-Z a-z 0-9 . _ -"),
      json("name_not_ascii", config_with("\"name\":\"h\"", "\"name\":\"\xC3\xA9\""), 2,
           "cannot name a results folder"),
      json("name_as_an_escape", config_with("\"name\":\"h\"", R"("name":"\u0068")"), 0, kRan),
      json("trailing_comma", config_with("}}", "},}"), 2, "invalid JSON"),
      json("unterminated_comment", config_with("\"max_epochs\":50", "\"max_epochs\":50 /* c"), 2,
           "missing closing '*/'"),
      json("nan_literal", config_with("\"repeats\":2", "\"repeats\":NaN"), 2, "invalid literal"),
      json("max_epochs_zero", config_with("\"max_epochs\":50", "\"max_epochs\":0"), 2,
           "config error at /protocol/max_epochs: expected an integer from 1 to 1000000000"),
      json("no_learners", config_with("[{\"plugin\":\"perceptron\"}]", "[]"), 2,
           "config error at /learners: expected a non-empty array of learners"),
      json("one_learner_twice",
           config_with("{\"plugin\":\"perceptron\"}",
                       "{\"plugin\":\"perceptron\"},{\"plugin\":\"perceptron\"}"),
           2, "learner name 'perceptron' is used twice"),
      json("schema_a_number", config_with("\"seed\":1", "\"seed\":1,\"$schema\":5"), 2,
           "config error at /$schema: expected a string, found the number 5"),
      json("dataset_path_a_folder", config_with("d.csv", "."), 2,
           "does not exist or is not a regular file"),
      {"svmlight_too_wide_for_dense",
       {{"c.json", config_with(R"("kind":"csv","path":"d.csv","label":"y","positive":["p"])",
                               R"("kind":"svmlight","path":"s.svm","n_features":4000000000)")},
        {"s.svm", "+1 1:1\n-1 1:-1\n"}},
       {"run", "c.json", "--out", "out"},
       2,
       "stored densely would take",
       {}},
      json("synthetic_dim_past_its_range",
           config_with(R"("kind":"csv","path":"d.csv","label":"y","positive":["p"])",
                       R"("kind":"synthetic","generator":"separable","rows":10,"dim":1000000)"),
           2, "config error at /dataset/dim: expected an integer from 1 to 100000"),
      // --set
      set("set_into_a_missing_object", {"--set", "/learners/0/params/tie=positive"}, 2,
          "'/learners/0/params' does not exist"),
      set("set_array_end_marker", {"--set", "/learners/-/plugin=winnow"}, 2,
          "'-' is not an index into the array at '/learners'"),
      set("set_past_the_array", {"--set", R"(/learners/1={"plugin":"winnow"})"}, 2,
          "index 1 is past the end of the array at '/learners' (1 elements)"),
      set("set_index_with_a_leading_zero", {"--set", "/learners/01/plugin=winnow"}, 2,
          "'01' is not an index into the array at '/learners'"),
      set("set_an_escaped_slash_key", {"--set", "/a~1b=1"}, 2,
          "unknown key 'a/b' at the top level"),
      set("set_without_a_value", {"--set", "/seed"}, 2,
          "'--set /seed' is not of the form --set /json/pointer=VALUE"),
      set("set_without_a_slash", {"--set", "seed=3"}, 2,
          "'--set seed=3' is not of the form --set /json/pointer=VALUE"),
      set("set_the_empty_key", {"--set", "/=1"}, 2, "unknown key '' at the top level"),
      set("set_a_bare_word_with_a_space", {"--set", "/name=a b"}, 2,
          "a value is JSON, or a bare word"),
      set("set_a_number_as_a_string", {"--set", R"(/protocol/max_epochs="50")"}, 2,
          "expected an integer from 1 to 1000000000, found the string \"50\""),
      set("set_twice_past_the_range",
          {"--set", "/protocol/max_epochs=1e3", "--set", "/protocol/max_epochs=1e10"}, 2,
          "found the number 10000000000.0"),
      set("set_seed_null", {"--set", "/seed=null"}, 2,
          "config error at /seed: expected an integer from 0 to 18446744073709551615, found null"),
      set("set_an_array_element", {"--set", "/dataset/positive/0=n"}, 0, kRan),
      set("set_one_key_twice", {"--set", "/seed=3", "--set", "/seed=4"}, 0, kRan),
      set("set_protocol_to_defaults", {"--set", "/protocol={}"}, 0, kRan),
      // --sweep
      set("sweep_a_range", {"--sweep", "/seed=range(0,3)", "--plan"}, 0, "3 sweep points"),
      set("sweep_a_falling_range", {"--sweep", "/protocol/max_epochs=range(5,1,-1)", "--plan"}, 0,
          "/protocol/max_epochs=2"),
      set("sweep_a_zero_step", {"--sweep", "/protocol/max_epochs=range(1,5,0)"}, 2,
          "with a non-zero step"),
      set("sweep_no_values", {"--sweep", "/seed="}, 2, "has an empty value between commas"),
      set("sweep_the_name", {"--sweep", "/name=a,b"}, 2, "'/name' cannot be swept"),
      set("sweep_the_sweep", {"--sweep", "/sweep=1,2"}, 2, "'/sweep' cannot be swept"),
      set("sweep_a_missing_object", {"--sweep", "/init/scale=0,1"}, 2, "'/init' does not exist"),
      set("sweep_one_pointer_twice", {"--sweep", "/seed=1,2", "--sweep", "/seed=3,4"}, 2,
          "sweeps /seed again"),
      set("sweep_plugins", {"--sweep", "/learners/0/plugin=perceptron,winnow", "--plan"}, 0,
          "/learners/0/plugin=\"winnow\""),
      set("sweep_the_repeats", {"--sweep", "/repeats=1,2", "--plan"}, 0, "3 runs in all"),
      {"sweep_a_data_file_without_the_label",
       {{"c.json", kConfig}, {"d.csv", kData}, {"e.csv", "u,v,w\n1,2,3\n"}},
       {"run", "c.json", "--out", "out", "--sweep", "/dataset/path=d.csv,e.csv"},
       2,
       "(sweep point 1: /dataset/path=\"e.csv\")",
       {}},
      set("sweep_twenty_thousand_points", {"--sweep", "/seed=range(0,20000)", "--plan"}, 0,
          "more than 10000 sweep points, so the axes instead of each point"),
      set("sweep_past_a_hundred_million_points",
          {"--sweep", "/seed=range(0,1000000)", "--sweep", "/protocol/max_epochs=range(1,1001)",
           "--plan"},
          2, "the grid has more than 100000000 points; split the experiment"),
      set("sweep_a_fractional_step", {"--sweep", "/protocol/max_epochs=range(1,3,0.5)"}, 2,
          "found the number 1.5 (sweep point 1: /protocol/max_epochs=1.5)"),
      set("sweep_a_range_of_1e30", {"--sweep", "/seed=range(0,1e30)"}, 2,
          "gives more than a million values"),
      // --lanes and --threads
      set("lanes_3", {"--lanes", "3"}, 2, "--lanes '3' is not one of auto, 1, 2, 4, 8, 16, 32"),
      set("lanes_64", {"--lanes", "64"}, 2, "--lanes '64' is not one of"),
      set("lanes_0", {"--lanes", "0"}, 2, "--lanes '0' is not one of"),
      set("lanes_with_a_space", {"--lanes", " 8"}, 2, "--lanes ' 8' is not one of"),
      set("threads_a_fraction", {"--threads", "1.5"}, 2,
          "the argument ('1.5') for option '--threads' is invalid"),
      set("threads_empty", {"--threads", ""}, 2, "for option '--threads' is invalid"),
      set("threads_twice", {"--threads", "2", "--threads", "3"}, 2,
          "option '--threads' cannot be specified more than once"),
      set("lanes_32_on_one_thread", {"--lanes", "32", "--threads", "1"}, 0, kRan),
      // --shard and the schedulers
      set("shard_n_of_n", {"--shard", "3/3"}, 2, "--shard '3/3' is not of the form I/N"),
      set("shard_of_zero", {"--shard", "0/0"}, 2, "--shard '0/0' is not of the form I/N"),
      set("shard_negative", {"--shard", "-1/3"}, 2, "--shard '-1/3' is not of the form I/N"),
      set("shard_plan", {"--shard", "1/2", "--plan"}, 0, "plan: shard 1/2 runs canonical runs"),
      set("more_shards_than_runs", {"--shard", "1/100"}, 0, "results: out"),
      scheduler("slurm_array_from_one",
                {kSlurm + "ID=2", kSlurm + "MIN=1", kSlurm + "COUNT=3", kSlurm + "MAX=3"}, "auto",
                0, "plan: shard 1/3"),
      scheduler("slurm_id_past_the_count", {kSlurm + "ID=5", kSlurm + "MIN=1", kSlurm + "COUNT=3"},
                "auto", 2, "the SLURM array variables are inconsistent"),
      scheduler("slurm_and_parallel",
                {kSlurm + "ID=1", kSlurm + "MIN=1", kSlurm + "COUNT=3", "PARALLEL_SEQ=2"}, "auto",
                2, "so the slice is ambiguous"),
      scheduler("parallel_without_a_count", {"PARALLEL_SEQ=2"}, "auto", 2,
                "GNU parallel does not export the number of jobs"),
      scheduler("parallel_seq_past_n", {"PARALLEL_SEQ=5"}, "auto/4", 2, "PARALLEL_SEQ is 5"),
      scheduler("parallel_seq_a_word", {"PARALLEL_SEQ=x"}, "auto/4", 2,
                "PARALLEL_SEQ is 'x', not a whole number"),
      scheduler("slurm_id_with_a_space", {kSlurm + "ID= 1", kSlurm + "MIN=1", kSlurm + "COUNT=3"},
                "slurm", 2, "SLURM_ARRAY_TASK_ID is ' 1', not a whole number"),
      scheduler("slurm_array_with_a_step",
                {kSlurm + "ID=1", kSlurm + "MIN=1", kSlurm + "COUNT=3", kSlurm + "STEP=2",
                 kSlurm + "MAX=5"},
                "auto", 2, "the array is not one contiguous range of task ids"),
      // Orders a learner does not take
      set("batch_learner_shuffle_order",
          {"--set", "/learners/0/plugin=batch_perceptron", "--set", "/protocol/order=shuffle"}, 0,
          "/protocol/order 'shuffle' does not apply to it"),
      set("linear_unit_worst_mistake",
          {"--set", "/learners/0/plugin=linear_unit_sgd", "--set", "/protocol/order=worst_mistake"},
          2, "does not support the order 'worst_mistake'"),
      // --out, the config file and plugins
      {"out_is_a_file",
       {{"c.json", kConfig}, {"d.csv", kData}, {"o", "x"}},
       {"run", "c.json", "--out", "o"},
       2,
       "--out 'o' exists and is not a folder",
       {}},
      command("config_a_folder", {"run", "."}, 2, "config file '.' is a folder; give a .json file"),
      command("config_from_stdin", {"run", "/dev/stdin"}, 2,
              "config file '/dev/stdin' is not a regular file"),
      command("describe_unknown", {"describe", "nosuch"}, 3,
              "plugin 'nosuch' was not found; looked for 'nosuch.so'"),
      command("describe_empty_name", {"describe", ""}, 2, "a plugin name is empty"),
      {"describe_a_json_file",
       {{"c.json", kConfig}},
       {"describe", "./c.json"},
       3,
       "could not be loaded as a shared library",
       {}},
      command("describe_a_missing_so", {"describe", "perceptron.so"}, 3,
              "plugin 'perceptron.so' does not exist or is not a file"),
      command("describe_two_names", {"describe", "perceptron", "extra"}, 2,
              "too many positional options"),
      command("plugins_with_a_name", {"plugins", "extra"}, 2, "too many positional options"),
      {"plugin_dir_with_junk",
       {{"p/junk.so", "junk"}},
       {"plugins", "--plugin-dir", "p"},
       0,
       "skipping p/junk.so",
       {}},
      {"plugin_dir_with_a_link_loop_and_a_folder",
       {{"p/dir.so/x", "x"}},
       {"plugins", "--plugin-dir", "p"},
       0,
       "perceptron",
       {}},
      {"out_empty",
       {{"c.json", kConfig}, {"d.csv", kData}},
       {"run", "c.json", "--out", "", "--quiet", "--no-report"},
       2,
       "--out '' names no folder; name a folder for the results",
       {}},
      command("plugin_dir_missing", {"plugins", "--plugin-dir", "nope"}, 2,
              "--plugin-dir 'nope' names no folder (it does not exist); give a folder of plugins"),
      {"plugin_dir_a_file",
       {{"f", "x"}},
       {"describe", "perceptron", "--plugin-dir", "f"},
       2,
       "--plugin-dir 'f' is not a folder; give a folder of plugins (*.so)",
       {}},
      set("run_plugin_dir_missing", {"--plugin-dir", "nope"}, 2,
          "--plugin-dir 'nope' names no folder"),
      // A NUL in a name is refused, the message shown whole with the NUL written \u0000.
      json("name_with_nul", config_with(R"("name":"h")", R"("name":"h\u0000x")"), 2, "h\\u0000x"),
      json(
          "learner_name_with_nul",
          config_with(R"({"plugin":"perceptron"})", R"({"name":"a\u0000b","plugin":"perceptron"})"),
          2, "a\\u0000b"),
      json("positive_class_with_nul", config_with(R"(["p"])", R"(["p\u0000q"])"), 2, "p\\u0000q"),
      set("plugin_a_text_file", {"--set", "/learners/0/plugin=/etc/passwd"}, 3,
          "'/etc/passwd' could not be loaded as a shared library"),
  };
  return all;
}

class HostileConfig : public ::testing::TestWithParam<HostileRow> {};

TEST_P(HostileConfig, GetsAClearAnswer) {
  const test::TempDir dir;
  EXPECT_NO_FATAL_FAILURE(test::run_hostile_row(GetParam(), dir));
}

INSTANTIATE_TEST_SUITE_P(Inputs, HostileConfig, ::testing::ValuesIn(rows()),
                         [](const auto& info) { return info.param.name; });

}  // namespace
}  // namespace plab
