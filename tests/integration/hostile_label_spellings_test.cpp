// Labels spelled in many ways, pass eight, through the real binary: numbers that are one value
// in several spellings (0.0, +0, -0.0, 0.00; 0.1, 0.10, 1e-1), text that looks like a number or
// a boolean (nan, inf, true), case and accents, and `positive`, `classes` and `keep_classes`
// lists that do not fit the labels (docs/config-reference.md, "Labels"). Each row has its exit
// code and a fragment of the answer; after a run, the classes plab found in manifest.json, after
// `plab convert --labels numeric`, the numbers it gave them.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "support/answer_rows.hpp"

namespace plab {
namespace {

using test::AnswerRow;
using Args = std::vector<std::string>;

const std::string kConfig =
    R"({"name":"spell","seed":1,"repeats":1,"dataset":{"kind":"csv","path":"d.csv","label":"y"},)"
    R"("learners":[{"plugin":"multiclass_perceptron"}],"protocol":{"max_epochs":5}})";

// d.csv: rows (k, -k) labelled in turn with `labels`.
std::string labelled(const std::vector<std::string>& labels) {
  std::string text = "a,b,y\n";
  int k = 1;
  for (const auto& label : labels) {
    text += std::to_string(k) + "," + std::to_string(-k) + "," + label + "\n";
    k = -k + (k < 0 ? 1 : 0);
  }
  return text;
}

// `plab run c.json` of kConfig on these labels, `sets` given as --set options.
AnswerRow run(std::string name, std::vector<std::string> labels, std::vector<std::string> sets,
              int exit_code, std::string fragment, std::string holds = "") {
  Args args = {"run", "c.json", "--out", "out", "--quiet", "--no-report"};
  for (auto& set : sets) args.insert(args.end(), {"--set", std::move(set)});
  return {{std::move(name),
           {{"c.json", kConfig}, {"d.csv", labelled(labels)}},
           std::move(args),
           exit_code,
           std::move(fragment),
           {}},
          exit_code == 0 ? "out/manifest.json" : "",
          std::move(holds)};
}

// The same with the perceptron and this `positive` list (JSON).
AnswerRow positive(std::string name, std::vector<std::string> labels, std::string list,
                   int exit_code, std::string fragment, std::string holds = "") {
  return run(std::move(name), std::move(labels),
             {"/learners/0/plugin=perceptron", "/dataset/positive=" + list}, exit_code,
             std::move(fragment), std::move(holds));
}

// `plab convert d.csv o.svm --labels numeric`, o.svm.labels.json looked at.
AnswerRow numeric(std::string name, std::vector<std::string> labels, std::string holds) {
  return {{std::move(name),
           {{"d.csv", labelled(labels)}},
           {"convert", "d.csv", "o.svm", "--labels", "numeric"},
           0,
           "",
           {}},
          "o.svm.labels.json",
          std::move(holds)};
}

const std::string kTwice = "is listed twice in";

const std::vector<AnswerRow>& rows() {
  static const std::vector<AnswerRow> all = {
      run("zero_and_one_spelled_as_reals", {"0.0", "1.0", "0.00", "1e0"}, {}, 0, "",
          R"("classes":[{"name":"0","count":2},{"name":"1","count":2}])"),
      run("signed_zeros_and_ten_tenths", {"+0", "+1", "-0.0", "10e-1"}, {}, 0, "",
          R"("classes":[{"name":"0","count":2},{"name":"1","count":2}])"),
      run("case_makes_two_classes", {"cat", "Cat", "cat", "Cat"}, {}, 0, "",
          R"("classes":[{"name":"cat","count":2},{"name":"Cat","count":2}])"),
      run("numbers_in_ascending_order", {"2", "10", "3", "2", "10"}, {}, 0, "",
          R"([{"name":"2","count":2},{"name":"3","count":1},{"name":"10","count":2}])"),
      run("empty_label_cell", {"", "1"}, {}, 2, "the label cell is empty"),
      run("one_class_of_minus_ones", {"-1", "-1", "-1"}, {}, 0, "",
          R"("classes":[{"name":"-1","count":3},{"name":"1","count":0}])"),
      run("one_tenth_three_ways", {"0.1", "0.10", "1e-1", "0.2"}, {}, 0, "",
          R"("classes":[{"name":"0.1","count":3},{"name":"0.2","count":1}])"),
      run("accented_and_plain", {"é", "e", "é", "e"}, {}, 0, "",
          R"("classes":[{"name":"é","count":2},{"name":"e","count":2}])"),
      run("nan_is_a_text_class", {"1", "-1", "nan"}, {}, 0, "", R"({"name":"nan","count":1})"),
      run("infinities_are_text_classes", {"inf", "-inf", "inf", "-inf"}, {}, 0, "",
          R"("classes":[{"name":"inf","count":2},{"name":"-inf","count":2}])"),
      positive("positive_true_as_text", {"true", "false", "true", "false"}, R"(["true"])", 0, "",
               R"("positive":["true"])"),
      positive("positive_a_json_boolean", {"true", "false"}, "[true]", 2,
               "config error at /dataset/positive/0: expected a string, found the boolean true"),
      positive("positive_in_capitals", {"true", "false"}, R"(["TRUE"])", 2,
               "the positive class 'TRUE' does not occur in the labels (did you mean 'true'?)"),
      positive("positive_empty_list", {"true", "false"}, "[]", 2,
               "config error at /dataset/positive: list at least one positive class"),
      positive("every_label_positive", {"true", "false"}, R"(["true","false"])", 2,
               "every sample is positive ('true' or 'false')"),
      positive("positive_two_and_two_point_zero", {"2", "10", "2", "10"}, R"(["2","2.0"])", 2,
               "class '2' " + kTwice + " 'positive' (also as '2.0')"),
      positive("positive_two_point_triple_zero", {"2", "10", "2", "10"}, R"(["2.000"])", 0, "",
               R"("positive":["2.000"])"),
      positive("positive_a_json_number", {"2", "10"}, "[2]", 2,
               "config error at /dataset/positive/0: expected a string, found the number 2"),
      run("classes_in_a_chosen_order", {"2", "10", "3", "2", "10"},
          {R"(/dataset/classes=["10","3","2"])"}, 0, "",
          R"([{"name":"10","count":2},{"name":"3","count":1},{"name":"2","count":2}])"),
      run("classes_missing_a_label", {"2", "10", "3", "2", "10"},
          {R"(/dataset/classes=["10","3"])"}, 2,
          "label '2' is not in 'classes' (did you mean '3'?); listed: '10' or '3'"),
      run("classes_with_one_absent", {"2", "10", "3", "2", "10"},
          {R"(/dataset/classes=["10","3","2","7"])"}, 0, "", R"({"name":"7","count":0})"),
      run("keep_classes_ten_and_two", {"2", "10", "3", "2", "10"},
          {R"(/dataset/keep_classes=["10","2"])"}, 0, "",
          R"("classes":[{"name":"2","count":2},{"name":"10","count":2}])"),
      run("keep_classes_absent", {"2", "10", "3"}, {R"(/dataset/keep_classes=["99"])"}, 2,
          "keep_classes names '99', which does not occur in the labels"),
      run("keep_classes_twice", {"2", "10", "3"}, {R"(/dataset/keep_classes=["2","2"])"}, 2,
          "class '2' " + kTwice + " 'keep_classes'"),
      run("positive_and_classes_together", {"2", "10", "3"},
          {R"(/dataset/positive=["2"])", R"(/dataset/classes=["2","3","10"])"}, 2,
          "give either 'positive' (a binary task) or 'classes' (a multi-class task), not both"),
      numeric("numeric_three_numbers_in_order", {"2", "10", "3", "2", "10"}, R"("10": 3)"),
      numeric("numeric_case_two_classes", {"cat", "Cat", "cat", "Cat"}, R"("Cat": 1)"),
      numeric("numeric_each_spelling_mapped", {"0.0", "1.0", "0.00", "1e0"}, R"("0.00": -1)"),
      numeric("numeric_one_class_minus_one", {"-1", "-1", "-1"}, "one class, -1"),
  };
  return all;
}

class HostileLabelSpellings : public ::testing::TestWithParam<AnswerRow> {};

TEST_P(HostileLabelSpellings, GetsAClearAnswer) {
  const test::TempDir dir;
  EXPECT_NO_FATAL_FAILURE(test::check_answer_row(GetParam(), dir));
}

INSTANTIATE_TEST_SUITE_P(Inputs, HostileLabelSpellings, ::testing::ValuesIn(rows()),
                         [](const auto& info) { return info.param.row.name; });

}  // namespace
}  // namespace plab
