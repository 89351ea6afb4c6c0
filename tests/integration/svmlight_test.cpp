// The svmlight/libsvm format through the real binary: every bad input the reader
// refuses, with its file:line:column and its row in docs/troubleshooting.md; files it accepts
// (comments, qid:, 0-based indices, class names); the same data as CSV giving byte-identical
// records; heart_scale verifying clean; and `plab convert` both ways, exactly.
#include <gtest/gtest.h>

#include <cstring>
#include <functional>

#include "data/csv_reader.hpp"
#include "support/process.hpp"
#include "support/records.hpp"
#include "support/temp_dir.hpp"
#include "support/troubleshooting.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;
using test::read_file;
using test::run_plab;
using Args = std::vector<std::string>;

const std::string kHeart = std::string(PLAB_SOURCE_DIR) + "/data/heart_scale";

// A small run on `data` (a path) with these extra dataset keys.
std::string config(const std::string& kind, const std::string& data, const std::string& extra = "",
                   const std::string& order = "cyclic") {
  return R"({"name": "svm", "seed": 7, "repeats": 3,
  "dataset": {"kind": ")" +
         kind + R"(", "path": ")" + data + "\"" + extra + R"(},
  "learners": [{"name": "p", "plugin": "perceptron"}],
  "protocol": {"kind": "convergence", "max_epochs": 20, "order": ")" +
         order + R"("}})";
}

// --- the catalogue of bad files -------------------------------------------------------------

struct BadFile {
  std::string name;
  std::string text;        // the file data.svm
  std::string extra;       // more dataset keys
  std::string documented;  // quoted in docs/troubleshooting.md
  std::string where;       // file:line:column (or file:line) the message must name
};

std::ostream& operator<<(std::ostream& out, const BadFile& c) { return out << c.name; }

const std::vector<BadFile>& bad_files() {
  static const std::vector<BadFile> cases = {
      {"Unsorted", "1 1:1\n-1 3:1 2:1\n", "", "indices must increase along a line", "data.svm:2:8"},
      {"Duplicate", "1 2:1 2:3\n", "", "appears twice on the line", "data.svm:1:7"},
      {"IndexZeroInOneBased", "1 0:1\n", "", "feature index 0 in a file whose indices count from 1",
       "data.svm:1:3"},
      {"ValueNotANumber", "1 1:abc\n", "", "is not a number; values must be decimal numbers",
       "data.svm:1:5"},
      {"ValueNotFinite", "1 1:0.5\n-1 1:nan\n", "", "NaN and infinity are not accepted",
       "data.svm:2:6"},
      {"ValueInfinite", "1 1:-inf\n", "", "NaN and infinity are not accepted", "data.svm:1:5"},
      {"ValueBeyondDouble", "1 1:1e999\n", "", "is beyond the range of a double", "data.svm:1:5"},
      {"ValueBelowDouble", "1 1:1\n-1 2:1e-400\n", "", "is too small for a double", "data.svm:2:6"},
      {"CarriageReturnLineEnds", "1 1:1\r-1 2:1\r", "", "a carriage return (\\r) inside the line",
       "data.svm:1:6"},
      {"IndexNotANumber", "1 x:1\n", "", "is not a feature index", "data.svm:1:3"},
      {"IndexNegative", "1 -2:1\n", "", "is not a feature index", "data.svm:1:3"},
      {"MissingColon", "1 1:1 2\n", "", "has no ':'; features are written index:value",
       "data.svm:1:7"},
      {"EmptyLabel", "1 1:1\n  2:0.5 3:1\n", "", "the line has no label", "data.svm:2:3"},
      {"EmptyFile", "", "", "the file has no data rows", "data.svm"},
      {"OnlyComments", "# nothing here\n\n   # still nothing\n", "", "the file has no data rows",
       "data.svm"},
      {"IndexOverflow", "1 4294967295:1\n", "", "is too large: plab accepts indices up to",
       "data.svm:1:3"},
      // With the bias column, 2^32 - 1 columns would not fit sparse rows' 32-bit indices.
      {"IndexOverflowSparse", "1 4294967295:1\n", R"(, "storage": "sparse")",
       "the features and the bias column must fit 32-bit indices", "data.svm:1:3"},
      {"IndexAboveNFeatures", "1 1:1 5:1\n", R"(, "n_features": 3)", "is beyond n_features",
       "data.svm:1:7"},
      {"QidAfterFeature", "1 1:1 qid:2\n", "", "qid: goes right after the label", "data.svm:1:7"},
      {"QidNotANumber", "1 qid:x 1:1\n", "", "is not a qid", "data.svm:1:7"},
      {"NulByte", std::string("1 1:1\n-1 1:\0", 12), "",
       "a NUL byte; this is not a text svmlight file", "data.svm:2"},
      {"NoFeatures", "1\n-1\n", "", "no line has a feature", "data.svm"},
      {"DenseTooLarge", "1 1:1\n-1 2:1\n", R"(, "n_features": 4294967294)",
       "stored densely would take", "data.svm"},
      {"DenseTooLargeForItsIndices", "1 1:1\n-1 4294967294:1\n", "",
       "load it with sparse storage (\"storage\": \"sparse\" in the dataset, "
       "docs/data-formats.md); its largest index",
       "data.svm"},
  };
  return cases;
}

