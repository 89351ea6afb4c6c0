// plab convert against a hostile user, pass eleven: CSV cells with spaces, quotes, a BOM and
// CRLF, out of a double's range, hexadecimal, empty or missing; headers alone or named twice;
// labels with spaces, ':' or '#'; subnormals and DBL_MAX kept bit for bit; --label by index,
// name, a missing name or an index out of range; --labels numeric on one class, on a tenth spelt
// two ways, on 30-digit integers; svmlight lines with qid, no features, repeated, unsorted,
// zero or negative indices; outputs that are folders, the input itself, inside a results folder,
// or already there (docs/data-formats.md, "plab convert IN OUT"). Each row has its exit code
// and a fragment of the answer; after 0 the file it names holds a fragment, after a refusal it
// is absent or as it was.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "support/label_rows.hpp"

namespace plab {
namespace {

using test::AnswerRow;
using Args = std::vector<std::string>;

// in.csv holding `text` converted to o.svm with `more`; after 0 o.svm holds `svm`.
AnswerRow from_csv(std::string name, std::string text, Args more, int exit_code,
                   std::string fragment, std::string svm = "") {
  Args args = {"in.csv", "o.svm"};
  args.insert(args.end(), more.begin(), more.end());
  return test::convert_row(std::move(name), {{"in.csv", std::move(text)}}, std::move(args),
                           exit_code, std::move(fragment), exit_code == 0 ? "o.svm" : "",
                           std::move(svm));
}

// in.csv of `labels` to o.svm with --labels numeric; after 0 the mapping holds `mapping`.
AnswerRow numeric(std::string name, const std::vector<std::string>& labels, int exit_code,
                  std::string fragment, std::string mapping = "") {
  return test::convert_row(std::move(name), {{"in.csv", test::label_table(labels)}},
                           {"in.csv", "o.svm", "--labels", "numeric"}, exit_code,
                           std::move(fragment), exit_code == 0 ? "o.svm.labels.json" : "",
                           std::move(mapping));
}

// in.svm holding `text` converted to o.csv with `more`; after 0 o.csv holds `csv`.
AnswerRow from_svm(std::string name, std::string text, Args more, int exit_code,
                   std::string fragment, std::string csv = "") {
  Args args = {"in.svm", "o.csv"};
  args.insert(args.end(), more.begin(), more.end());
  return test::convert_row(std::move(name), {{"in.svm", std::move(text)}}, std::move(args),
                           exit_code, std::move(fragment), exit_code == 0 ? "o.csv" : "",
                           std::move(csv));
}

const std::string kXY = "a,b,y\n1,2,x\n2,3,y\n";
const std::string kLabelFirst = "y,a,b\nx,1,2\ny,2,3\nx,3,1\n";
const std::string kNotNumber = "is not a number; feature cells must be decimal numbers";
const std::string kNoSvmLabel = "cannot be written in svmlight: labels there may not hold";
const std::string kThreeClasses = "a,b,y\n1,2,1\n2,3,2\n3,1,3\n";
const std::string kSvm = "1.0 1:1 2:2\n-1e0 1:2 2:1\n";

const std::vector<AnswerRow>& rows() {
  static const std::vector<AnswerRow> all = {
      // CSV cells
      from_csv("spaces_around_cells", "a,b,y\n 1.5 ,2,x\n2, -0 ,y\n", {}, 0, "",
               "x 1:1.5 2:2\ny 1:2 2:-0\n"),
      from_csv("a_cell_beyond_a_double", "a,b,y\n1e400,2,x\n2,3,y\n", {}, 2,
               "'1e400' in column 'a' is beyond the range of a double"),
      from_csv("a_nan_cell", "a,b,y\nnan,2,x\n2,3,y\n", {}, 2, "'nan' is not finite"),
      from_csv("an_inf_cell", "a,b,y\ninf,2,x\n2,3,y\n", {}, 2, "'inf' is not finite"),
      from_csv("a_hexadecimal_cell", "a,b,y\n0x10,2,x\n2,3,y\n", {}, 2,
               "'0x10' in column 'a' " + kNotNumber),
      from_csv("an_empty_cell", "a,b,y\n,2,x\n2,3,y\n", {}, 2, "'' in column 'a' " + kNotNumber),
      from_csv("quoted_cells", "a,b,y\n\"1\",2,x\n2,\"3\",y\n", {}, 0, "",
               "x 1:1 2:2\ny 1:2 2:3\n"),
      from_csv("bom_crlf_and_no_final_newline",
               "\xef\xbb\xbf"
               "a,b,y\r\n1,2,x\r\n2,3,y",
               {}, 0, "", "x 1:1 2:2\ny 1:2 2:3\n"),
      from_csv("tab_separated", "a\tb\ty\n1\t2\tx\n2\t3\ty\n", {}, 2, "found 1 column"),
      from_csv("a_label_column_alone", "y\nx\ny\n", {}, 2, "found 1 column"),
      from_csv("a_header_alone", "a,b,y\n", {}, 2, "the file has a header but no data rows"),
      from_csv("a_row_too_long", "a,b,y\n1,2,x,9\n2,3,y\n", {}, 2,
               "found 4 fields, expected 3 like the first row"),
      from_csv("a_row_too_short", "a,b,y\n1,2\n2,3,y\n", {}, 2,
               "found 2 fields, expected 3 like the first row"),
      from_csv("the_label_first_by_default", kLabelFirst, {}, 2, "'x' in column 'y' " + kNotNumber),
      from_csv("subnormal_and_dbl_max", "a,b,y\n4.9e-324,-0,x\n1.7976931348623157e308,2,y\n", {}, 0,
               "", "x 1:5e-324 2:-0\ny 1:1.7976931348623157e+308 2:2\n"),
      from_csv("more_digits_than_a_double", "a,b,y\n1.0000000000000000000001,2,x\n2,3,y\n", {}, 0,
               "", "x 1:1 2:2\n"),
      from_csv("signs_and_bare_points", "a,b,y\n+1,+2,x\n.5,5.,y\n", {}, 0, "",
               "x 1:1 2:2\ny 1:0.5 2:5\n"),
      from_csv("a_label_with_a_space", "a,b,y\n1,2,x y\n2,3,y\n", {}, 2, "'x y' " + kNoSvmLabel),
      from_csv("a_label_with_a_colon", "a,b,y\n1,2,x:1\n2,3,y\n", {}, 2, "'x:1' " + kNoSvmLabel),
      from_csv("a_label_with_a_hash", "a,b,y\n1,2,#x\n2,3,y\n", {}, 2, "'#x' " + kNoSvmLabel),
      from_csv("a_header_name_twice", "a,a,y\n1,2,x\n2,3,y\n", {}, 2,
               "the header names column 'a' twice (columns 1 and 2)"),
      from_csv("an_empty_label", "a,b,y\n1,2,\n2,3,y\n", {}, 2, "the label cell is empty"),
      from_csv("all_features_zero", "a,b,y\n0,0,x\n0,0,y\n", {}, 0,
               "the last 2 feature column(s) hold only zeros", "x\ny\n"),
      from_csv("an_exponent_of_16_digits_as_is", "a,b,y\n1,2,1e1234567890123456\n2,3,1\n", {}, 0,
               "", "1e1234567890123456 1:1 2:2\n"),
      // the label column
      from_csv("label_index_0", kLabelFirst, {"--label", "0"}, 0, "", "x 1:1 2:2\ny 1:2 2:3\n"),
      from_csv("label_by_name_first", kLabelFirst, {"--label", "y"}, 0, "", "x 1:3 2:1\n"),
      from_csv("label_a_missing_name", kLabelFirst, {"--label", "zz"}, 2,
               "no column is named 'zz'; columns: 'y', 'a' or 'b'"),
      from_csv("label_minus_one", kLabelFirst, {"--label", "-1"}, 2, "no column is named '-1'"),
      from_csv("label_index_past_the_end", kLabelFirst, {"--label", "3"}, 2,
               "label column index 3 is out of range; the file has columns 0 to 2"),
      // --labels numeric
      from_csv("numeric_three_classes", kThreeClasses, {"--labels", "numeric"}, 0, "",
               "1 1:1 2:2\n2 1:2 2:3\n3 1:3 2:1\n"),
      numeric("numeric_one_class_five", {"5", "5"}, 2, "every sample has the label '5'"),
      numeric("numeric_one_class_zero", {"0", "0"}, 0, "", R"("0": -1)"),
      numeric("numeric_a_tenth_two_ways", {"0.1", "0.10000000000000000001"}, 0, "",
              R"("0.10000000000000000001": 1)"),
      numeric("numeric_a_half_two_ways", {"0.5", "5e-1", "-1", "-1.0"}, 0, "", R"("5e-1": 1)"),
      numeric("numeric_thirty_digits",
              {"123456789012345678901234567890", "123456789012345678901234567891", "1", "1"}, 0, "",
              R"("123456789012345678901234567891": 3)"),
      numeric("numeric_three_values_six_spellings", {"-1", "1", "+1", "-1.0", "3", "3e0"}, 0, "",
              R"("3e0": 3)"),
      numeric("numeric_an_exponent_of_16_digits", {"1e1234567890123456", "1"}, 2,
              "is a number whose exponent has more than 15 digits"),
      // svmlight to CSV
      from_svm("svm_an_index_twice", "1 1:1 1:2\n2 1:2\n", {}, 2,
               "feature index 1 appears twice on the line"),
      from_svm("svm_indices_unsorted", "1 2:1 1:2\n2 1:2\n", {}, 2,
               "feature index 1 comes after index 2"),
      from_svm("svm_index_zero", "1 0:1\n2 1:2\n", {}, 2,
               "if the file counts from 0, give --zero-based"),
      from_svm("svm_index_zero_zero_based", "1 0:1\n2 1:2\n", {"--zero-based"}, 0, "",
               "f0,f1,label\n1,0,1\n0,2,2\n"),
      from_svm("svm_qid", "1 qid:3 1:1\n2 qid:3 1:2\n", {}, 0, "qid: on 2 lines is ignored",
               "f1,label\n1,1\n2,2\n"),
      from_svm("svm_a_line_without_features", "1\n2 1:2\n", {}, 0, "", "f1,label\n0,1\n2,2\n"),
      from_svm("svm_a_nan_value", "1 1:nan\n2 1:2\n", {}, 2, "'nan' is not finite"),
      from_svm("svm_a_negative_index", "1 -1:1\n2 1:2\n", {}, 2, "'-1' is not a feature index"),
      from_svm("svm_n_features_too_small", kSvm, {"--n-features", "1"}, 2,
               "feature index 2 is beyond n_features (1, given with --n-features)"),
      from_svm("svm_labels_kept_as_written", kSvm, {"--n-features", "3"}, 0, "",
               "f1,f2,f3,label\n1,2,0,1.0\n2,1,0,-1e0\n"),
      from_svm("svm_an_emoji_label", "\U0001F600 1:1\nx 1:2\n", {}, 0, "",
               "f1,label\n1,\U0001F600\n2,x\n"),
      // formats and outputs
      test::convert_row("svm_to_svm_numbered", {{"in.svm", kSvm}},
                        {"in.svm", "o.svm", "--labels", "numeric"}, 2,
                        "input and output are both svmlight", "o.svm", ""),
      test::convert_row("an_unknown_format", {{"in.csv", kXY}},
                        {"in.csv", "o.svm", "--to", "parquet"}, 2,
                        "--to 'parquet' is not a data format", "o.svm", ""),
      test::convert_row("an_extension_plab_does_not_know", {{"in.csv", kXY}}, {"in.csv", "o.txt"},
                        2, "cannot tell the format of 'o.txt'", "o.txt", ""),
      test::convert_row("out_a_folder", {{"in.csv", kXY}, {"o/keep", "kept\n"}},
                        {"in.csv", "o", "--to", "svmlight"}, 2, "output 'o' is a folder", "o/keep",
                        "kept\n"),
      test::convert_row("out_the_input_by_its_own_name", {{"in.csv", kXY}},
                        {"in.csv", "in.csv", "--to", "svmlight", "--force"}, 2,
                        "the output 'in.csv' is the input file", "in.csv", kXY),
      test::convert_row("out_inside_a_results_folder", {{"in.csv", kXY}, {"r/manifest.json", "{}"}},
                        {"in.csv", "r/o.svm"}, 2, "is inside the results folder", "r/o.svm", ""),
      test::convert_row("out_there_without_force", {{"in.csv", kThreeClasses}, {"o.svm", "old\n"}},
                        {"in.csv", "o.svm", "--labels", "numeric"}, 2,
                        "does not replace it unless given --force", "o.svm", "old\n"),
      test::convert_row("a_stale_mapping_forced",
                        {{"in.csv", kThreeClasses}, {"o.svm.labels.json", "x\n"}},
                        {"in.csv", "o.svm", "--labels", "numeric", "--force"}, 0, "",
                        "o.svm.labels.json", R"("3": 3)"),
      test::convert_row("the_mapping_a_folder",
                        {{"in.csv", kThreeClasses}, {"o.svm.labels.json/keep", ""}},
                        {"in.csv", "o.svm", "--labels", "numeric", "--force"}, 2,
                        "output 'o.svm.labels.json' is a folder", "o.svm", ""),
  };
  return all;
}

class HostileConvertPass11 : public ::testing::TestWithParam<AnswerRow> {};

TEST_P(HostileConvertPass11, GetsAClearAnswer) {
  const test::TempDir dir;
  EXPECT_NO_FATAL_FAILURE(test::check_answer_row(GetParam(), dir));
}

INSTANTIATE_TEST_SUITE_P(Inputs, HostileConvertPass11, ::testing::ValuesIn(rows()),
                         [](const auto& info) { return info.param.row.name; });

}  // namespace
}  // namespace plab
