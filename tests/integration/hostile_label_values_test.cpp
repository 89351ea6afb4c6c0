// Hostile labels, as a table through the real binary: numeric labels compared by their exact
// value (1, +1, 1.0 one class; 2^53 and 2^53+1 two), UTF-8 and Latin-1 class names, text
// beside numbers, labels a classifier should not get, and the same files given to
// `plab convert --labels numeric` (docs/data-formats.md, "Labels"). Each row has its exit
// code, a fragment of its answer and, where the answer is a file, a fragment of that file:
// the classes plab found (manifest.json) or the numbers it gave them (OUT.labels.json).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "support/hostile_table.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;
using test::HostileRow;
using Args = std::vector<std::string>;

struct LabelRow {
  HostileRow row;
  std::string file;   // written by the command ("" for none)
  std::string holds;  // a fragment of that file
};

std::ostream& operator<<(std::ostream& out, const LabelRow& row) { return out << row.row.name; }

std::string config(const std::string& kind, const std::string& path, const std::string& plugin) {
  return R"({"name":"l","seed":1,"repeats":1,"dataset":{"kind":")" + kind + R"(","path":")" + path +
         R"("},"learners":[{"plugin":")" + plugin +
         R"("}],"protocol":{"max_epochs":5},"theory":{"oracle_seconds":5}})";
}

// Two features, then the label column y with these labels, one row each.
std::string csv(const std::vector<std::string>& labels) {
  std::string text = "a,b,y\n";
  for (std::size_t i = 0; i < labels.size(); ++i) {
    const int sign = i % 2 == 0 ? 1 : -1;
    text += std::to_string(sign * static_cast<int>(i + 1)) + "," +
            std::to_string(sign * static_cast<int>(i + 2)) + "," + labels[i] + "\n";
  }
  return text;
}

std::string svm(const std::vector<std::string>& labels) {
  std::string text;
  for (std::size_t i = 0; i < labels.size(); ++i) {
    const int sign = i % 2 == 0 ? 1 : -1;
    text += labels[i] + " 1:" + std::to_string(sign * static_cast<int>(i + 1)) + "\n";
  }
  return text;
}

const Args kRun = {"run", "c.json", "--out", "out", "--quiet", "--no-report"};

// `plab run` of a multi-class learner on this CSV (extra args after), the classes in manifest.json.
LabelRow classes(std::string name, std::string text, Args extra, int exit_code,
                 std::string fragment, std::string holds = "") {
  Args args = kRun;
  args.insert(args.end(), extra.begin(), extra.end());
  std::string file = exit_code == 0 ? "out/manifest.json" : "";
  return {
      {std::move(name),
       {{"c.json", config("csv", "d.csv", "multiclass_perceptron")}, {"d.csv", std::move(text)}},
       std::move(args),
       exit_code,
       std::move(fragment),
       {}},
      std::move(file),
      std::move(holds)};
}

// The same with the perceptron and `"positive": [positive]` given by --set.
LabelRow binary(std::string name, std::string text, std::string positive, int exit_code,
                std::string fragment, std::string holds = "") {
  return classes(
      std::move(name), std::move(text),
      {"--set", "/learners/0/plugin=perceptron", "--set", "/dataset/positive=[" + positive + "]"},
      exit_code, std::move(fragment), std::move(holds));
}

// `plab run` of the multi-class learner on this svmlight text.
LabelRow svm_classes(std::string name, std::string text, int exit_code, std::string fragment,
                     std::string holds = "") {
  std::string file = exit_code == 0 ? "out/manifest.json" : "";
  return {{std::move(name),
           {{"c.json", config("svmlight", "d.svm", "multiclass_perceptron")},
            {"d.svm", std::move(text)}},
           kRun,
           exit_code,
           std::move(fragment),
           {}},
          std::move(file),
          std::move(holds)};
}

