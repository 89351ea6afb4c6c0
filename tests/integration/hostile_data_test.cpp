// Hostile data files, through the real binary, as a table: CSV and svmlight text with a BOM,
// CRLF, blank lines, quotes, NUL bytes, non-finite, huge and denormal values, duplicate or
// unsorted indices, and the same files given to plab convert. Each row has its exit code and
// a fragment of its answer; a clean file that runs must also verify clean.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "support/hostile_table.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;
using test::HostileRow;

// A header and four rows of two features labelled p/n, the first row `row1`.
std::string csv_with(const std::string& header, const std::string& row1) {
  return header + "\n" + row1 + "\n-1,-2,n\n2,1,p\n-2,-1,n\n";
}

const std::string kHeader = "a,b,y";

std::string csv_config(const std::string& positive) {
  return R"({"name":"h","repeats":1,"dataset":{"kind":"csv","path":"d.csv","label":"y",)"
         R"("positive":[")" +
         positive + R"("]},"learners":[{"plugin":"perceptron"}],"protocol":{"max_epochs":20}})";
}

const std::string kSvmConfig =
    R"({"name":"h","repeats":1,"dataset":{"kind":"svmlight","path":"d.svm"},)"
    R"("learners":[{"plugin":"perceptron"}],"protocol":{"max_epochs":20}})";

const std::string kRan = "results: out";

// `plab run` on this CSV text, positive class `positive`.
HostileRow csv(std::string name, std::string text, int exit_code, std::string fragment,
               std::string positive = "p") {
  return {std::move(name),
          {{"c.json", csv_config(positive)}, {"d.csv", std::move(text)}},
          {"run", "c.json", "--out", "out", "--quiet", "--no-report"},
          exit_code,
          std::move(fragment),
          {}};
}

// `plab run` on this svmlight text.
HostileRow svm(std::string name, std::string text, int exit_code, std::string fragment) {
  return {std::move(name),
          {{"c.json", kSvmConfig}, {"d.svm", std::move(text)}},
          {"run", "c.json", "--out", "out", "--quiet", "--no-report"},
          exit_code,
          std::move(fragment),
          {}};
}

// `plab convert IN OUT extra...` with IN holding `text`.
HostileRow convert(std::string name, std::string in, std::string text, std::string out,
                   std::vector<std::string> extra, int exit_code, std::string fragment) {
  std::vector<std::string> args{"convert", in, std::move(out)};
  args.insert(args.end(), extra.begin(), extra.end());
  return {std::move(name),     {{std::move(in), std::move(text)}},
          std::move(args),     exit_code,
          std::move(fragment), {}};
}

const std::string kSvm = "+1 1:1 2:2\n-1 1:-1 2:-2\n+1 1:2 2:1\n-1 1:-2 2:-1\n";