class SvmlightBadFile : public testing::TestWithParam<BadFile> {};

TEST_P(SvmlightBadFile, IsRefusedNamingWhere) {
  const BadFile& c = GetParam();
  test::TempDir dir;
  dir.write("data.svm", c.text);
  dir.write("c.json", config("svmlight", "data.svm", c.extra));
  const auto r = run_plab({"run", "c.json", "--out", "out"}, dir.path().string());
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("plab: error: "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(c.documented), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(c.where), std::string::npos) << c.where << "\n" << r.err;
  EXPECT_FALSE(fs::exists(dir / "out"));
}

INSTANTIATE_TEST_SUITE_P(Items, SvmlightBadFile, testing::ValuesIn(bad_files()),
                         [](const auto& info) { return info.param.name; });

TEST(Svmlight, ALineOverTheLimitIsRefused) {
  test::TempDir dir;
  std::string text = "1 1:1\n-1 1:1\n1";
  text.append((std::size_t{64} << 20) + 10, ' ');
  dir.write("data.svm", text);
  dir.write("c.json", config("svmlight", "data.svm"));
  const auto r = run_plab({"run", "c.json", "--out", "out"}, dir.path().string());
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("data.svm:3: the line is longer than 64 MiB"), std::string::npos) << r.err;
}

TEST(Svmlight, EveryMessageIsInTheTroubleshootingTable) {
  for (const BadFile& c : bad_files()) {
    EXPECT_TRUE(test::in_troubleshooting(c.documented)) << c.name << ": " << c.documented;
  }
  for (const char* text : {"lines this long are not accepted",
                           "exists; plab convert does not replace it unless given --force",
                           "cannot tell the format of", "is not a data format",
                           "nothing to convert", "cannot be written in svmlight",
                           "is the input file", "--label names the label column of a CSV input",
                           "--n-features gives the width of an svmlight input",
                           "features make CSV rows of at least", "could not create a learner"}) {
    EXPECT_TRUE(test::in_troubleshooting(text)) << text;
  }
}

// --- files it accepts -----------------------------------------------------------------------