// `plab convert d.csv o.svm --labels numeric`, the mapping in o.svm.labels.json (or `file`).
LabelRow numeric(std::string name, std::string text, int exit_code, std::string fragment,
                 std::string holds = "", std::string file = "o.svm.labels.json") {
  if (exit_code != 0) file.clear();
  return {{std::move(name),
           {{"d.csv", std::move(text)}},
           {"convert", "d.csv", "o.svm", "--labels", "numeric"},
           exit_code,
           std::move(fragment),
           {}},
          std::move(file),
          std::move(holds)};
}

// `plab convert d.csv o.svm` (labels as they are) of this CSV, refused.
LabelRow as_is(std::string name, std::string text, std::string fragment) {
  return {{std::move(name),
           {{"d.csv", std::move(text)}},
           {"convert", "d.csv", "o.svm"},
           2,
           std::move(fragment),
           {}},
          "",
          ""};
}

const std::string kRan = "results: out";
const std::string kTwoFiveThree = "9007199254740993";  // 2^53 + 1
const std::string kTwoFiveTwo = "9007199254740992";    // 2^53
const std::string kNotUtf8 = "byte 0xE9 is not UTF-8";

const std::vector<LabelRow>& rows() {
  static const std::vector<LabelRow> all = {
      classes("one_plus_one_one_point_zero_one_class",
              csv({"1", "-1", "+1", "-1.0", "1.0", "-1e0"}), {}, 0, kRan,
              R"("classes":[{"name":"-1","count":3},{"name":"1","count":3}])"),
      classes(
          "two_to_the_53_and_one_more_two_classes",
          csv({kTwoFiveThree, kTwoFiveTwo, kTwoFiveThree, kTwoFiveTwo}), {}, 0, kRan,
          R"("classes":[{"name":"9007199254740992","count":2},{"name":"9007199254740993","count":2}])"),
      classes("utf8_class_names", csv({"café", "naïve", "café", "naïve", "日本", "日本"}), {}, 0,
              kRan, R"({"name":"日本","count":2})"),
      classes("leading_zero_is_the_same_number", csv({"1", "01", "1", "2"}), {}, 0, kRan,
              R"("classes":[{"name":"1","count":3},{"name":"2","count":1}])"),
      classes("minus_zero_is_zero", csv({"-0", "0", "-0", "1"}), {}, 0, kRan,
              R"("classes":[{"name":"0","count":3},{"name":"1","count":1}])"),
      classes("plus_zero_exponent_and_minus_zero_point", csv({"+0", "0e-5", "-0.0", "1"}), {}, 0,
              kRan, R"("classes":[{"name":"0","count":3},{"name":"1","count":1}])"),
      classes("ten_e_minus_one_one_dot_point_one_e_one", csv({"10e-1", "1.", ".1e1", "2", "2"}), {},
              0, kRan, R"("classes":[{"name":"10e-1","count":3},{"name":"2","count":2}])"),
      classes("one_e_400_is_a_number_of_its_own", csv({"1e400", "0"}), {}, 0, kRan,
              R"("classes":[{"name":"0","count":1},{"name":"1e400","count":1}])"),
      classes("nan_is_a_text_class", csv({"nan", "0", "nan"}), {}, 0, kRan,
              R"("classes":[{"name":"nan","count":2},{"name":"0","count":1}])"),
      classes("point_three_and_its_double_neighbour_two_classes",
              csv({"0.1", "0.2", "0.30000000000000004", "0.3"}), {}, 0, kRan,
              R"({"name":"0.3","count":1},{"name":"0.30000000000000004","count":1})"),
      classes(
          "numeric_classes_ordered_by_value", csv({"10", "2", "10", "2", "3"}), {}, 0, kRan,
          R"("classes":[{"name":"2","count":2},{"name":"3","count":1},{"name":"10","count":2}])"),
      classes("unquoted_spaces_are_trimmed", csv({" 1", "1", "2", "2 "}), {}, 0, kRan,
              R"("classes":[{"name":"1","count":2},{"name":"2","count":2}])"),
      classes("a_quoted_space_is_a_class_with_a_note", csv({"\" 1\"", "1", "2"}), {}, 0,
              "the quoted label ' 1' has spaces or tabs at its ends", R"({"name":" 1","count":1})"),
      classes("sixteen_digit_exponent_refused", csv({"1e1234567890123456", "0"}), {}, 2,
              "is a number whose exponent has more than 15 digits"),
      // Leading zeros of an exponent are not significant (docs/data-formats.md): 10, not refused.
      classes("exponent_of_sixteen_digits_with_leading_zeros_is_ten",
              csv({"1e0000000000000001", "10", "0"}), {}, 0, kRan,
              R"("classes":[{"name":"0","count":1},{"name":"1e0000000000000001","count":2}])"),
      classes("classes_given_in_their_own_spelling", csv({"1", "-1", "+1", "-1.0"}),
              {"--set", R"(/dataset/classes=["1","-1"])"}, 0, kRan, R"("classes":["1","-1"])"),
      classes("classes_one_and_plus_one_listed_twice", csv({"1", "-1"}),
              {"--set", R"(/dataset/classes=["1","+1"])"}, 2,
              "class '1' is listed twice in 'classes' (also as '+1')"),
      classes("classes_big_integers_kept_apart", csv({kTwoFiveThree, kTwoFiveTwo}),
              {"--set", R"(/dataset/classes=["9007199254740993","9007199254740992.0"])"}, 0, kRan,
              R"("classes":["9007199254740993","9007199254740992.0"])"),
      classes("keep_classes_utf8", csv({"café", "naïve", "café", "naïve", "日本", "日本"}),
              {"--set", R"(/dataset/keep_classes=["日本","café"])"}, 0, kRan,
              R"("classes":[{"name":"café","count":2},{"name":"日本","count":2}])"),
      classes("keep_classes_ten_and_two_point_zero", csv({"10", "2", "10", "2", "3"}),
              {"--set", R"(/dataset/keep_classes=["10","2.0"])"}, 0, kRan,
              R"("classes":[{"name":"2","count":2},{"name":"10","count":2}])"),
      classes("latin1_label_refused_at_load", csv({"p\xe9", "n", "p\xe9", "n"}), {}, 2,
              "d.csv:2:6: " + kNotUtf8),
      classes("latin1_header_refused_at_load", "a,b\xe9,y\n1,2,p\n-1,-2,n\n", {}, 2,
              "d.csv:1:4: " + kNotUtf8),
      binary("positive_one_takes_every_spelling", csv({"1", "-1", "+1", "-1.0", "1.0", "-1e0"}),
             R"("1")", 0, kRan, R"({"name":"rest","count":3},{"name":"1","count":3})"),
      binary("positive_listed_as_one_and_one_point_zero", csv({"1", "-1"}), R"("1","1.0")", 2,
             "class '1' is listed twice in 'positive' (also as '1.0')"),
      binary("positive_absent_names_the_labels", csv({"1", "-1", "+1", "-1.0"}), R"("2")", 2,
             "the positive class '2' does not occur in the labels (did you mean '1'?)"),
      binary("positive_two_to_the_53_plus_one_exactly",
             csv({kTwoFiveThree, kTwoFiveTwo, kTwoFiveThree, kTwoFiveTwo}), R"("9007199254740993")",
             0, kRan, R"({"name":"rest","count":2},{"name":"9007199254740993","count":2})"),
      binary("positive_utf8", csv({"café", "naïve", "café", "naïve"}), R"("café")", 0, kRan,
             R"({"name":"café","count":2})"),
      binary("positive_as_a_json_number_refused", csv({"1", "-1"}), "1", 2,
             "config error at /dataset/positive/0: expected a string, found the number 1"),
      svm_classes("svmlight_one_and_plus_one", svm({"1", "-1", "+1", "-1.0"}), 0, kRan,
                  R"("classes":[{"name":"-1","count":2},{"name":"1","count":2}])"),
      svm_classes("svmlight_two_to_the_53",
                  svm({kTwoFiveThree, kTwoFiveTwo, kTwoFiveThree, kTwoFiveTwo}), 0, kRan,
                  R"({"name":"9007199254740993","count":2})"),
      svm_classes("svmlight_latin1_label_refused", svm({"1", "2\xe9", "1", "2\xe9"}), 2,
                  "d.svm:2:2: " + kNotUtf8),
      numeric("numeric_two_to_the_53_pair", csv({kTwoFiveThree, kTwoFiveTwo, kTwoFiveThree}), 0, "",
              R"("9007199254740993": 1,)"),
      numeric("numeric_every_spelling_of_one", csv({"1", "-1", "+1", "-1.0", "1.0", "-1e0"}), 0, "",
              R"("-1e0": -1)"),
      numeric("numeric_minus_zero_is_minus_one", csv({"-0", "0", "-0", "1"}), 0, "",
              R"("-0": -1,)"),
      numeric("numeric_utf8_one_to_k", csv({"café", "naïve", "café", "naïve", "日本", "日本"}), 0,
              "", R"("日本": 3)"),
      numeric("numeric_point_three_neighbours", csv({"0.1", "0.2", "0.30000000000000004", "0.3"}),
              0, "", R"("0.30000000000000004": 4,)"),
      numeric("numeric_one_class_two", csv({"2", "2.0", "+2"}), 2,
              "every sample has the label '2'; a classification task needs at least two classes"),
      numeric("numeric_one_class_zero_spellings", csv({"0.0", "-0", "0e5"}), 0, "",
              "one class, -1: every label is the negative class"),
      numeric("numeric_latin1_refused_at_load", csv({"p\xe9", "n", "p\xe9", "n"}), 2,
              "d.csv:2:6: " + kNotUtf8),
      numeric("numeric_svm_file_of_the_big_pair", csv({kTwoFiveThree, kTwoFiveTwo}), 0, "",
              "+1 1:1 2:2\n-1 1:-2 2:-3\n", "o.svm"),
      as_is("label_with_a_space_cannot_be_svmlight", "a,y\n1,a b\n2,c\n",
            "the label 'a b' cannot be written in svmlight"),
      as_is("label_with_a_hash_cannot_be_svmlight", "a,y\n1,\"x#1\"\n2,c\n",
            "the label 'x#1' cannot be written in svmlight"),
      {{"inline_json_numbers_two_to_the_53",
        {{"c.json",
          R"({"name":"l","seed":1,"repeats":1,"dataset":{"kind":"inline","x":[[1,2],[-1,-2],[2,1],[-2,-1]],)"
          R"("y":[9007199254740993,9007199254740992,9007199254740993,9007199254740992]},)"
          R"("learners":[{"plugin":"multiclass_perceptron"}],"protocol":{"max_epochs":5}})"}},
        kRun,
        0,
        kRan,
        {}},
       "out/manifest.json",
       R"({"name":"9007199254740992","count":2},{"name":"9007199254740993","count":2})"},
  };
  return all;
}

class HostileLabelValues : public ::testing::TestWithParam<LabelRow> {};

TEST_P(HostileLabelValues, GetsAClearAnswer) {
  const test::TempDir dir;
  const LabelRow& row = GetParam();
  test::run_hostile_row(row.row, dir);
  if (!row.file.empty()) {
    const std::string text = test::read_file(dir / row.file);
    EXPECT_NE(text.find(row.holds), std::string::npos) << row.file << ":\n" << text;
  }
  if (row.row.exit_code != 0) {
    for (const char* name : {"o.svm", "o.svm.labels.json"}) EXPECT_FALSE(fs::exists(dir / name));
  }
}

INSTANTIATE_TEST_SUITE_P(Inputs, HostileLabelValues, ::testing::ValuesIn(rows()),
                         [](const auto& info) { return info.param.row.name; });

}  // namespace
}  // namespace plab
