// plab convert --labels numeric: svmlight files LIBLINEAR's and LIBSVM's own training tools
// accept (Debian's liblinear-tools and libsvm-tools in /usr/bin, from scripts/setup-deps
// --with-test-tools; run without a shell, so by their full paths).
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "support/process.hpp"
#include "support/temp_dir.hpp"
#include "support/troubleshooting.hpp"

namespace fs = std::filesystem;
using plab::test::read_file;
using plab::test::run_plab;
using plab::test::run_process;

namespace {

const fs::path kIris = fs::path(PLAB_SOURCE_DIR) / "data" / "iris.csv";

std::vector<std::string> first_words(const fs::path& file) {
  std::vector<std::string> words;
  std::istringstream in(read_file(file));
  for (std::string line; std::getline(in, line);) words.push_back(line.substr(0, line.find(' ')));
  return words;
}

// The model's training accuracy, from the tool's predict program on the training file.
double accuracy(const std::string& predict, const fs::path& data, const fs::path& model,
                const fs::path& out) {
  const auto r = run_process(predict, {data.string(), model.string(), out.string()});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  const std::size_t at = r.out.find("Accuracy = ");
  EXPECT_NE(at, std::string::npos) << r.out;
  return at == std::string::npos ? 0 : std::stod(r.out.substr(at + 11));
}

TEST(ConvertLabels, NumericLabelsOfThreeClassesTrainLiblinearAndLibsvm) {
  plab::test::TempDir dir;
  const fs::path svm = dir / "iris.svm";
  const auto r = run_plab({"convert", kIris.string(), svm.string(), "--labels", "numeric"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("class labels: " + svm.string() + ".labels.json"), std::string::npos)
      << r.out;
  // Text labels in order of first appearance: setosa 1, versicolor 2, virginica 3.
  const std::vector<std::string> labels = first_words(svm);
  ASSERT_EQ(labels.size(), 150u);
  EXPECT_EQ(labels[0], "1");
  EXPECT_EQ(labels[50], "2");
  EXPECT_EQ(labels[100], "3");
  const auto mapping = boost::json::parse(read_file(dir / "iris.svm.labels.json")).as_object();
  EXPECT_EQ(mapping.at("labels"),
            (boost::json::object{{"setosa", 1}, {"versicolor", 2}, {"virginica", 3}}));
  // LIBLINEAR's and LIBSVM's training tools read it (both refuse "setosa 1:5.1 ...").
  const auto linear =
      run_process("/usr/bin/liblinear-train", {"-q", svm.string(), (dir / "m1").string()});
  ASSERT_EQ(linear.exit_code, 0) << linear.out << linear.err;
  EXPECT_GT(accuracy("/usr/bin/liblinear-predict", svm, dir / "m1", dir / "p1"), 90.0);
  const auto kernel =
      run_process("/usr/bin/svm-train", {"-q", svm.string(), (dir / "m2").string()});
  ASSERT_EQ(kernel.exit_code, 0) << kernel.out << kernel.err;
  EXPECT_GT(accuracy("/usr/bin/svm-predict", svm, dir / "m2", dir / "p2"), 90.0);
  // The default keeps the class names, and LIBLINEAR refuses them.
  const fs::path named = dir / "named.svm";
  ASSERT_EQ(run_plab({"convert", kIris.string(), named.string()}).exit_code, 0);
  EXPECT_EQ(first_words(named)[0], "setosa");
  EXPECT_NE(run_process("/usr/bin/liblinear-train", {"-q", named.string(), (dir / "m3").string()})
                .exit_code,
            0);
}

TEST(ConvertLabels, TwoClassesBecomeMinusOneAndPlusOneTheSecondPositive) {
  plab::test::TempDir dir;
  const fs::path csv = dir.write("two.csv", "a,b,label\n1,2,no\n2,1,yes\n-1,-2,no\n-2,-1,yes\n");
  const fs::path svm = dir / "two.svm";
  ASSERT_EQ(run_plab({"convert", csv.string(), svm.string(), "--labels", "numeric"}).exit_code, 0);
  EXPECT_EQ(first_words(svm), (std::vector<std::string>{"-1", "+1", "-1", "+1"}));
  const auto mapping = boost::json::parse(read_file(dir / "two.svm.labels.json")).as_object();
  EXPECT_EQ(mapping.at("labels"), (boost::json::object{{"no", -1}, {"yes", 1}}));
  // Labels 0/1 keep their meaning: 1 is +1, written so as in LIBSVM's own files.
  const fs::path bits = dir.write("bits.csv", "a,label\n1,1\n2,0\n3,1\n");
  ASSERT_EQ(run_plab({"convert", bits.string(), (dir / "bits.svm").string(), "--labels", "numeric"})
                .exit_code,
            0);
  EXPECT_EQ(first_words(dir / "bits.svm"), (std::vector<std::string>{"+1", "-1", "+1"}));
  const auto linear =
      run_process("/usr/bin/liblinear-train", {"-q", svm.string(), (dir / "model").string()});
  EXPECT_EQ(linear.exit_code, 0) << linear.out << linear.err;
}

TEST(ConvertLabels, NumericLabelsAreRefusedForACsvOutputAndAnExistingMapping) {
  plab::test::TempDir dir;
  const auto wrong =
      run_plab({"convert", kIris.string(), (dir / "x.svm").string(), "--labels", "numbers"});
  EXPECT_EQ(wrong.exit_code, 2);
  EXPECT_NE(wrong.err.find("--labels 'numbers' is not as-is or numeric"), std::string::npos)
      << wrong.err;
  EXPECT_TRUE(plab::test::in_troubleshooting("is not as-is or numeric"));
  ASSERT_EQ(run_plab({"convert", kIris.string(), (dir / "a.svm").string()}).exit_code, 0);
  const auto back = run_plab(
      {"convert", (dir / "a.svm").string(), (dir / "a.csv").string(), "--labels", "numeric"});
  EXPECT_EQ(back.exit_code, 2);
  EXPECT_NE(back.err.find("--labels numeric writes svmlight labels"), std::string::npos)
      << back.err;
  EXPECT_TRUE(plab::test::in_troubleshooting("--labels numeric writes svmlight labels"));
  // The mapping is never replaced silently either.
  dir.write("b.svm.labels.json", "{}");
  const auto kept =
      run_plab({"convert", kIris.string(), (dir / "b.svm").string(), "--labels", "numeric"});
  EXPECT_EQ(kept.exit_code, 2) << kept.err;
  EXPECT_FALSE(fs::exists(dir / "b.svm"));
  EXPECT_EQ(read_file(dir / "b.svm.labels.json"), "{}");
}

// `labels` one per row, after a feature column, converted with --labels numeric.
plab::test::ProcessResult convert_numeric(const plab::test::TempDir& dir,
                                          const std::vector<std::string>& labels) {
  std::string csv = "a,label\n";
  for (std::size_t i = 0; i < labels.size(); ++i)
    csv += std::to_string(i + 1) + "," + labels[i] + "\n";
  const fs::path in = dir.write("in.csv", csv);
  return run_plab({"convert", in.string(), (dir / "out.svm").string(), "--labels", "numeric"});
}

TEST(ConvertLabels, TheBinaryPositiveClassIsWrittenPlusOneAsTheDocsSay) {
  {
    plab::test::TempDir dir;  // one class, +1, spelled two ways
    const auto r = convert_numeric(dir, {"+1.000", "1e0"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(first_words(dir / "out.svm"), (std::vector<std::string>{"+1", "+1"}));
    EXPECT_NE(read_file(dir / "out.svm.labels.json").find("one class, +1"), std::string::npos);
  }
  {
    plab::test::TempDir dir;  // one class, -1
    ASSERT_EQ(convert_numeric(dir, {"0", "-0"}).exit_code, 0);
    EXPECT_EQ(first_words(dir / "out.svm"), (std::vector<std::string>{"-1", "-1"}));
  }
  {
    plab::test::TempDir dir;  // two classes 0/1: 1 keeps its meaning, written +1
    ASSERT_EQ(convert_numeric(dir, {"1", "0", "1.0"}).exit_code, 0);
    EXPECT_EQ(first_words(dir / "out.svm"), (std::vector<std::string>{"+1", "-1", "+1"}));
  }
  {
    plab::test::TempDir dir;  // three classes: 1..3, no sign
    ASSERT_EQ(convert_numeric(dir, {"7", "5", "6"}).exit_code, 0);
    EXPECT_EQ(first_words(dir / "out.svm"), (std::vector<std::string>{"3", "1", "2"}));
  }
}

TEST(ConvertLabels, OneClassOutsideTheBinaryLabelsIsRefusedAsDocumented) {
  plab::test::TempDir dir;
  const auto r = convert_numeric(dir, {"2", "2.0"});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("a classification task needs at least two classes"), std::string::npos)
      << r.err;
  EXPECT_FALSE(fs::exists(dir / "out.svm"));
  EXPECT_FALSE(fs::exists(dir / "out.svm.labels.json"));
  EXPECT_TRUE(plab::test::in_troubleshooting("a classification task needs at least two classes"));
  EXPECT_NE(read_file(fs::path(PLAB_SOURCE_DIR) / "docs" / "data-formats.md")
                .find("a classification task needs\n  at least two classes"),
            std::string::npos);
}

// The mapping OUT.labels.json is a second output: an input by that name (or a hard link to it)
// is never replaced by it, --force or not.
TEST(ConvertLabels, AnInputAtTheMappingsNameIsRefusedEvenWithForce) {
  plab::test::TempDir dir;
  const fs::path in = dir / "o.svm.labels.json";
  fs::copy_file(kIris, in);
  const std::string before = read_file(in);
  for (const std::string& input : {in.string(), (dir / "hard.csv").string()}) {
    if (input != in.string()) fs::create_hard_link(in, input);
    for (const bool force : {false, true}) {
      std::vector<std::string> args = {
          "convert", input, (dir / "o.svm").string(), "--from", "csv", "--labels", "numeric"};
      if (force) args.emplace_back("--force");
      const auto r = run_plab(args);
      EXPECT_EQ(r.exit_code, 2) << input << " force " << force << "\n" << r.err;
      EXPECT_NE(r.err.find("that --labels numeric writes beside the output is the input file"),
                std::string::npos)
          << r.err;
      EXPECT_EQ(read_file(in), before);
      EXPECT_FALSE(fs::exists(dir / "o.svm"));
    }
  }
  EXPECT_TRUE(plab::test::in_troubleshooting(
      "that --labels numeric writes beside the output is the input file"));
}

}  // namespace
