// plab convert against a hostile user, as a table: outputs that are links, FIFOs, devices or
// folders, inputs that are not regular files, formats named wrongly, options that do not fit
// the input, svmlight lines plab cannot read, and existing outputs (docs/data-formats.md,
// "plab convert IN OUT"). Each row has its exit code and a fragment of the answer; a refusal
// leaves no output behind and an existing one as it was, an answer of 0 a file holding what
// the row names.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <functional>
#include <string>
#include <vector>

#include "support/hostile_table.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;
using test::HostileRow;
using Args = std::vector<std::string>;

struct ConvertRow {
  HostileRow row;
  std::function<void(const test::TempDir&)>
      prepare;        // makes links, FIFOs, folders in the row's folder
  std::string file;   // the output to look at ("" for none)
  std::string holds;  // a fragment of it (after a refusal: all of it, as it was)
};

std::ostream& operator<<(std::ostream& out, const ConvertRow& row) { return out << row.row.name; }

const std::string kCsv = "a,b,y\n1,2,p\n-1,-2,n\n2,1,p\n";
const std::string kSvm = "1 1:1 2:2\n-1 1:-1\n";
const std::string kKept = "kept\n";

// `plab convert args...` with in.csv (kCsv) and in.svm (kSvm) there.
ConvertRow convert(std::string name, Args args, int exit_code, std::string fragment,
                   std::string file = "", std::string holds = "",
                   std::function<void(const test::TempDir&)> prepare = {}) {
  args.insert(args.begin(), "convert");
  return {{std::move(name),
           {{"in.csv", kCsv}, {"in.svm", kSvm}},
           std::move(args),
           exit_code,
           std::move(fragment),
           {}},
          std::move(prepare),
          std::move(file),
          std::move(holds)};
}

// `plab convert in.svm o.csv` of this svmlight text.
ConvertRow from_svm(std::string name, std::string text, int exit_code, std::string fragment,
                    std::string holds = "") {
  std::string file = exit_code == 0 ? "o.csv" : "";
  return {{std::move(name),
           {{"d.svm", std::move(text)}},
           {"convert", "d.svm", "o.csv"},
           exit_code,
           std::move(fragment),
           {}},
          {},
          std::move(file),
          std::move(holds)};
}

// An existing output `name` holding kKept.
std::function<void(const test::TempDir&)> existing(std::string name) {
  return [name](const test::TempDir& dir) { dir.write(name, kKept); };
}

const std::string kNotRegular =
    "plab convert writes a regular file and replaces only a regular file (with --force), never "
    "a link, folder, device, FIFO or socket";