// Comments, blank lines, qid:, CRLF, tabs and 0-based indices: the same records as the same
// data written as CSV, and a note (once) that qid: was ignored.
TEST(Svmlight, CommentsQidAndZeroBasedGiveTheSameRecordsAsCsv) {
  test::TempDir dir;
  dir.write("data.svm",
            "# made by hand\n"
            "\n"
            "1 qid:1 0:2 1:1.5 # a comment with 3:4 in it\r\n"
            "-1 qid:1 0:-1\t2:0.25\n"
            "   # an indented comment line\n"
            "1 qid:2 1:3 2:-0.5\n"
            "-1 0:-2 1:-1\n");
  dir.write("data.csv", "f0,f1,f2,label\n2,1.5,0,1\n-1,0,0.25,-1\n0,3,-0.5,1\n-2,-1,0,-1\n");
  dir.write("svm.json", config("svmlight", "data.svm", R"(, "zero_based": true)", "shuffle"));
  dir.write("csv.json", config("csv", "data.csv", "", "shuffle"));
  const auto a = run_plab({"run", "svm.json", "--out", "a", "--no-report"}, dir.path().string());
  ASSERT_EQ(a.exit_code, 0) << a.err;
  const auto b = run_plab({"run", "csv.json", "--out", "b", "--no-report"}, dir.path().string());
  ASSERT_EQ(b.exit_code, 0) << b.err;
  EXPECT_EQ(read_file(dir / "a" / "runs.jsonl"), read_file(dir / "b" / "runs.jsonl"));
  const std::string note = "qid: on 3 lines is ignored";
  const std::size_t at = a.err.find(note);
  EXPECT_NE(at, std::string::npos) << a.err;
  EXPECT_EQ(a.err.find(note, at + 1), std::string::npos) << "printed once\n" << a.err;
  EXPECT_NE(read_file(dir / "a" / "manifest.json").find(note), std::string::npos);
  // The data file is in the manifest by content, as a CSV is.
  EXPECT_NE(read_file(dir / "a" / "manifest.json").find("data.svm"), std::string::npos);
}

// Labels are class names: positive, keep_classes and classes work as for CSV; "libsvm" is
// the same kind.
TEST(Svmlight, ClassNamesWorkAsForCsv) {
  test::TempDir dir;
  dir.write("data.svm", "cat 1:1 2:1\ndog 1:-1\nfox 2:5\ncat 1:2\ndog 2:-1\nfox 1:1 2:1\n");
  dir.write("c.json", config("libsvm", "data.svm",
                             R"(, "keep_classes": ["cat", "dog"], "positive": ["cat"])"));
  const auto r = run_plab({"run", "c.json", "--out", "out", "--no-report"}, dir.path().string());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string manifest = read_file(dir / "out" / "manifest.json");
  EXPECT_NE(manifest.find(R"("rows":4)"), std::string::npos) << manifest.substr(0, 2000);
  EXPECT_NE(manifest.find(R"({"name":"cat","count":2})"), std::string::npos);
  EXPECT_EQ(manifest.find(R"("name":"fox")"), std::string::npos);

  dir.write("m.json", config("svmlight", "data.svm", R"(, "classes": ["fox", "dog", "cat"])"));
  const auto m = run_plab({"run", "m.json", "--out", "m", "--no-report"}, dir.path().string());
  EXPECT_EQ(m.exit_code, 2) << m.err;  // a binary learner on three classes: refused with why
  EXPECT_NE(m.err.find("handles binary tasks only"), std::string::npos) << m.err;

  dir.write("p.json", config("svmlight", "data.svm", R"(, "positive": ["cow"])"));
  const auto p = run_plab({"run", "p.json", "--out", "p"}, dir.path().string());
  EXPECT_EQ(p.exit_code, 2);
  EXPECT_NE(p.err.find("data.svm: the positive class 'cow' does not occur in the labels"),
            std::string::npos)
      << p.err;
}

// The real data set ships with plab: it is not separable, which the oracle proves, and the
// folder verifies clean.
TEST(Svmlight, HeartScaleRunsAndVerifiesClean) {
  test::TempDir dir;
  dir.write("c.json", config("svmlight", kHeart));
  const auto r = run_plab({"run", "c.json", "--out", "out", "--no-report"}, dir.path().string());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string manifest = read_file(dir / "out" / "manifest.json");
  EXPECT_NE(manifest.find(R"("rows":270)"), std::string::npos);
  EXPECT_NE(manifest.find(R"("separable":false)"), std::string::npos);
  EXPECT_NE(manifest.find("5defa0a4c4c5bdaf3f55ae3828310252e8565c13ee37ce279e0b86d82e7f4ce9"),
            std::string::npos)
      << "the SHA-256 of data/heart_scale as Debian ships it";
  const auto v = run_plab({"verify", "out"}, dir.path().string());
  EXPECT_EQ(v.exit_code, 0) << v.out << v.err;
}

