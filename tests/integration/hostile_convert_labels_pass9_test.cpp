// Labels and plab convert against a hostile user, pass nine: labels that are numbers by value
// or names by spelling (signs, exponents of many digits, leading zeros, hexadecimal, NaN),
// positive, classes and keep_classes lists that name one class twice or none, svmlight files
// with CRLF, a BOM, tabs and comment-only lines, and conversions whose output is the input
// under another name, a hard link, or a mapping that is numbered (docs/data-formats.md,
// "Labels" and "plab convert IN OUT"). Each row has its exit code and a fragment of the answer;
// after 0 the file it names holds a fragment, after a refusal it is absent or as it was.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "support/answer_rows.hpp"

namespace plab {
namespace {

using test::AnswerRow;
using Args = std::vector<std::string>;
using Files = std::vector<std::pair<std::string, std::string>>;

// One repeat of `plugin` on d.csv (label column y) or d.svm, no margin oracle.
std::string config(const std::string& plugin, const std::string& data) {
  const bool csv = data.ends_with(".csv");
  return R"({"name":"labels","seed":1,"repeats":1,"dataset":{"kind":")" +
         std::string(csv ? "csv" : "svmlight") + R"(","path":")" + data + "\"" +
         (csv ? R"(,"label":"y")" : "") + R"(},"learners":[{"plugin":")" + plugin +
         R"("}],"protocol":{"max_epochs":5},"theory":{"margin":"none"}})";
}

// d.csv: rows (k, k mod 3) labelled in turn with `labels`.
std::string csv_of(const std::vector<std::string>& labels) {
  std::string text = "a,b,y\n";
  int k = 0;
  for (const auto& label : labels) {
    ++k;
    text += std::to_string(k) + "," + std::to_string(k % 3) + "," + label + "\n";
  }
  return text;
}

// `plab run c.json` with `plugin` on the file `data` holding `text`, `sets` as --set options;
// after 0 out/manifest.json must hold `holds`.
AnswerRow running(std::string name, const std::string& plugin, const std::string& data,
                  std::string text, Args sets, int exit_code, std::string fragment,
                  std::string holds = "") {
  Args args = {"run", "c.json", "--out", "out", "--quiet", "--no-report"};
  for (auto& set : sets) args.insert(args.end(), {"--set", std::move(set)});
  Files files = {{"c.json", config(plugin, data)}, {data, std::move(text)}};
  return {{std::move(name), std::move(files), std::move(args), exit_code, std::move(fragment), {}},
          exit_code == 0 ? "out/manifest.json" : "",
          std::move(holds)};
}

AnswerRow binary(std::string name, std::vector<std::string> labels, Args sets, int exit_code,
                 std::string fragment, std::string holds = "") {
  return running(std::move(name), "perceptron", "d.csv", csv_of(labels), std::move(sets), exit_code,
                 std::move(fragment), std::move(holds));
}

AnswerRow multiclass(std::string name, std::vector<std::string> labels, Args sets,
                     std::string holds) {
  return running(std::move(name), "multiclass_perceptron", "d.csv", csv_of(labels), std::move(sets),
                 0, "", std::move(holds));
}

AnswerRow svmlight(std::string name, std::string text, int exit_code, std::string fragment,
                   std::string holds = "") {
  return running(std::move(name), "perceptron", "d.svm", std::move(text), {}, exit_code,
                 std::move(fragment), std::move(holds));
}

// `plab convert IN OUT extra...` with `files` written first; `file` looked at.
AnswerRow converting(std::string name, Files files, Args args, int exit_code, std::string fragment,
                     std::string file, std::string holds) {
  args.insert(args.begin(), "convert");
  return {{std::move(name), std::move(files), std::move(args), exit_code, std::move(fragment), {}},
          std::move(file),
          std::move(holds)};
}

// The row with o.svm made first as a second name of the file "other".
AnswerRow with_other_name(AnswerRow row) {
  row.prepare = [](const test::TempDir& dir) {
    dir.write("other", "other\n");
    std::filesystem::create_hard_link(dir / "other", dir / "o.svm");
  };
  return row;
}

const std::string kTwice = "is listed twice in";
const std::string kBinaryMinusPlus =
    R"("classes":[{"name":"-1","count":2},{"name":"1","count":2}])";
const std::string kIris = "a,b,y\n5.1,3.5,setosa\n7.0,3.2,versicolor\n6.3,3.3,setosa\n";