const std::vector<HostileRow>& rows() {
  static const std::vector<HostileRow> all = {
      // CSV
      csv("csv_bom", "\xEF\xBB\xBF" + csv_with(kHeader, "1,2,p"), 0, kRan),
      csv("csv_crlf", "a,b,y\r\n1,2,p\r\n-1,-2,n\r\n2,1,p\r\n-2,-1,n\r\n", 0, kRan),
      csv("csv_blank_line_inside", "a,b,y\n1,2,p\n\n-1,-2,n\n2,1,p\n-2,-1,n\n", 0, kRan),
      csv("csv_trailing_blank_lines", csv_with(kHeader, "1,2,p") + "\n\n", 0, kRan),
      csv("csv_no_final_newline", "a,b,y\n1,2,p\n-1,-2,n\n2,1,p\n-2,-1,n", 0, kRan),
      csv("csv_nan_cell", csv_with(kHeader, "1,nan,p"), 2,
          "'nan' is not finite; NaN and infinity are not accepted as feature values"),
      csv("csv_inf_cell", csv_with(kHeader, "1,inf,p"), 2, "'inf' is not finite"),
      csv("csv_past_double", csv_with(kHeader, "1,1e400,p"), 2,
          "'1e400' in column 'b' is beyond the range of a double"),
      csv("csv_denormal", csv_with(kHeader, "1,4.9e-324,p"), 0, kRan),
      csv("csv_huge_values", "a,b,y\n1,1e300,p\n-1,-1e300,n\n2,1,p\n-2,-1,n\n", 0, kRan),
      csv("csv_short_row", "a,b,y\n1,2,p\n-1,-2,n\n2,1\n-2,-1,n\n", 2,
          "found 2 fields, expected 3 like the first row"),
      csv("csv_utf16",
          std::string("\xFF\xFE"
                      "a\0,\0b\0\n",
                      10),
          2, "a NUL byte; this is not a text CSV file"),
      csv("csv_nul_in_a_later_line", csv_with(kHeader, "1,2,p") + std::string("\0\n", 2), 2,
          "a NUL byte; this is not a text CSV file"),
      csv("csv_semicolons", "a;b;y\n1;2;p\n-1;-2;n\n", 2,
          "found 1 column; a data file needs at least one feature column"),
      csv("csv_quoted_number", csv_with(kHeader, "\"1\",2,p"), 0, kRan),
      csv("csv_hex_cell", csv_with(kHeader, "1,0x10,p"), 2, "'0x10' in column 'b' is not a number"),
      csv("csv_space_before_a_number", csv_with(kHeader, "1, 2,p"), 0, kRan),
      csv("csv_header_names_a_twice", csv_with("a,a,y", "1,2,p"), 2,
          "the header names column 'a' twice (columns 1 and 2)"),
      csv("csv_utf8_label", csv_with(kHeader, "1,2,p\xC3\xA9") + "3,3,p\xC3\xA9\n", 0, kRan,
          "p\xC3\xA9"),
      csv("csv_quoted_label_with_a_comma", "a,b,y\n1,2,\"p,q\"\n-1,-2,n\n2,1,\"p,q\"\n", 0, kRan,
          "p,q"),
      csv("csv_doubled_quote_in_a_label", "a,b,y\n1,2,\"p\"\"x\"\n-1,-2,n\n", 0, kRan, "p\\\"x"),
      csv("csv_header_only", "a,b,y\n", 2, "the file has a header but no data rows"),
      csv("csv_one_class_only", "a,b,y\n1,2,p\n", 2,
          "every sample is positive ('p'), so the binary task has a single class"),
      csv("csv_quote_across_lines", "a,b,y\n1,2,\"p\nx\"\n-1,-2,n\n", 2,
          "unterminated quoted field (quoted fields may not span lines)"),
      csv("csv_positive_with_a_space", csv_with(kHeader, "1,2,p"), 2, "(did you mean 'p'?)", "p "),
      csv("csv_underscore_in_a_number", csv_with(kHeader, "1_000,2,p"), 2,
          "'1_000' in column 'a' is not a number"),
      csv("csv_plus_signs", csv_with(kHeader, "+1,+2,p"), 0, kRan),
      csv("csv_bare_points", csv_with(kHeader, "1.,.5,p"), 0, kRan),
      // svmlight
      svm("svm_index_twice", "+1 1:1 2:2\n-1 1:-1 2:-2\n+1 1:2 1:1\n", 2,
          "feature index 1 appears twice on the line"),
      svm("svm_indices_unsorted", "+1 2:2 1:1\n-1 1:-1 2:-2\n", 2,
          "feature index 1 comes after index 2; indices must increase along a line"),
      svm("svm_index_zero", "+1 0:1 2:2\n-1 1:-1 2:-2\n", 2,
          "feature index 0 in a file whose indices count from 1"),
      svm("svm_qid", "+1 qid:3 1:1 2:2\n-1 qid:3 1:-1 2:-2\n+1 1:2 2:1\n-1 1:-2 2:-1\n", 0,
          "qid: on 2 lines is ignored"),
      svm("svm_comment_and_blank_line", "+1 1:1 2:2 # c\n-1 1:-1 2:-2\n\n+1 1:2 2:1\n", 0, kRan),
      svm("svm_crlf", "+1 1:1 2:2\r\n-1 1:-1 2:-2\r\n+1 1:2 2:1\r\n", 0, kRan),
      svm("svm_nan_value", "+1 1:1 2:nan\n-1 1:-1 2:-2\n", 2, "'nan' is not finite"),
      svm("svm_negative_index", "+1 1:1 -2:2\n-1 1:-1 2:-2\n", 2, "'-2' is not a feature index"),
      svm("svm_index_past_32_bits", "+1 1:1 99999999999:2\n-1 1:-1\n", 2,
          "feature index '99999999999' is too large"),
      svm("svm_three_classes_for_perceptron", kSvm + "0 1:-2 2:-1\n", 2,
          "the data set has 3 classes ('-1', '0', '+1')"),
      svm("svm_tabs_and_double_spaces", "+1 1:1  2:2 \n-1\t1:-1\t2:-2\n+1 1:2 2:1\n", 0, kRan),
      svm("svm_empty_value", "+1 1:1 2:2\n-1 1:-2 2:\n", 2, "'' (feature 2) is not a number"),
      svm("svm_labels_as_reals", "1.0 1:1 2:2\n-1.0 1:-1 2:-2\n1e0 1:2 2:1\n", 0, kRan),
      // plab convert
      convert("convert_bom_csv", "in.csv", "\xEF\xBB\xBF" + csv_with(kHeader, "1,2,p"), "o.svm",
              {"--labels", "numeric"}, 0, "class labels: o.svm.labels.json"),
      convert("convert_svm_with_comments", "in.svm", "+1 1:1 2:2 # c\n\n-1 1:-1 2:-2\n", "o.csv",
              {}, 0, "converted 2 rows of 2 features"),
      convert("convert_qid", "in.svm", "+1 qid:1 1:1\n-1 qid:1 1:-1\n", "o.csv", {}, 0,
              "qid: on 2 lines is ignored"),
      convert("convert_n_features_too_small", "in.svm", kSvm, "o.csv", {"--n-features", "1"}, 2,
              "feature index 2 is beyond n_features (1, given with --n-features)"),
      convert("convert_label_twice", "in.csv", csv_with(kHeader, "1,2,p"), "o.svm",
              {"--label", "2", "--label", "y"}, 2,
              "option '--label' cannot be specified more than once"),
      convert("convert_unknown_extension", "in.csv", csv_with(kHeader, "1,2,p"), "o.txt", {}, 2,
              "cannot tell the format of 'o.txt' from its extension"),
      convert("convert_csv_to_csv", "in.csv", csv_with(kHeader, "1,2,p"), "o.csv", {"--to", "csv"},
              2, "input and output are both csv: nothing to convert"),
      {"convert_a_folder",
       {},
       {"convert", ".", "o.svm", "--from", "csv"},
       2,
       "IN '.' is a folder; plab convert reads one data file",
       {}},
  };
  return all;
}

