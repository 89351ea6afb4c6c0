// Labels and plab convert against a hostile user, pass ten: numeric labels spelt with signs,
// points, exponents of many digits and leading zeros, text labels quoted, accented two ways,
// after a BOM or CRLF lines, svmlight lines with tabs, comments, CRLF, unsorted or repeated
// indices and values out of a double's range, and conversions whose output or label mapping is
// the input reached through '..', a linked folder, a hard link or a symbolic link
// (docs/data-formats.md, "Labels" and "plab convert IN OUT"). Each row has its exit code and a
// fragment of the answer; after 0 the file it names holds a fragment, after a refusal it is
// absent or as it was.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "support/label_rows.hpp"

namespace plab {
namespace {

using test::AnswerRow;
using Args = std::vector<std::string>;
using Files = std::vector<std::pair<std::string, std::string>>;

std::string table(const std::vector<std::string>& labels) { return test::label_table(labels); }

AnswerRow run_on(std::string name, const std::string& plugin, const std::string& data,
                 std::string text, Args sets, int exit_code, std::string fragment,
                 std::string classes = "") {
  return test::run_on_labels(std::move(name), plugin, data, std::move(text), std::move(sets),
                             exit_code, std::move(fragment), std::move(classes));
}

// The perceptron on d.csv: binary, so classes other than -1/+1 or 0/1 need a positive list.
AnswerRow two_class(std::string name, std::vector<std::string> labels, Args sets, int exit_code,
                    std::string fragment, std::string classes = "") {
  return run_on(std::move(name), "perceptron", "d.csv", table(labels), std::move(sets), exit_code,
                std::move(fragment), std::move(classes));
}

// The multiclass perceptron on d.csv: every class as plab orders and spells it.
AnswerRow many_class(std::string name, std::vector<std::string> labels, std::string classes) {
  return run_on(std::move(name), "multiclass_perceptron", "d.csv", table(labels), {}, 0, "",
                std::move(classes));
}

AnswerRow svm_run(std::string name, std::string text, int exit_code, std::string fragment,
                  std::string classes = "", const std::string& plugin = "perceptron") {
  return run_on(std::move(name), plugin, "d.svm", std::move(text), {}, exit_code,
                std::move(fragment), std::move(classes));
}

AnswerRow convert(std::string name, Files files, Args args, int exit_code, std::string fragment,
                  std::string file, std::string holds) {
  return test::convert_row(std::move(name), std::move(files), std::move(args), exit_code,
                           std::move(fragment), std::move(file), std::move(holds));
}

// d.csv of `labels` to o.svm with --labels numeric; after 0 the mapping holds `mapping`.
AnswerRow numbered(std::string name, std::vector<std::string> labels, int exit_code,
                   std::string fragment, std::string mapping) {
  return convert(std::move(name), {{"d.csv", table(labels)}},
                 {"d.csv", "o.svm", "--labels", "numeric"}, exit_code, std::move(fragment),
                 exit_code == 0 ? "o.svm.labels.json" : "", std::move(mapping));
}

// d.svm holding `text` to o.csv; after 0 o.csv holds `csv`.
AnswerRow to_csv(std::string name, std::string text, int exit_code, std::string fragment,
                 std::string csv = "") {
  return convert(std::move(name), {{"d.svm", std::move(text)}}, {"d.svm", "o.csv"}, exit_code,
                 std::move(fragment), exit_code == 0 ? "o.csv" : "", std::move(csv));
}

// A rows tail shared by the svmlight files: three more lines after the first.
std::string svm(const std::string& first) { return first + "\n-1 1:2 2:1\n1 1:3 2:3\n-1 2:1\n"; }

const std::string kMinusOne = R"("classes":[{"name":"-1","count":2},{"name":"1","count":2}])";
const std::string kZeroOne = R"("classes":[{"name":"0","count":2},{"name":"1","count":2}])";
const std::string kNotBinary = "handles binary tasks only, but the data set's 2 classes (";
const std::string kIsInput = "is the input file; give another name";
const std::string kMappingIsInput =
    "that --labels numeric writes beside the output is the input file";
const std::string kIrisHead = "sepal_length";

const std::vector<AnswerRow>& rows() {
  static const std::vector<AnswerRow> all = {
      // numeric labels: one class per value
      two_class("plus_and_minus_ones", {"+1", "-1", "+1", "-1"}, {}, 0, "", kMinusOne),
      two_class("ones_with_a_decimal_zero", {"1.0", "-1.0", "1.0", "-1.0"}, {}, 0, "", kMinusOne),
      two_class("one_as_1e0_and_1", {"1e0", "1", "0", "0"}, {}, 0, "", kZeroOne),
      two_class("one_with_a_leading_zero", {"01", "1", "0", "0"}, {}, 0, "", kZeroOne),
      two_class("minus_zero_and_zero", {"-0", "0", "1", "1"}, {}, 0, "", kZeroOne),
      two_class("quoted_one", {R"("1")", "0", "1", "0"}, {}, 0, "", kZeroOne),
      two_class("two_and_four", {"2", "4", "2", "4"}, {}, 2, kNotBinary + "'2', '4')"),
      two_class("beyond_a_double", {"1e400", "0", "1e400", "0"}, {}, 2,
                kNotBinary + "'0', '1e400')"),
      two_class("an_exponent_past_fifteen_digits", {"1e1234567890123456", "1", "0", "0"}, {}, 2,
                "is a number whose exponent has more than 15 digits"),
      // text labels
      two_class("a_quoted_comma", {R"("a,b")", "c", R"("a,b")", "c"}, {}, 2,
                kNotBinary + "'a,b', 'c')"),
      two_class("nan_and_inf_are_names", {"NaN", "inf", "NaN", "inf"}, {}, 2,
                kNotBinary + "'NaN', 'inf')"),
      two_class("hexadecimal_is_a_name", {"0x1", "0", "0x1", "0"}, {}, 2,
                kNotBinary + "'0x1', '0')"),
      two_class("true_and_false", {"true", "false", "true", "false"}, {}, 2,
                kNotBinary + "'true', 'false')"),
      two_class("a_leading_space_is_trimmed", {" yes", "yes", "no", "no"}, {}, 2,
                kNotBinary + "'yes', 'no')"),
      two_class("an_empty_label", {"", "x", "", "x"}, {}, 2, "the label cell is empty"),
      two_class("three_names", {"a", "b", "c", "a"}, {}, 2, "the data set has 3 classes"),
      two_class("bytes_not_utf8", {"\xff\xfe", "b", "\xff\xfe", "b"}, {}, 2,
                "byte 0xFF is not UTF-8"),
      run_on("crlf_lines", "perceptron", "d.csv", "a,b,y\r\n1,2,yes\r\n2,1,no\r\n3,3,yes\r\n", {},
             2, kNotBinary + "'yes', 'no')"),
      run_on("a_byte_order_mark", "perceptron", "d.csv", "\xef\xbb\xbf" + table({"y", "n", "y"}),
             {}, 2, kNotBinary + "'y', 'n')"),
      // positive spelt otherwise
      two_class("positive_1_for_plus_one", {"+1", "-1", "+1", "-1"}, {R"(/dataset/positive=["1"])"},
                0, "", R"({"name":"1","count":2})"),
      two_class("positive_plus_one_point_zero", {"1.0", "-1.0", "1.0", "-1.0"},
                {R"(/dataset/positive=["+1.0"])"}, 0, "", R"({"name":"+1.0","count":2})"),
      two_class("positive_nfc_accent", {"\u00e9", "e\u0301", "\u00e9", "e\u0301"},
                {R"(/dataset/positive=["\u00e9"])"}, 0, "", R"({"name":"rest","count":2})"),
      two_class("positive_nan_for_NaN", {"NaN", "inf", "NaN", "inf"},
                {R"(/dataset/positive=["nan"])"}, 2, "did you mean 'NaN'?"),
      two_class("positive_a_comma_name", {R"("a,b")", "c", R"("a,b")", "c"},
                {R"(/dataset/positive=["a,b"])"}, 0, "", R"({"name":"a,b","count":2})"),
      two_class("positive_one_value_twice", {"1.0", "-1.0", "1.0", "-1.0"},
                {R"(/dataset/positive=["1","1.0"])"}, 2, "class '1' is listed twice in 'positive'"),
      two_class("positive_with_a_space", {"1.0", "-1.0", "1.0", "-1.0"},
                {R"(/dataset/positive=[" 1"])"}, 2, "the positive class ' 1' does not occur"),
      two_class("positive_empty", {"1", "0", "1", "0"}, {"/dataset/positive=[]"}, 2,
                "list at least one positive class"),
      two_class("positive_a_number", {"1", "0", "1", "0"}, {"/dataset/positive=[1]"}, 2,
                "expected a string, found the number 1"),
      // many classes, in plab's order and spelling
      many_class("ten_as_1e_plus_fifteen_digits", {"1e+000000000000001", "10", "1", "1"},
                 R"({"name":"1","count":2},{"name":"1e+000000000000001","count":2})"),
      many_class("ten_as_1e_and_fifteen_digits", {"1e000000000000001", "1", "2", "2"},
                 R"({"name":"2","count":2},{"name":"1e000000000000001","count":1})"),
      many_class("one_as_ten_tenths", {"10e-1", "1", "2", "2"},
                 R"("classes":[{"name":"10e-1","count":2},{"name":"2","count":2}])"),
      many_class("zero_as_minus_zero_e5", {"-0.0e5", "0", "1", "1"}, kZeroOne),
      many_class("two_to_the_53_and_one_more", {"9007199254740993", "9007199254740992", "1", "1"},
                 R"({"name":"9007199254740992","count":1},{"name":"9007199254740993","count":1})"),
      many_class("ones_with_leading_zeros", {"00001", "1.0000", "2", "2"},
                 R"("classes":[{"name":"00001","count":2},{"name":"2","count":2}])"),
      // svmlight labels and lines
      svm_run("svm_plus_one", svm("+1 1:1 2:2"), 0, "", kMinusOne),
      svm_run("svm_one_point_zero", "1.0 1:1 2:2\n-1.0 1:2 2:1\n1.0 1:3 2:3\n-1.0 2:1\n", 0, "",
              kMinusOne),
      svm_run("svm_a_comment", svm("1 1:1 2:2 # c"), 0, "", kMinusOne),
      svm_run("svm_tabs", svm("1\t1:1\t2:2"), 0, "", kMinusOne),
      svm_run("svm_crlf", "1 1:1 2:2\r\n-1 1:2 2:1\r\n1 1:3 2:3\r\n-1 2:1\r\n", 0, "", kMinusOne),
      svm_run("svm_no_final_newline", "1 1:1 2:2\n-1 1:2 2:1\n1 1:3 2:3\n-1 2:1", 0, "", kMinusOne),
      svm_run("svm_unsorted_indices", svm("1 2:2 1:1"), 2, "feature index 1 comes after index 2"),
      svm_run("svm_an_index_twice", svm("1 1:1 1:2"), 2, "feature index 1 appears twice"),
      svm_run("svm_a_value_below_a_double", svm("1 1:1e-400 2:2"), 2,
              "'1e-400' (feature 1) is too small for a double"),
      svm_run("svm_a_huge_index", svm("1 2147483648:1"), 2, "load it with sparse storage"),
      svm_run("svm_a_negative_index", svm("1 -1:1"), 2, "'-1' is not a feature index"),
      svm_run("svm_a_nan_value", svm("1 1:1 2:nan"), 2, "'nan' is not finite"),
      svm_run("svm_a_hexadecimal_value", svm("1 1:0x10 2:2"), 2,
              "'0x10' (feature 1) is not a number"),
      svm_run("svm_an_empty_value", "1 1:1\n-1 1:2 3:\n", 2, "'' (feature 3) is not a number"),
      svm_run("svm_nan_label_is_a_class", svm("nan 1:1"), 2, "the data set has 3 classes ('nan'"),
      svm_run("svm_ten_as_many_digits", "1e000000000000001 1:1\n1 1:2\n2 1:3\n2 2:1\n", 0, "",
              R"({"name":"2","count":2},{"name":"1e000000000000001","count":1})",
              "multiclass_perceptron"),
      // --labels numeric: the mapping of each spelling
      numbered("numbered_plus_one", {"+1", "-1", "+1", "-1"}, 0, "", R"("+1": 1)"),
      numbered("numbered_1e0_and_1", {"1e0", "1", "0", "0"}, 0, "", R"("1": 1,)"),
      numbered("numbered_minus_zero", {"-0", "0", "1", "1"}, 0, "", R"("-0": -1,)"),
      numbered("numbered_beyond_a_double", {"1e400", "0", "1e400", "0"}, 0, "", R"("1e400": 1)"),
      numbered("numbered_accents_two_ways", {"\u00e9", "e\u0301", "\u00e9", "e\u0301"}, 0, "",
               "\"e\u0301\": 1"),
      numbered("numbered_three_names", {"a", "b", "c", "a"}, 0, "", R"("c": 3)"),
      numbered("numbered_an_empty_label", {"", "x", "", "x"}, 2, "the label cell is empty", ""),
      numbered("numbered_ten_spelt_twice", {"1e+000000000000001", "10", "1", "1"}, 0, "",
               R"("10": 1,)"),
      numbered("numbered_one_with_a_point", {"1.", "01", "0", "0"}, 0, "", R"("01": 1,)"),
      // svmlight to CSV keeps each label as written
      to_csv("csv_plus_one_kept", svm("+1 1:1 2:2"), 0, "", "1,2,+1\n"),
      to_csv("csv_two_and_four_kept", "2 1:1 2:2\n4 1:2 2:1\n", 0, "", "1,2,2\n2,1,4\n"),
      to_csv("csv_nan_label_kept", svm("nan 1:1"), 0, "", "1,0,nan\n"),
      to_csv("csv_minus_zero_kept", "-0 1:1\n1 1:2 2:1\n", 0, "", "1,0,-0\n"),
      to_csv("csv_a_huge_index", svm("1 2147483648:1"), 2, "beyond the 64 MiB line limit"),
      // outputs that are the input, or its mapping, under another name
      convert("output_through_a_linked_folder", {{"a.csv", table({"1", "0"})}},
              {"a.csv", "l/a.csv", "--to", "svmlight", "--force"}, 2, kIsInput, "a.csv",
              table({"1", "0"})),
      convert("output_with_a_dot_folder", {{"a.csv", table({"1", "0"})}},
              {"a.csv", "./a.csv", "--to", "svmlight", "--force"}, 2, kIsInput, "a.csv",
              table({"1", "0"})),
      convert(
          "mapping_the_input_through_dotdot",
          {{"o.svm.labels.json", table({"1", "0"})}, {"s/keep", ""}},
          {"s/../o.svm.labels.json", "o.svm", "--labels", "numeric", "--from", "csv", "--force"}, 2,
          kMappingIsInput, "o.svm.labels.json", table({"1", "0"})),
      convert("mapping_the_input_through_a_linked_folder",
              {{"o.svm.labels.json", table({"1", "0"})}},
              {"l/o.svm.labels.json", "o.svm", "--labels", "numeric", "--from", "csv", "--force"},
              2, kMappingIsInput, "o.svm.labels.json", table({"1", "0"})),
      convert("both_csv", {{"a.csv", table({"1", "0"})}}, {"a.csv", "b.csv"}, 2,
              "input and output are both csv", "b.csv", ""),
      convert("numbered_but_to_csv", {{"a.csv", table({"1", "0"})}},
              {"a.csv", "b.svm", "--labels", "numeric", "--to", "csv"}, 2,
              "input and output are both csv", "b.svm", ""),
      convert("too_few_features", {{"d.svm", "1 1:1 4:2\n-1 1:2\n"}},
              {"d.svm", "o.csv", "--n-features", "3"}, 2, "is beyond n_features (3", "o.csv", ""),
      convert("more_features_than_used", {{"d.svm", "1 1:1\n-1 2:2\n"}},
              {"d.svm", "o.csv", "--n-features", "5"}, 0, "", "o.csv", "f1,f2,f3,f4,f5,label\n"),
      convert("zero_based_output", {{"a.csv", table({"+1", "-1"})}},
              {"a.csv", "o.svm", "--zero-based"}, 0, "", "o.svm", "+1 1:3\n"),
      convert("zero_based_input", {{"d.svm", "+1 1:1 2:2\n-1 1:2\n"}},
              {"d.svm", "o.csv", "--zero-based"}, 0, "", "o.csv", "f0,f1,f2,label\n0,1,2,+1\n"),
      convert("label_column_by_name", {{"a.csv", table({"p", "q"})}},
              {"a.csv", "o.libsvm", "--label", "y"}, 0, "", "o.libsvm", "p 2:3\n"),
  };
  return all;
}

// "l", a link to the row's folder, for the rows that reach a file through a linked folder.
class HostileConvertLabelsPass10 : public ::testing::TestWithParam<AnswerRow> {};

TEST_P(HostileConvertLabelsPass10, GetsAClearAnswer) {
  const test::TempDir dir;
  std::filesystem::create_directory_symlink(".", dir / "l");
  EXPECT_NO_FATAL_FAILURE(test::check_answer_row(GetParam(), dir));
}

INSTANTIATE_TEST_SUITE_P(Inputs, HostileConvertLabelsPass10, ::testing::ValuesIn(rows()),
                         [](const auto& info) { return info.param.row.name; });

}  // namespace
}  // namespace plab