// An svmlight file read into sparse storage (CSR rows filled by the reader, no dense copy)
// trains exactly as the same file held dense, in both orders, and verifies clean.
TEST(Svmlight, SparseStorageGivesTheDenseRecordsByteForByte) {
  test::TempDir dir;
  for (const std::string order : {"cyclic", "shuffle"}) {
    dir.write("dense.json", config("svmlight", kHeart, "", order));
    dir.write("sparse.json", config("svmlight", kHeart, R"(, "storage": "sparse")", order));
    for (const std::string storage : {"dense", "sparse"}) {
      const auto r =
          run_plab({"run", storage + ".json", "--out", storage + order, "--no-report", "--quiet"},
                   dir.path().string());
      ASSERT_EQ(r.exit_code, 0) << r.err;
    }
    EXPECT_EQ(read_file(dir / ("dense" + order) / "runs.jsonl"),
              read_file(dir / ("sparse" + order) / "runs.jsonl"))
        << order;
    EXPECT_NE(read_file(dir / ("sparse" + order) / "manifest.json").find(R"("storage":"sparse")"),
              std::string::npos);
  }
  const auto v = run_plab({"verify", "sparseshuffle"}, dir.path().string());
  EXPECT_EQ(v.exit_code, 0) << v.out << v.err;
}

// --- plab convert ---------------------------------------------------------------------------

std::vector<double> csv_values(const fs::path& file, std::vector<std::string>& labels) {
  CsvTable t = read_csv(file, CsvOptions{});
  labels = t.labels;
  return t.values.raw_values();
}

bool same_bits(const std::vector<double>& a, const std::vector<double>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0;
}

TEST(Convert, CsvToSvmlightAndBackGivesTheSameValuesExactly) {
  test::TempDir dir;
  dir.write("in.csv",
            "a,b,c,y\n"
            "0.1,0,-0,x\n"
            "0.30000000000000004,1e-300,5e-324,\"p,q\"\n"
            "1.7976931348623157e308,-2.5,0.3333333333333333,x\n"
            "0,0,7,\"p,q\"\n");
  const std::string cwd = dir.path().string();
  const auto to_svm = run_plab({"convert", "in.csv", "mid.svm"}, cwd);
  ASSERT_EQ(to_svm.exit_code, 0) << to_svm.err;
  EXPECT_EQ(read_file(dir / "mid.svm"),
            "x 1:0.1 3:-0\n"
            "p,q 1:0.30000000000000004 2:1e-300 3:5e-324\n"
            "x 1:1.7976931348623157e+308 2:-2.5 3:0.3333333333333333\n"
            "p,q 3:7\n");
  const auto back = run_plab({"convert", "mid.svm", "out.csv"}, cwd);
  ASSERT_EQ(back.exit_code, 0) << back.err;
  std::vector<std::string> in_labels;
  std::vector<std::string> out_labels;
  const auto in = csv_values(dir / "in.csv", in_labels);
  const auto out = csv_values(dir / "out.csv", out_labels);
  EXPECT_TRUE(same_bits(in, out));
  EXPECT_EQ(in_labels, out_labels);
  EXPECT_EQ(read_file(dir / "out.csv").substr(0, 15), "f1,f2,f3,label\n");
  // And once more: the text is stable.
  ASSERT_EQ(run_plab({"convert", "out.csv", "again.svm"}, cwd).exit_code, 0);
  EXPECT_EQ(read_file(dir / "again.svm"), read_file(dir / "mid.svm"));
}