const std::vector<ConvertRow>& rows() {
  static const std::vector<ConvertRow> all = {
      convert("existing_out_without_force", {"in.csv", "o.svm"}, 2,
              "output file 'o.svm' exists; plab convert does not replace it unless given --force",
              "o.svm", kKept, existing("o.svm")),
      convert("existing_out_with_force", {"in.csv", "o.svm", "--force"}, 0, "", "o.svm",
              "p 1:1 2:2\n", existing("o.svm")),
      convert("out_a_symlink_with_force", {"in.csv", "o.svm", "--force"}, 2,
              "output 'o.svm' is a symbolic link; " + kNotRegular, "target", kKept,
              [](const test::TempDir& d) {
                d.write("target", kKept);
                fs::create_symlink("target", d / "o.svm");
              }),
      convert("out_a_fifo_with_force", {"in.csv", "o.svm", "--force"}, 2,
              "output 'o.svm' is a FIFO (named pipe)", "", "",
              [](const test::TempDir& d) { ASSERT_EQ(mkfifo((d / "o.svm").c_str(), 0600), 0); }),
      convert("out_dev_null", {"in.csv", "/dev/null", "--to", "svmlight", "--force"}, 2,
              "output '/dev/null' is a character device"),
      convert("out_a_folder", {"in.csv", "o.svm", "--force"}, 2, "output 'o.svm' is a folder", "",
              "", [](const test::TempDir& d) { fs::create_directory(d / "o.svm"); }),
      convert("out_in_a_missing_folder", {"in.csv", "nodir/o.svm"}, 4,
              "output file 'nodir/o.svm' cannot be written"),
      convert("out_the_input_itself", {"in.csv", "in.csv", "--to", "svmlight", "--force"}, 2,
              "the output 'in.csv' is the input file; give another name", "in.csv", kCsv),
      convert("in_dev_zero", {"/dev/zero", "o.svm", "--from", "csv"}, 2,
              "data file '/dev/zero' does not exist or is not a regular file"),
      convert("in_a_fifo", {"f.csv", "o.svm"}, 2,
              "data file 'f.csv' does not exist or is not a regular file", "", "",
              [](const test::TempDir& d) { ASSERT_EQ(mkfifo((d / "f.csv").c_str(), 0600), 0); }),
      convert("in_a_folder", {"sub", "o.svm", "--from", "csv"}, 2,
              "IN 'sub' is a folder; plab convert reads one data file", "", "",
              [](const test::TempDir& d) { fs::create_directory(d / "sub"); }),
      convert("in_a_folder_without_from", {"sub", "o.svm"}, 2,
              "IN 'sub' is a folder; plab convert reads one data file", "", "",
              [](const test::TempDir& d) { fs::create_directory(d / "sub"); }),
      convert("in_missing", {"missing.csv", "o.svm"}, 2,
              "data file 'missing.csv' does not exist or is not a regular file"),
      convert("in_a_symlink_to_a_file", {"link.csv", "o.svm"}, 0, "", "o.svm",
              "p 1:1 2:2\nn 1:-1 2:-2\n",
              [](const test::TempDir& d) { fs::create_symlink("in.csv", d / "link.csv"); }),
      convert("unknown_extension", {"in.csv", "o.txt"}, 2,
              "cannot tell the format of 'o.txt' from its extension"),
      convert("to_libsvm_on_a_txt", {"in.csv", "o.txt", "--to", "libsvm"}, 0, "", "o.txt",
              "p 1:1 2:2\n"),
      convert("to_upper_case_refused", {"in.csv", "o.csv", "--to", "SVMLIGHT"}, 2,
              "--to 'SVMLIGHT' is not a data format; give csv or svmlight (libsvm)"),
      convert("csv_to_csv", {"in.csv", "o.csv"}, 2, "input and output are both csv"),
      convert("svm_to_svm", {"in.svm", "o.svm"}, 2, "input and output are both svmlight"),
      convert("labels_capitalised", {"in.csv", "o.svm", "--labels", "Numeric"}, 2,
              "--labels 'Numeric' is not as-is or numeric"),
      convert("label_index_out_of_range", {"in.csv", "o.svm", "--label", "99"}, 2,
              "label column index 99 is out of range; the file has columns 0 to 2"),
      convert("label_given_twice", {"in.csv", "o.svm", "--label", "y", "--label", "0"}, 2,
              "option '--label' cannot be specified more than once"),
      convert("label_zero_makes_the_labels_features", {"in.csv", "o.svm", "--label", "0"}, 2,
              "'p' in column 'y' is not a number"),
      convert("label_minus_one_is_a_name", {"in.csv", "o.svm", "--label", "-1"}, 2,
              "no column is named '-1'"),
      convert("label_for_an_svmlight_input", {"in.svm", "o.csv", "--label", "0"}, 2,
              "--label names the label column of a CSV input"),
      convert("n_features_for_a_csv_input", {"in.csv", "o.svm", "--n-features", "3"}, 2,
              "--n-features gives the width of an svmlight input"),
      convert("labels_numeric_for_a_csv_output", {"in.svm", "o.csv", "--labels", "numeric"}, 2,
              "--labels numeric writes svmlight labels for LIBLINEAR and LIBSVM"),
      convert("n_features_below_an_index", {"in.svm", "o.csv", "--n-features", "1"}, 2,
              "feature index 2 is beyond n_features (1, given with --n-features)"),
      convert("n_features_widens", {"in.svm", "o.csv", "--n-features", "4"}, 0, "", "o.csv",
              "f1,f2,f3,f4,label\n1,2,0,0,1\n"),
      convert("zero_based_svmlight_header", {"in.svm", "o.csv", "--zero-based"}, 0, "", "o.csv",
              "f0,f1,f2,label\n"),
      convert("zero_based_csv_to_svmlight", {"in.csv", "o.svm", "--zero-based"}, 0, "", "o.svm",
              "p 0:1 1:2\n"),
      convert("numeric_over_an_existing_out", {"in.csv", "o.svm", "--labels", "numeric"}, 2,
              "output file 'o.svm' exists", "o.svm", kKept, existing("o.svm")),
      convert("numeric_mapping_exists", {"in.csv", "o.svm", "--labels", "numeric"}, 2,
              "output file 'o.svm.labels.json' exists", "o.svm.labels.json", kKept,
              existing("o.svm.labels.json")),
      convert(
          "numeric_mapping_a_symlink", {"in.csv", "o.svm", "--labels", "numeric", "--force"}, 2,
          "output 'o.svm.labels.json' is a symbolic link", "", "",
          [](const test::TempDir& d) { fs::create_symlink("nowhere", d / "o.svm.labels.json"); }),
      convert("numeric_mapping_a_folder", {"in.csv", "o.svm", "--labels", "numeric", "--force"}, 2,
              "output 'o.svm.labels.json' is a folder", "", "",
              [](const test::TempDir& d) { fs::create_directory(d / "o.svm.labels.json"); }),
      from_svm("empty_svmlight", "", 2, "the file has no data rows"),
      from_svm("index_twice_on_a_line", "1 1:1 1:2\n-1 2:1\n", 2,
               "d.svm:1:7: feature index 1 appears twice on the line"),
      from_svm("indices_decreasing", "1 2:1 1:2\n-1 2:1\n", 2,
               "d.svm:1:7: feature index 1 comes after index 2"),
      from_svm("index_zero_in_a_one_based_file", "1 0:1\n-1 2:1\n", 2,
               "feature index 0 in a file whose indices count from 1; if the file counts from 0, "
               "give --zero-based"),
      from_svm("value_beyond_a_double", "1 1:1e309\n-1 1:1\n", 2,
               "'1e309' (feature 1) is beyond the range of a double"),
      from_svm("index_past_32_bits", "1 4294967297:1\n-1 1:1\n", 2,
               "feature index '4294967297' is too large"),
      from_svm("qid_and_comment_ignored_with_a_note", "1 qid:3 1:1 # hi\n-1 qid:3 2:1\n", 0,
               "qid: on 2 lines is ignored", "f1,f2,label\n1,0,1\n0,1,-1\n"),
      from_svm("extreme_values_shortest_text", "1 1:1e308\n-1 1:-4.9e-324\n", 0, "",
               "1e+308,1\n-5e-324,-1\n"),
      {{"empty_csv", {{"e.csv", ""}}, {"convert", "e.csv", "o.svm"}, 2, "the file is empty", {}},
       {},
       "",
       ""},
  };
  return all;
}