const std::vector<AnswerRow>& rows() {
  static const std::vector<AnswerRow> all = {
      binary("zero_and_one_spelt_six_ways", {"+0", "-0.0", "1", "+1.000e+0", "0", "1"}, {}, 0, "",
             R"("classes":[{"name":"0","count":3},{"name":"1","count":3}])"),
      binary("a_tenth_spelt_three_ways", {"1e-1", "0.1", "10e-2", "2", "2", "0.1"}, {}, 2,
             "the data set's 2 classes ('1e-1', '2')"),
      binary("hexadecimal_is_a_name", {"0x1", "1", "0x1", "1"}, {}, 2, "classes ('0x1', '1')"),
      binary("nan_spellings_are_names", {"NaN", "nan", "NaN", "nan"}, {}, 2,
             "classes ('NaN', 'nan')"),
      binary("an_exponent_of_fifteen_digits", {"1e999999999999999", "2", "2", "1e999999999999999"},
             {}, 2, "classes ('2', '1e999999999999999')"),
      binary("a_half_spelt_three_ways", {".5", "0.5", "5e-1", "1", "1", "1"}, {}, 2,
             "classes ('.5', '1')"),
      binary("ones_with_a_trailing_point", {"1.", "1", "-1.", "-1"}, {}, 0, "", kBinaryMinusPlus),
      binary("a_tiny_number_is_not_zero", {"1e-999999999999999", "0", "1e-999999999999999", "0"},
             {}, 2, "classes ('0', '1e-999999999999999')"),
      binary("leading_zeros", {"00001", "1", "2", "002"}, {}, 2, "classes ('00001', '2')"),
      binary("signs_alone_are_names", {"+", "-", "+", "-"}, {}, 2, "classes ('+', '-')"),
      binary("exponents_without_digits_are_names", {"e5", "E5", "e5", "E5"}, {}, 2,
             "classes ('e5', 'E5')"),
      binary("ones_with_exponents_and_points", {"-1e-0", "+.1e1", "-1", "1"}, {}, 0, "",
             kBinaryMinusPlus),
      binary("a_quadrillion_spelt_twice", {"1e+15", "1000000000000000", "2", "2"}, {}, 2,
             "classes ('2', '1e+15')"),
      binary("zero_with_an_exponent_and_a_point", {"0.0e-7", "-0.", "5", "5"}, {}, 2,
             "classes ('0.0e-7', '5')"),
      binary("unquoted_labels_are_trimmed", {" 1 ", "1", "-1", " -1"}, {}, 0, "", kBinaryMinusPlus),
      binary("positive_spelt_with_zeros", {"1", "2", "1", "2", "2"},
             {R"(/dataset/positive=["1.000"])"}, 0, "", R"("name":"1.000","count":2)"),
      binary("positive_one_class_twice", {"1", "2", "3", "1", "2", "3"},
             {R"(/dataset/positive=["3e0","0.03e2"])"}, 2, "class '3e0' " + kTwice + " 'positive'"),
      binary("keep_classes_one_class_twice", {"1", "2", "3", "1", "2", "3"},
             {R"(/dataset/keep_classes=["1","1e0"])"}, 2,
             "class '1' " + kTwice + " 'keep_classes'"),
      binary("positive_as_a_json_number", {"1", "2", "1", "2"}, {"/dataset/positive=[1]"}, 2,
             "expected a string, found the number 1"),
      binary("keep_classes_spelt_otherwise", {"-2", "10", "3", "-2", "10", "3"},
             {R"(/dataset/keep_classes=["10","3.0"])"}, 2, "classes ('3', '10')"),
      binary("two_positive_classes", {"-2", "10", "3", "-2", "10", "3"},
             {R"(/dataset/positive=["3","-2"])"}, 0, "", R"("name":"3+-2","count":4)"),
      binary("positive_removed_by_keep_classes", {"1", "2", "3", "1", "2", "3"},
             {R"(/dataset/positive=["1"])", R"(/dataset/keep_classes=["2","3"])"}, 2,
             "the positive class '1' does not occur in the labels"),
      binary("a_label_outside_classes", {"1", "2", "3", "1", "2", "3"},
             {R"(/dataset/classes=["1","2"])"}, 2, "label '3' is not in 'classes'"),
      running(
          "labels_almost_all_distinct", "perceptron", "d.csv",
          [] {
            std::vector<std::string> labels;
            for (int i = 0; i < 60; ++i) labels.push_back(i < 40 ? std::to_string(i) + ".5" : "1");
            return csv_of(labels);
          }(),
          {}, 2, "the labels hold 41 distinct classes in 60 rows"),
      multiclass("numbers_in_ascending_order", {"-2", "10", "3", "-2", "10", "3"}, {},
                 R"("classes":[{"name":"-2","count":2},{"name":"3","count":2},)"
                 R"({"name":"10","count":2}])"),
      multiclass("classes_in_the_order_given", {"1", "2", "3", "1", "2", "3"},
                 {R"(/dataset/classes=["3","1","2"])"},
                 R"("classes":[{"name":"3","count":2},{"name":"1","count":2},)"
                 R"({"name":"2","count":2}])"),
      svmlight("svmlight_one_spelt_three_ways", "+1 1:1 2:3\n1 1:2\n-1 2:1\n-1 1:-1 2:-2\n", 0, "",
               kBinaryMinusPlus),
      svmlight("svmlight_crlf", "+1 1:1 2:3\r\n-1 2:1\r\n+1 1:2\r\n-1 1:-1\r\n", 0, "",
               kBinaryMinusPlus),
      svmlight("svmlight_bom", "\xef\xbb\xbf+1 1:1\n-1 1:-1\n+1 1:2\n-1 1:-2\n", 0, "",
               kBinaryMinusPlus),
      svmlight("svmlight_tabs", "+1\t1:1\t2:2\n-1 2:1\n+1 1:2\n-1\t1:-1\n", 0, "",
               kBinaryMinusPlus),
      svmlight("svmlight_one_and_zero", "1 1:1\n0 1:-1\n1 1:2\n0 1:-2\n", 0, "",
               R"("classes":[{"name":"0","count":2},{"name":"1","count":2}])"),
      svmlight("svmlight_ones_with_exponents", "1e0 1:1\n-1e0 1:-1\n1 1:2\n-1 1:-2\n", 0, "",
               kBinaryMinusPlus),
      svmlight("svmlight_comment_lines_only", "#x 1:1\n# y\n", 2, "the file has no data rows"),
      svmlight("svmlight_three_names", "a 1:1\nb 1:-1\nc 1:2\n", 2,
               "the data set has 3 classes ('a', 'b', 'c')"),
      // plab convert
      converting("numeric_zero_and_one_spelt_five_ways",
                 {{"d.csv", csv_of({"+0", "-0.0", "1", "+1.000e+0", "0"})}},
                 {"d.csv", "o.svm", "--labels", "numeric"}, 0, "", "o.svm.labels.json",
                 R"("+1.000e+0": 1)"),
      converting("numeric_one_class_of_zeros", {{"d.csv", csv_of({"0.0", "-0"})}},
                 {"d.csv", "o.svm", "--labels", "numeric"}, 0, "", "o.svm.labels.json",
                 "one class, -1"),
      converting("numeric_three_numbers_ascending", {{"d.csv", csv_of({"-2", "10", "3"})}},
                 {"d.csv", "o.svm", "--labels", "numeric"}, 0, "", "o.svm.labels.json",
                 R"("10": 3)"),
      converting("numeric_trimmed_labels", {{"d.csv", csv_of({" 1 ", "1", "-1", " -1"})}},
                 {"d.csv", "o.svm", "--labels", "numeric"}, 0, "", "o.svm", "+1 1:2 2:2\n-1"),
      converting("numeric_one_class_three", {{"d.csv", csv_of({"3", "3"})}},
                 {"d.csv", "o.svm", "--labels", "numeric"}, 2,
                 "a classification task needs at least two classes", "o.svm", ""),
      converting("svmlight_crlf_to_csv", {{"d.svm", "+1 1:1 2:3\r\n-1 2:1\r\n"}},
                 {"d.svm", "o.csv"}, 0, "", "o.csv", "f1,f2,label\n1,3,+1\n0,1,-1\n"),
      converting("svmlight_bom_to_csv", {{"d.svm", "\xef\xbb\xbf+1 1:1\n-1 1:-1\n"}},
                 {"d.svm", "o.csv"}, 0, "", "o.csv", "f1,label\n1,+1\n-1,-1\n"),
      converting("svmlight_signs_and_points", {{"d.svm", "1 1:+.5 2:1.\n-1 1:-0.0\n"}},
                 {"d.svm", "o.csv"}, 0, "", "o.csv", "0.5,1,1\n-0,0,-1\n"),
      converting("svmlight_value_below_the_smallest_double", {{"d.svm", "1 1:1e-400\n"}},
                 {"d.svm", "o.csv"}, 2, "'1e-400' (feature 1) is too small for a double", "o.csv",
                 ""),
      converting("svmlight_wider_than_its_indices", {{"d.svm", "+1 1:1\n-1 2:1\n"}},
                 {"d.svm", "o.csv", "--n-features", "5"}, 0, "", "o.csv", "f1,f2,f3,f4,f5,label\n"),
      converting("svmlight_comment_holding_colons", {{"d.svm", "+1 1:1 # a:b c\n-1 # only\n"}},
                 {"d.svm", "o.csv"}, 0, "", "o.csv", "1,+1\n0,-1\n"),
      converting("svmlight_line_without_a_label", {{"d.svm", "1:2 3:4\n-1 1:1\n"}},
                 {"d.svm", "o.csv"}, 2, "d.svm:1:1: '1:2' comes where the label should be", "o.csv",
                 ""),
      converting("svmlight_qid_first", {{"d.svm", "qid:3 1:1\n-1 1:2\n"}}, {"d.svm", "o.csv"}, 2,
                 "d.svm:1:1: 'qid:3' comes where the label should be", "o.csv", ""),
      converting("svmlight_two_qids", {{"d.svm", "1 qid:1 qid:2 1:1\n-1 1:2\n"}},
                 {"d.svm", "o.csv"}, 2, "'qid:2': a second qid: on one line", "o.csv", ""),
      converting("svmlight_an_index_twice", {{"d.svm", "1 1:1 1:2\n-1 1:2\n"}}, {"d.svm", "o.csv"},
                 2, "feature index 1 appears twice on the line", "o.csv", ""),
      converting("svmlight_an_empty_index", {{"d.svm", "1 :1\n-1 1:2\n"}}, {"d.svm", "o.csv"}, 2,
                 "'' is not a feature index", "o.csv", ""),
      converting("svmlight_signs_as_labels", {{"d.svm", "+ 1:1\n- 1:-1\n"}}, {"d.svm", "o.csv"}, 0,
                 "", "o.csv", "f1,label\n1,+\n-1,-\n"),
      converting("csv_zero_based_output", {{"d.csv", kIris}}, {"d.csv", "o.svm", "--zero-based"}, 0,
                 "", "o.svm", "setosa 0:5.1 1:3.5\n"),
      converting("csv_quoted_header_with_a_space", {{"d.csv", "\"a b\",\"y\"\n1,p\n2,q\n"}},
                 {"d.csv", "o.svm"}, 0, "", "o.svm", "p 1:1\nq 1:2\n"),
      converting("output_is_the_input_spelt_with_dot", {{"d.svm", "+1 1:1\n-1 1:-1\n"}},
                 {"d.svm", "./d.svm", "--to", "csv", "--force"}, 2,
                 "the output './d.svm' is the input file", "d.svm", "+1 1:1\n-1 1:-1\n"),
      converting("output_a_trailing_slash", {{"d.csv", kIris}}, {"d.csv", "o.svm/"}, 2,
                 "cannot tell the format of 'o.svm/'", "o.svm", ""),
      with_other_name(converting("output_a_hard_link_replaced", {{"d.csv", kIris}},
                                 {"d.csv", "o.svm", "--force"}, 0, "", "other", "other\n")),
      converting("mapping_replaced_with_force", {{"d.csv", kIris}, {"o.svm.labels.json", "old\n"}},
                 {"d.csv", "o.svm", "--labels", "numeric", "--force"}, 0, "", "o.svm.labels.json",
                 R"("setosa": -1)"),
  };
  return all;
}

class HostileConvertLabelsPass9 : public ::testing::TestWithParam<AnswerRow> {};

TEST_P(HostileConvertLabelsPass9, GetsAClearAnswer) {
  const test::TempDir dir;
  EXPECT_NO_FATAL_FAILURE(test::check_answer_row(GetParam(), dir));
}

INSTANTIATE_TEST_SUITE_P(Inputs, HostileConvertLabelsPass9, ::testing::ValuesIn(rows()),
                         [](const auto& info) { return info.param.row.name; });

}  // namespace
}  // namespace plab