// heart_scale through CSV and back: the records of the three files are byte-identical.
TEST(Convert, HeartScaleAsCsvGivesByteIdenticalRecords) {
  test::TempDir dir;
  const std::string cwd = dir.path().string();
  ASSERT_EQ(run_plab({"convert", kHeart, "heart.csv", "--from", "svmlight"}, cwd).exit_code, 0);
  ASSERT_EQ(run_plab({"convert", "heart.csv", "heart.svm"}, cwd).exit_code, 0);
  dir.write("a.json", config("svmlight", kHeart, "", "shuffle"));
  dir.write("b.json", config("csv", "heart.csv", "", "shuffle"));
  dir.write("c.json", config("svmlight", "heart.svm", "", "shuffle"));
  for (const char* name : {"a", "b", "c"}) {
    const auto r =
        run_plab({"run", std::string(name) + ".json", "--out", name, "--no-report"}, cwd);
    ASSERT_EQ(r.exit_code, 0) << r.err;
  }
  const std::string a = read_file(dir / "a" / "runs.jsonl");
  EXPECT_EQ(a, read_file(dir / "b" / "runs.jsonl"));
  EXPECT_EQ(a, read_file(dir / "c" / "runs.jsonl"));
}

TEST(Convert, ZeroBasedAndAChosenLabelColumn) {
  test::TempDir dir;
  const std::string cwd = dir.path().string();
  dir.write("in.csv", "y,a,b\npos,0,2\nneg,1,0\n");
  const auto r = run_plab({"convert", "in.csv", "out.libsvm", "--zero-based", "--label", "y"}, cwd);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(read_file(dir / "out.libsvm"), "pos 1:2\nneg 0:1\n");
  EXPECT_NE(r.out.find("converted 2 rows of 2 features"), std::string::npos) << r.out;
}

// svmlight cannot say that the last features exist when they are zero in every row: the
// conversion says which n_features to declare, and --n-features brings the columns back.
TEST(Convert, TrailingZeroColumnsGetANoteAndComeBackWithNFeatures) {
  test::TempDir dir;
  const std::string cwd = dir.path().string();
  dir.write("in.csv", "a,b,c,y\n1,0,0,x\n2,0,0,z\n");
  const auto r = run_plab({"convert", "in.csv", "mid.svm"}, cwd);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("plab: note: the last 2 feature column(s) hold only zeros"),
            std::string::npos)
      << r.err;
  const auto back = run_plab({"convert", "mid.svm", "out.csv", "--n-features", "3"}, cwd);
  ASSERT_EQ(back.exit_code, 0) << back.err;
  EXPECT_EQ(read_file(dir / "out.csv"), "f1,f2,f3,label\n1,0,0,x\n2,0,0,z\n");
}

struct BadConvert {
  std::string name;
  Args args;
  int exit_code;
  std::string documented;
};

std::ostream& operator<<(std::ostream& out, const BadConvert& c) { return out << c.name; }

class ConvertRefuses : public testing::TestWithParam<BadConvert> {};

TEST_P(ConvertRefuses, WithItsMessage) {
  const BadConvert& c = GetParam();
  test::TempDir dir;
  dir.write("in.csv", "a,y\n1,x\n");
  dir.write("spaced.csv", "a,y\n1,two words\n");
  dir.write("exists.svm", "old\n");
  dir.write("zero_based.svm", "+1 0:1 2:1\n-1 1:1\n");
  const auto r = run_plab(c.args, dir.path().string());
  EXPECT_EQ(r.exit_code, c.exit_code) << r.err;
  EXPECT_NE(r.err.find(c.documented), std::string::npos) << r.err;
  EXPECT_EQ(read_file(dir / "exists.svm"), "old\n");
  // Nothing half-written is left: the folder holds the four inputs only.
  std::size_t files = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir.path())) ++files;
  EXPECT_EQ(files, 4u);
}