class HostileConvertInputs : public ::testing::TestWithParam<ConvertRow> {};

TEST_P(HostileConvertInputs, GetsAClearAnswer) {
  const test::TempDir dir;
  const ConvertRow& row = GetParam();
  if (row.prepare) row.prepare(dir);
  test::run_hostile_row(row.row, dir);
  if (!row.file.empty()) {
    const std::string text = test::read_file(dir / row.file);
    if (row.row.exit_code == 0) {
      EXPECT_NE(text.find(row.holds), std::string::npos) << row.file << ":\n" << text;
    } else {
      EXPECT_EQ(text, row.holds) << row.file << " was changed";
    }
  }
  for (const auto& entry : fs::directory_iterator(dir.path()))
    EXPECT_EQ(entry.path().filename().string().find(".tmp"), std::string::npos) << entry.path();
  if (row.row.exit_code != 0 && !row.prepare) {
    for (const char* name : {"o.svm", "o.csv", "o.txt", "o.svm.labels.json"})
      EXPECT_FALSE(fs::exists(dir / name)) << name;
  }
}

INSTANTIATE_TEST_SUITE_P(Inputs, HostileConvertInputs, ::testing::ValuesIn(rows()),
                         [](const auto& info) { return info.param.row.name; });

}  // namespace
}  // namespace plab
