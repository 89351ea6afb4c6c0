// plab convert against a hostile user, pass eight: CSV cells that are not finite decimal
// numbers, ragged and one-column files, svmlight lines with indices out of order or out of
// range, options that do not fit the input, and the files a conversion must leave alone
// (docs/data-formats.md, "plab convert IN OUT"). Each row has its exit code and a fragment of
// the answer; a refusal writes no output, an answer of 0 a file holding what the row names.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "support/answer_rows.hpp"

namespace plab {
namespace {

using test::AnswerRow;
using Args = std::vector<std::string>;

const std::string kIris = "a,b,y\n5.1,3.5,setosa\n7.0,3.2,versicolor\n6.3,3.3,setosa\n";

// `plab convert IN OUT extra...` with IN holding `text`; OUT looked at.
AnswerRow converting(std::string name, const std::string& in, std::string text,
                     const std::string& out, Args extra, int exit_code, std::string fragment,
                     std::string holds) {
  Args args = {"convert", in, out};
  args.insert(args.end(), extra.begin(), extra.end());
  return {{std::move(name),
           {{in, std::move(text)}},
           std::move(args),
           exit_code,
           std::move(fragment),
           {}},
          out,
          std::move(holds)};
}

// d.csv of this CSV text to o.svm.
AnswerRow from_csv(std::string name, std::string text, Args extra, int exit_code,
                   std::string fragment, std::string holds = "") {
  return converting(std::move(name), "d.csv", std::move(text), "o.svm", std::move(extra), exit_code,
                    std::move(fragment), std::move(holds));
}

// d.svm of this svmlight text to o.csv.
AnswerRow from_svm(std::string name, std::string text, Args extra, int exit_code,
                   std::string fragment, std::string holds = "") {
  return converting(std::move(name), "d.svm", std::move(text), "o.csv", std::move(extra), exit_code,
                    std::move(fragment), std::move(holds));
}

const std::string kNotFinite = "is not finite; NaN and infinity are not accepted as feature values";

const std::vector<AnswerRow>& rows() {
  static const std::vector<AnswerRow> all = {
      from_csv("label_index_out_of_range", kIris, {"--label", "99"}, 2,
               "d.csv:1: label column index 99 is out of range; the file has columns 0 to 2"),
      from_csv("label_index_zero_makes_text_a_feature", kIris, {"--label", "0"}, 2,
               "'setosa' in column 'y' is not a number"),
      from_csv("label_minus_one_is_a_name", kIris, {"--label", "-1"}, 2,
               "no column is named '-1'; columns: 'a', 'b' or 'y'"),
      from_csv("label_unknown_name", kIris, {"--label", "nosuchcol"}, 2,
               "no column is named 'nosuchcol'"),
      from_csv("labels_option_in_capitals", kIris, {"--labels", "Numeric"}, 2,
               "--labels 'Numeric' is not as-is or numeric"),
      from_csv("n_features_on_a_csv", kIris, {"--n-features", "3"}, 2,
               "--n-features gives the width of an svmlight input; a CSV input's width is its "
               "columns"),
      from_csv("from_tsv", kIris, {"--from", "tsv"}, 2,
               "--from 'tsv' is not a data format; give csv or svmlight (libsvm)"),
      from_csv("to_parquet", kIris, {"--to", "parquet"}, 2,
               "--to 'parquet' is not a data format; give csv or svmlight (libsvm)"),
      from_csv("header_only", "a,y\n", {}, 2, "the file has a header but no data rows"),
      from_csv("empty_feature_cell", "a,b,y\n1,2,p\n3,,q\n", {}, 2,
               "d.csv:3:3: '' in column 'b' is not a number"),
      from_csv("nan_cell", "a,b,y\n1,nan,p\n3,4,q\n", {}, 2, "d.csv:2:3: 'nan' " + kNotFinite),
      from_csv("inf_cell", "a,b,y\n1,inf,p\n3,4,q\n", {}, 2, "d.csv:2:3: 'inf' " + kNotFinite),
      from_csv("cell_past_a_double", "a,b,y\n1,1e999,p\n3,4,q\n", {}, 2,
               "'1e999' in column 'b' is beyond the range of a double"),
      from_csv("hexadecimal_cell", "a,b,y\n1,0x10,p\n3,4,q\n", {}, 2,
               "'0x10' in column 'b' is not a number"),
      from_csv("row_with_a_field_too_many", "a,b,y\n1,2,3,p\n3,4,q\n", {}, 2,
               "d.csv:2: found 4 fields, expected 3 like the first row"),
      from_csv("semicolons_make_one_column", "a;b;y\n1;2;p\n3;4;q\n", {}, 2,
               "found 1 column; a data file needs at least one feature column and one label "
               "column, separated by commas"),
      from_csv("byte_order_mark_and_label_by_name",
               "\xef\xbb\xbf"
               "a,b,y\n1,2,p\n3,4,q\n",
               {"--label", "y"}, 0, "", "p 1:1 2:2\n"),
      from_csv("no_final_newline", "a,b,y\n1,2,p\n3,4,q", {}, 0, "", "q 1:3 2:4\n"),
      from_csv("zero_based_output", kIris, {"--zero-based"}, 0, "", "setosa 0:5.1 1:3.5\n"),
      from_svm("index_twice", "1 1:1 1:2\n-1 2:1\n", {}, 2,
               "d.svm:1:7: feature index 1 appears twice on the line"),
      from_svm("index_zero_one_based", "1 0:1\n-1 2:1\n", {}, 2,
               "feature index 0 in a file whose indices count from 1"),
      from_svm("index_zero_zero_based", "1 0:1\n-1 2:1\n", {"--zero-based"}, 0, "",
               "f0,f1,f2,label\n1,0,0,1\n0,0,1,-1\n"),
      from_svm("value_not_a_number", "1 1:abc\n-1 2:1\n", {}, 2,
               "d.svm:1:5: 'abc' (feature 1) is not a number"),
      from_svm("value_past_a_double", "1 1:1e400\n-1 2:1\n", {}, 2,
               "'1e400' (feature 1) is beyond the range of a double"),
      from_svm("negative_index", "1 -3:1\n-1 2:1\n", {}, 2,
               "'-3' is not a feature index; indices are whole numbers counting from 1"),
      from_svm("blank_line_skipped", "1 1:1\n\n-1 2:1\n", {}, 0, "",
               "f1,f2,label\n1,0,1\n0,1,-1\n"),
      from_svm("comment_only", "# only a comment\n", {}, 2, "the file has no data rows"),
      from_svm("feature_without_colon", "1 1:1 2\n", {}, 2,
               "'2' has no ':'; features are written index:value"),
      from_svm("index_of_twenty_digits", "1 99999999999999999999:1\n", {}, 2,
               "feature index '99999999999999999999' is too large"),
      from_svm("three_billion_columns_to_csv", "1 3000000000:1\n-1 1:1\n", {}, 2,
               "3000000000 features make CSV rows of at least 6000000001 bytes"),
      from_svm("n_features_below_the_indices", "1 1:1 6:2\n-1 2:1\n", {"--n-features", "5"}, 2,
               "feature index 6 is beyond n_features (5, given with --n-features)"),
      from_svm("n_features_above_the_indices", "1 1:1\n-1 2:1\n", {"--n-features", "4"}, 0, "",
               "f1,f2,f3,f4,label\n"),
      from_svm("n_features_zero", "1 1:1\n", {"--n-features", "0"}, 2,
               "--n-features '0' is not a number of features"),
      from_svm("n_features_a_fraction", "1 1:1\n", {"--n-features", "1.5"}, 2,
               "--n-features '1.5' is not a number of features"),
  };
  return all;
}

class HostileConvertCells : public ::testing::TestWithParam<AnswerRow> {};

TEST_P(HostileConvertCells, GetsAClearAnswer) {
  const test::TempDir dir;
  EXPECT_NO_FATAL_FAILURE(test::check_answer_row(GetParam(), dir));
}

INSTANTIATE_TEST_SUITE_P(Inputs, HostileConvertCells, ::testing::ValuesIn(rows()),
                         [](const auto& info) { return info.param.row.name; });

}  // namespace
}  // namespace plab