INSTANTIATE_TEST_SUITE_P(
    Items, ConvertRefuses,
    testing::ValuesIn(std::vector<BadConvert>{
        {"ExistingOutput",
         {"convert", "in.csv", "exists.svm"},
         2,
         "exists; plab convert does not replace it unless given --force"},
        {"UnknownExtension", {"convert", "in.csv", "out.txt"}, 2, "cannot tell the format of"},
        {"UnknownFormat",
         {"convert", "in.csv", "out.txt", "--to", "arff"},
         2,
         "is not a data format"},
        {"SameFormat", {"convert", "in.csv", "out.csv"}, 2, "nothing to convert"},
        {"MissingInput",
         {"convert", "nothere.csv", "out.svm"},
         2,
         "does not exist or is not a regular file"},
        {"LabelWithASpace",
         {"convert", "spaced.csv", "out.svm"},
         2,
         "cannot be written in svmlight"},
        {"OutputIsInput",
         {"convert", "exists.svm", "exists.svm", "--to", "csv", "--force"},
         2,
         "is the input file"},
        {"LabelForAnSvmlightInput",
         {"convert", "exists.svm", "out.csv", "--label", "y"},
         2,
         "--label names the label column of a CSV input"},
        {"NFeaturesForACsvInput",
         {"convert", "in.csv", "out.svm", "--n-features", "3"},
         2,
         "--n-features gives the width of an svmlight input"},
        // program_options read "-3" as 2^64 - 3 and the message said 18446744073709551613.
        {"NegativeNFeatures",
         {"convert", "exists.svm", "out.csv", "--n-features", "-3"},
         2,
         "--n-features '-3' is not a number of features; give a whole number from 1 to "
         "4294967294"},
        {"ZeroBasedFileWithoutTheFlag",
         {"convert", "zero_based.svm", "out.csv"},
         2,
         "if the file counts from 0, give --zero-based"},
        {"OutputFolderMissing",
         {"convert", "in.csv", "no/such/folder/out.svm"},
         4,
         "cannot be written"},
    }),
    [](const auto& info) { return info.param.name; });

// An index of 40 million makes CSV rows past the CSV reader's 64 MiB line limit: refused
// before anything is written (it used to run out of memory); --n-features errors say where
// the width came from.
TEST(Convert, AnSvmlightFileTooWideForCsvIsRefusedAndNFeaturesIsNamedAsGiven) {
  test::TempDir dir;
  dir.write("wide.svm", "1 1:1\n-1 40000000:1\n");
  const auto r = run_plab({"convert", "wide.svm", "out.csv"}, dir.path().string());
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("40000000 features make CSV rows of at least 80000001 bytes"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("keep this data in svmlight"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(dir / "out.csv"));
  const auto n =
      run_plab({"convert", "wide.svm", "out.csv", "--n-features", "10"}, dir.path().string());
  EXPECT_EQ(n.exit_code, 2) << n.err;
  EXPECT_NE(n.err.find("wide.svm:2:4: feature index 40000000 is beyond n_features (10, given "
                       "with --n-features)"),
            std::string::npos)
      << n.err;
}

// 8,000,000 features: a data row ("0," each) fits the 64 MiB line limit, the header
// (f1,...,f8000000) does not; refused, nothing written.
TEST(Convert, AHeaderPastTheLineLimitIsRefused) {
  test::TempDir dir;
  dir.write("wide.svm", "1 8000000:1\n-1 3:1\n");
  const auto r = run_plab({"convert", "wide.svm", "out.csv"}, dir.path().string());
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("the CSV header naming 8000000 features"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(dir / "out.csv"));
}

TEST(Convert, ForceReplacesTheOutput) {
  test::TempDir dir;
  dir.write("in.csv", "a,y\n1.5,x\n");
  dir.write("out.svm", "old\n");
  const auto r = run_plab({"convert", "in.csv", "out.svm", "--force"}, dir.path().string());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(read_file(dir / "out.svm"), "x 1:1.5\n");
}

}  // namespace
}  // namespace plab