class HostileData : public ::testing::TestWithParam<HostileRow> {};

TEST_P(HostileData, GetsAClearAnswer) {
  const test::TempDir dir;
  const HostileRow& row = GetParam();
  test::run_hostile_row(row, dir);
  // A clean data file makes a clean folder.
  if (row.exit_code == 0 && fs::exists(dir / "out")) {
    const auto v = test::run_plab({"verify", (dir / "out").string()});
    EXPECT_EQ(v.exit_code, 0) << v.err << v.out;
  }
}

INSTANTIATE_TEST_SUITE_P(Inputs, HostileData, ::testing::ValuesIn(rows()),
                         [](const auto& info) { return info.param.name; });

// Converting what a run reads round-trips the values, denormals and 1e300 included.
TEST(HostileData, ConvertKeepsDenormalsAndHugeValues) {
  const test::TempDir dir;
  dir.write("in.csv", "a,b,y\n1,4.9e-324,p\n-1,-1e300,n\n");
  ASSERT_EQ(test::run_plab({"convert", "in.csv", "o.svm"}, dir.path().string()).exit_code, 0);
  ASSERT_EQ(test::run_plab({"convert", "o.svm", "back.csv"}, dir.path().string()).exit_code, 0);
  const std::string back = test::read_file(dir / "back.csv");
  EXPECT_NE(back.find("1,5e-324,p"), std::string::npos) << back;
  EXPECT_NE(back.find("-1,-1e+300,n"), std::string::npos) << back;
}

}  // namespace
}  // namespace plab
