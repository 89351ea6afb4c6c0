// Hostile inputs around labels, data files, synthetic requests, the margin oracle's budget
// and signals while an experiment is prepared: each runs the real binary and must get a clear
// answer (its exit code and a sentence), never a crash, a hang or a wrong exit 0. The
// regression tests after the table check what the table cannot: which classes came out, how
// long the oracle took, how fast a signal was answered.
#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <functional>
#include <random>

#include "support/process.hpp"
#include "support/temp_dir.hpp"
#include "support/troubleshooting.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;
using Args = std::vector<std::string>;

// A config over `dataset` (a JSON object) with one learner and a small protocol.
std::string config(const std::string& dataset, const std::string& plugin = "multiclass_perceptron",
                   const std::string& theory = R"({"margin": "svm", "oracle_seconds": 2})") {
  return R"({"name": "hostile", "seed": 1, "repeats": 1, "dataset": )" + dataset +
         R"(, "learners": [{"name": "l", "plugin": ")" + plugin + R"("}], "theory": )" + theory +
         R"(, "protocol": {"kind": "convergence", "max_epochs": 3}})";
}

// A CSV of one feature and the label column `y`, one row per label (the feature its index).
std::string csv_rows(const std::vector<std::string>& labels) {
  std::string text = "x,y\n";
  for (std::size_t i = 0; i < labels.size(); ++i)
    text += std::to_string(static_cast<double>(i) + 1.0) + "," + labels[i] + "\n";
  return text;
}

// The same rows in svmlight.
std::string svm_rows(const std::vector<std::string>& labels) {
  std::string text;
  for (std::size_t i = 0; i < labels.size(); ++i)
    text += labels[i] + " 1:" + std::to_string(static_cast<double>(i) + 1.0) + "\n";
  return text;
}

// `rows` rows of five Gaussian features, each labelled by a distinct real number: a
// regression target given to a classifier (one class per row).
std::string real_valued_svmlight(std::size_t rows, unsigned seed) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> gauss;
  std::string text;
  for (std::size_t i = 0; i < rows; ++i) {
    text += std::to_string(i) + "." + std::to_string(rng() % 1000000);
    for (int j = 1; j <= 5; ++j) text += " " + std::to_string(j) + ":" + std::to_string(gauss(rng));
    text += "\n";
  }
  return text;
}

struct Case {
  std::string name;
  std::function<Args(const test::TempDir&)> setup;
  int exit_code;
  std::string fragment;  // in stderr or stdout
  int signal = 0;        // sent `delay_ms` after the start, when not 0
  int delay_ms = 0;
};

std::ostream& operator<<(std::ostream& out, const Case& c) { return out << c.name; }

// Runs a CSV (`csv` true) or svmlight file of these labels with `learner`; `extra` is added
// to the dataset object (e.g. R"(, "positive": ["1"])").
std::function<Args(const test::TempDir&)> labels(bool csv, std::vector<std::string> rows,
                                                 std::string learner = "multiclass_perceptron",
                                                 std::string extra = "") {
  return [=](const test::TempDir& dir) {
    const fs::path file = dir.write(csv ? "d.csv" : "d.svm", csv ? csv_rows(rows) : svm_rows(rows));
    const std::string dataset =
        csv ? R"({"kind": "csv", "path": ")" + file.string() + R"(", "label": "y")" + extra + "}"
            : R"({"kind": "svmlight", "path": ")" + file.string() + "\"" + extra + "}";
    dir.write("c.json", config(dataset, learner));
    return Args{"run", "c.json", "--out", (dir / "out").string()};
  };
}

std::function<Args(const test::TempDir&)> synthetic(std::string spec, Args extra = {}) {
  return [=](const test::TempDir& dir) {
    dir.write("c.json", config(R"({"kind": "synthetic", )" + spec + "}", "perceptron"));
    Args args{"run", "c.json", "--out", (dir / "out").string()};
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
  };
}

// Real-valued labels on `rows` rows with the oracle's budget `seconds`.
std::function<Args(const test::TempDir&)> regression(std::size_t rows, std::string seconds,
                                                     Args extra = {}) {
  return [=](const test::TempDir& dir) {
    const fs::path file = dir.write("r.svm", real_valued_svmlight(rows, 7));
    dir.write("c.json", config(R"({"kind": "svmlight", "path": ")" + file.string() + "\"}",
                               "multiclass_perceptron",
                               R"({"margin": "svm", "oracle_seconds": )" + seconds + "}"));
    Args args{"run", "c.json", "--out", (dir / "out").string()};
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
  };
}

// An inline data set of four rows with labels `y` (a JSON array) and `extra` in the dataset.
std::function<Args(const test::TempDir&)> inline_labels(std::string y, std::string plugin,
                                                        std::string extra = "") {
  return [=](const test::TempDir& dir) {
    dir.write(
        "c.json",
        config(R"({"kind": "inline", "x": [[0], [1], [2], [3]], "y": )" + y + extra + "}", plugin));
    return Args{"run", "c.json", "--out", (dir / "out").string()};
  };
}

std::function<Args(const test::TempDir&)> args(Args a) {
  return [a](const test::TempDir&) { return a; };
}

// A learner on a sparse synthetic set.
std::function<Args(const test::TempDir&)> on_sparse(std::string plugin) {
  return [=](const test::TempDir& dir) {
    dir.write("c.json", config(R"({"kind": "synthetic", "generator": "separable", "rows": 20,
                                   "dim": 3, "storage": "sparse"})",
                               plugin));
    return Args{"run", "c.json", "--out", (dir / "out").string()};
  };
}

// A learner given `order` on a separable synthetic set.
std::function<Args(const test::TempDir&)> with_order(std::string plugin, std::string order) {
  return [=](const test::TempDir& dir) {
    dir.write("c.json", R"({"name": "o", "seed": 1, "dataset": {"kind": "synthetic",
        "generator": "separable", "rows": 20, "dim": 3}, "learners": [{"name": "l", "plugin": ")" +
                            plugin + R"("}], "protocol": {"max_epochs": 20, "order": ")" + order +
                            R"("}})");
    return Args{"run", "c.json", "--out", (dir / "out").string(), "--no-report"};
  };
}

// A CSV file of `text` (d.csv) run with multiclass_perceptron.
std::function<Args(const test::TempDir&)> csv_text(std::string text) {
  return [=](const test::TempDir& dir) {
    const fs::path file = dir.write("d.csv", text);
    dir.write("c.json",
              config(R"({"kind": "csv", "path": ")" + file.string() + R"(", "label": "y"})"));
    return Args{"run", "c.json", "--out", (dir / "out").string()};
  };
}

// plab convert of a CSV file of `text` to out.svm with `labels` (numeric, as-is).
std::function<Args(const test::TempDir&)> convert_csv(std::string text, std::string labels) {
  return [=](const test::TempDir& dir) {
    const fs::path file = dir.write("d.csv", text);
    return Args{"convert", file.string(), (dir / "out").string() + ".svm", "--labels", labels};
  };
}

const std::string kLatin1 = "p\xE9";    // 'pé' in Latin-1: not UTF-8
const std::string kUtf8 = "p\xC3\xA9";  // 'pé' in UTF-8
const std::string kNotUtf8 = "is not UTF-8; plab reads data files as UTF-8 text";

const std::string kBig1 = "9007199254740993";
const std::string kBig0 = "9007199254740992";
const std::string kTenth = "0.1";
const std::string kTenthAndABit = "0.10000000000000000001";
const std::string kDone = "results:";  // a run that finished prints its folder

const std::vector<Case>& cases() {
  static const std::vector<Case> all = {
      // Labels compared by their exact decimal value.
      {"CsvBigIntegersAreTwoClasses", labels(true, {kBig0, kBig1, kBig0, kBig1}), 0, kDone},
      {"SvmlightBigIntegersAreTwoClasses", labels(false, {kBig1, kBig0, kBig1, kBig0}), 0, kDone},
      {"CsvTenthsApartBeyondADoubleAreTwoClasses",
       labels(true, {kTenth, kTenthAndABit, kTenth, kTenthAndABit}), 0, kDone},
      {"SvmlightTenthsApartBeyondADoubleAreTwoClasses",
       labels(false, {kTenthAndABit, kTenth, kTenthAndABit, kTenth}), 0, kDone},
      {"SpellingsOfOneAreOneClass",
       labels(true, {"1", "+1", "1.0", "1e0", "-1", "-1.00"}, "perceptron"), 0, kDone},
      {"TenTimesATenthIsOne", labels(false, {"10e-1", "-1", "1.", "-1e0"}, "perceptron"), 0, kDone},
      {"OneValueSpelledFourWaysIsOneClass", labels(true, {"5", "5.0", "5e0", "50e-1"}), 2,
       "a classification task needs at least two classes"},
      {"BigIntegersOfOneValueAreOneClass", labels(false, {kBig1, kBig1 + ".0", kBig1 + "e0"}), 2,
       "a classification task needs at least two classes"},
      // A quoted label keeps the spaces at its ends (its own class), and a note says so.
      {"QuotedLabelWithALeadingSpaceIsNoted", labels(true, {"1", "\" 1\"", "2", "1"}), 0,
       "d.csv:3: the quoted label ' 1' has spaces or tabs at its ends"},
      {"QuotedLabelWithATrailingTabIsNoted", labels(true, {"\"a\t\"", "a", "b"}), 0,
       "1 row has a label with spaces or tabs at its ends inside quotes"},
      {"HugeExponentIsRefused", labels(true, {"1e9999999999999999", "2", "3"}), 2,
       "exponent has more than 15 digits"},
      {"HugeExponentInSvmlightIsRefused", labels(false, {"2", "-1e-12345678901234567", "3"}), 2,
       "exponent has more than 15 digits"},
      {"BeyondADoubleIsStillANumber", labels(true, {"1e999", "2", "1e999", "2"}), 0, kDone},
      {"NanAndInfAreNames", labels(true, {"nan", "NaN", "inf", "-inf"}), 0, kDone},
      {"HexIsANameNotSixteen", labels(false, {"0x10", "16", "0x10", "16"}), 0, kDone},
      {"MinusZeroIsZero", labels(true, {"-0", "0", "1", "0.0"}, "perceptron"), 0, kDone},
      {"ALoneExponentMarkIsAName", labels(true, {"1e", "1", "1e", "1"}), 0, kDone},
      {"HundredDigitLabelsApartInTheLastDigit",
       labels(true, {std::string(99, '7') + "1", std::string(99, '7') + "2"}), 0, kDone},
      {"PositiveMatchesOneBigIntegerOnly",
       labels(true, {kBig0, kBig1, kBig0, kBig1}, "perceptron",
              R"(, "positive": [")" + kBig1 + "\"]"),
       0, kDone},
      {"PositiveByAnotherSpelling",
       labels(true, {"3", "4", "3", "4"}, "perceptron", R"(, "positive": ["3.000"])"), 0, kDone},
      {"PositiveThatIsOnlyCloseIsAbsent",
       labels(true, {kTenth, "0.2"}, "perceptron", R"(, "positive": [")" + kTenthAndABit + "\"]"),
       2, "does not occur in the labels"},
      {"ClassesListedTwiceBySpelling",
       labels(true, {"1", "2"}, "multiclass_perceptron", R"(, "classes": ["1", "1.0", "2"])"), 2,
       "is listed twice in 'classes'"},
      {"ClassesOfTwoBigIntegers",
       labels(false, {kBig0, kBig1}, "multiclass_perceptron",
              R"(, "classes": [")" + kBig0 + "\", \"" + kBig1 + "\"]"),
       0, kDone},
      {"ClassesMissingALabel",
       labels(true, {kTenth, kTenthAndABit}, "multiclass_perceptron",
              R"(, "classes": [")" + kTenth + "\", \"7\"]"),
       2, "is not in 'classes'"},
      {"KeepClassesLeavesOne",
       labels(true, {kTenth, kTenthAndABit, "0.2"}, "multiclass_perceptron",
              R"(, "keep_classes": [")" + kTenthAndABit + "\"]"),
       2, "a classification task needs at least two classes"},
      {"KeepClassesAbsent",
       labels(false, {"1", "2"}, "multiclass_perceptron", R"(, "keep_classes": ["7"])"), 2,
       "which does not occur in the labels"},
      {"EmptyLabelCell", labels(true, {"1", "", "2"}), 2, "the label cell is empty"},
      {"InlineEmptyLabel", inline_labels(R"(["", "", "b", "b"])", "perceptron"), 2,
       "config error at /dataset/y/0: the label is the empty string"},
      {"InlineEmptyLabelAfterOthers",
       inline_labels(R"(["a", "b", "a", ""])", "multiclass_perceptron"), 2,
       "config error at /dataset/y/3: the label is the empty string"},
      {"InlineSpaceIsAName", inline_labels(R"([" ", " ", "b", "b"])", "multiclass_perceptron"), 0,
       kDone},
      // A learner for binary tasks on classes not written -1/+1 or 0/1: they are named.
      {"TwoClassesNotPlusMinusOneAreNamed",
       labels(true, {"1", "+1", "1.0", "1e0", "2", "2", "2", "2"}, "perceptron"), 2,
       "the data set's 2 classes ('1', '2') are not -1/+1 or 0/1: list the positive one in "
       "/dataset/positive"},
      {"TwoNamesForABinaryLearner", inline_labels(R"(["x", "y", "x", "y"])", "perceptron"), 2,
       "the data set's 2 classes ('x', 'y') are not -1/+1"},
      {"ThreeClassesForABinaryLearner", labels(true, {"a", "b", "c", "a"}, "perceptron"), 2,
       "the data set has 3 classes ('a', 'b', 'c'): list the positive ones in /dataset/positive"},
      {"SixClassesNamedFourAtMost", labels(false, {"6", "5", "4", "3", "2", "1"}, "perceptron"), 2,
       "the data set has 6 classes ('1', '2', '3', '4', ...)"},
      // Classes a config lists: named by their JSON Pointer, each once.
      {"PositiveWithAHugeExponentNamesTheConfig",
       labels(true, {"1", "2", "1", "2"}, "perceptron", R"(, "positive": ["1e1234567890123456"])"),
       2, "config error at /dataset/positive/0: the label '1e1234567890123456' is a number whose"},
      {"ClassesWithAHugeExponentNamesTheConfig",
       labels(true, {"1", "2"}, "multiclass_perceptron",
              R"(, "classes": ["1", "2e-99999999999999999"])"),
       2, "config error at /dataset/classes/1: the label '2e-99999999999999999'"},
      {"PositiveListedTwice",
       inline_labels(R"(["a", "a", "b", "b"])", "perceptron", R"(, "positive": ["a", "a"])"), 2,
       "config error at /dataset/positive/1: class 'a' is listed twice in 'positive'; list each "
       "class once"},
      {"PositiveListedTwiceBySpelling",
       labels(true, {"1", "2", "3", "1"}, "perceptron", R"(, "positive": ["3", "1", "1.0"])"), 2,
       "config error at /dataset/positive/2: class '1' is listed twice in 'positive' (also as "
       "'1.0')"},
      {"KeepClassesListedTwice",
       labels(true, {"1", "2", "3"}, "multiclass_perceptron",
              R"(, "keep_classes": ["1", "2", "2"])"),
       2, "config error at /dataset/keep_classes/2: class '2' is listed twice in 'keep_classes'"},
      {"PositiveOnceEachStillRuns",
       labels(true, {"1", "2", "3", "1"}, "perceptron", R"(, "positive": ["3", "1"])"), 0, kDone},
      {"SvmlightLineWithoutLabel", labels(false, {"1:2"}), 2, "comes where the label should be"},
      {"AlmostAllDistinctLabelsGetANote", regression(60, "1"), 0,
       "almost surely a regression target"},
      // Synthetic requests larger than any machine's memory, refused before generating.
      {"SyntheticEightyTerabytes",
       synthetic(R"("generator": "separable", "rows": 100000000, "dim": 100000)"), 2,
       "would take at least"},
      {"SyntheticEightHundredGigabytesUnderPlan",
       synthetic(R"("generator": "noisy", "rows": 1000000, "dim": 100000)", {"--plan"}), 2,
       "more than this machine's"},
      {"SyntheticMulticlassHuge",
       synthetic(R"("generator": "multiclass", "rows": 100000000, "dim": 50000, "classes": 3)"), 2,
       "nothing was generated"},
      {"SyntheticDisjunctionHuge",
       synthetic(R"("generator": "disjunction", "rows": 100000000, "dim": 100000)"), 2,
       "would take at least"},
      {"SyntheticSparseHuge",
       synthetic(
           R"("generator": "sparse", "rows": 100000000, "dim": 100000000, "nonzeros": 100000)"),
       2, "would take at least"},
      {"SyntheticSparseStoredDenseHuge",
       synthetic(
           R"("generator": "sparse", "rows": 10000000, "dim": 10000000, "nonzeros": 10, "storage": "dense")"),
       2, "would take at least"},
      {"SyntheticSmallStillRuns", synthetic(R"("generator": "separable", "rows": 50, "dim": 3)"), 0,
       kDone},
      // The oracle's budget, also on one class per row.
      {"RealValuedRowsOnAOneSecondBudget", regression(2000, "1"), 0, kDone},
      {"OracleSecondsZero", regression(60, "0"), 2, "must be a positive number of seconds"},
      {"OracleSecondsNegative", regression(60, "-3"), 2, "must be a positive number of seconds"},
      {"OracleSecondsText", regression(60, "\"ten\""), 2, "oracle_seconds"},
      // Signals while the oracle works on 20,000 rows of one class each.
      {"SigintDuringTheOracle", regression(20000, "600"), 130, "while preparing the experiment",
       SIGINT, 2500},
      {"SigtermDuringTheOracle", regression(20000, "600"), 130, "interrupted by signal 15", SIGTERM,
       2500},
      {"SighupDuringTheOracle", regression(20000, "600"), 130, "nothing was written", SIGHUP, 2500},
      {"SigintDuringTheOracleUnderPlan", regression(20000, "600", {"--plan"}), 130,
       "while preparing the experiment", SIGINT, 2500},
      {"SigintDuringTheOracleOnTwoThousandRows", regression(2000, "600"), 130,
       "interrupted by signal 2", SIGINT, 1200},
      // Learners and storage: describe says which storage each takes; sparse data is refused
      // for the dense-only ones.
      {"DescribeWinnowSaysDenseOnly", args({"describe", "winnow"}), 0,
       "storage:    dense rows only"},
      {"DescribeKernelPerceptronSaysDenseOnly", args({"describe", "kernel_perceptron"}), 0,
       "storage:    dense rows only"},
      {"DescribePerceptronSaysBoth", args({"describe", "perceptron"}), 0,
       "storage:    dense and sparse rows"},
      {"DescribeWinnowDefaultIsBalanced", args({"describe", "winnow"}), 0,
       R"(one of: "balanced" "plain"; default "balanced")"},
      {"WinnowOnSparseIsRefused", on_sparse("winnow"), 2, "reads dense rows only"},
      {"KernelPerceptronOnSparseIsRefused", on_sparse("kernel_perceptron"), 2,
       "reads dense rows only"},
      // A batch learner cannot follow a mistake-driven order: refused before any folder, not
      // noted and then failed run by run; shuffle changes nothing for it and is noted.
      {"BatchLearnerRefusesRandomMistake", with_order("batch_perceptron", "random_mistake"), 2,
       "is a batch learner and cannot follow the mistake-driven order 'random_mistake'"},
      {"BatchLearnerRefusesWorstMistake", with_order("batch_perceptron", "worst_mistake"), 2,
       "config error at /protocol/order: plugin 'batch_perceptron' (learner 'l') is a batch "
       "learner"},
      {"BatchLearnerShuffleIsNoted", with_order("batch_perceptron", "shuffle"), 0,
       "/protocol/order 'shuffle' does not apply to it"},
      {"PermutationLearnerRefusesWorstMistake", with_order("linear_unit_sgd", "worst_mistake"), 2,
       "does not support the order 'worst_mistake'; use 'cyclic' or 'shuffle'"},
      // Labels and header names go into JSON: bytes that are not UTF-8 are refused where they
      // are read (file:line:column), by run and convert alike.
      {"Latin1LabelInCsv", labels(true, {"n", kLatin1, "n", kLatin1}), 2,
       "d.csv:3:11: byte 0xE9 " + kNotUtf8},
      {"Latin1LabelInCsvWithPositive",
       labels(true, {"n", kLatin1, "n", kLatin1}, "perceptron", R"(, "positive": ["n"])"), 2,
       "d.csv:3:11: byte 0xE9 " + kNotUtf8},
      {"Latin1HeaderName", csv_text("a,b\xE9,y\n1,2,p\n-1,-2,n\n"), 2,
       "d.csv:1:4: byte 0xE9 " + kNotUtf8},
      {"Latin1LabelInSvmlight", labels(false, {"n", kLatin1, "n", kLatin1}), 2,
       "d.svm:2:2: byte 0xE9 " + kNotUtf8},
      {"OverlongSlashInCsv", labels(true, {"n", "\xC0\xAF", "n"}), 2, "byte 0xC0 " + kNotUtf8},
      {"SurrogateInCsv", labels(true, {"n", "\xED\xA0\x80", "n"}), 2, "byte 0xED " + kNotUtf8},
      {"PastU10FFFFInCsv", labels(true, {"n", "\xF4\x90\x80\x80", "n"}), 2,
       "byte 0xF4 " + kNotUtf8},
      {"CutSequenceAtTheEndOfALabel", labels(true, {"n", "p\xC3", "n"}), 2,
       "byte 0xC3 " + kNotUtf8},
      {"Utf8LabelsRun", labels(true, {"n", kUtf8, "n", kUtf8}), 0, kDone},
      {"FourByteUtf8LabelsRun", labels(false, {"n", "\xF0\x9F\x98\x80", "n"}), 0, kDone},
      {"Latin1InAnSvmlightCommentIsNotRead",
       [](const test::TempDir& dir) {
         const fs::path file = dir.write("d.svm", "n 1:1 # caf\xE9\np 1:2\nn 1:3\n");
         dir.write("c.json", config(R"({"kind": "svmlight", "path": ")" + file.string() + "\"}"));
         return Args{"run", "c.json", "--out", (dir / "out").string()};
       },
       0, kDone},
      {"ConvertNumericOfLatin1Labels",
       convert_csv("a,b,y\n1,2,p\xE9\n-1,-2,n\n2,1,p\xE9\n-2,-1,n\n", "numeric"), 2,
       "d.csv:2:6: byte 0xE9 " + kNotUtf8},
      {"ConvertAsIsOfLatin1Labels",
       convert_csv("a,b,y\n1,2,p\xE9\n-1,-2,n\n2,1,p\xE9\n-2,-1,n\n", "as-is"), 2,
       "d.csv:2:6: byte 0xE9 " + kNotUtf8},
  };
  return all;
}

class HostileLabels : public ::testing::TestWithParam<Case> {};

TEST_P(HostileLabels, GetsAClearAnswer) {
  const Case& c = GetParam();
  const test::TempDir dir;
  const Args a = c.setup(dir);
  const test::ProcessResult r =
      c.signal == 0
          ? test::run_plab(a, dir.path().string())
          : test::run_process_and_signal(PLAB_BINARY, a, c.signal, c.delay_ms, dir.path().string());
  EXPECT_EQ(r.exit_code, c.exit_code) << r.err << r.out;
  EXPECT_NE((r.err + r.out).find(c.fragment), std::string::npos)
      << "expected '" << c.fragment << "' in:\n"
      << r.err << r.out;
  EXPECT_EQ(r.err.find("internal error"), std::string::npos) << r.err;
  if (c.exit_code != 0) {
    EXPECT_FALSE(fs::exists(dir / "out")) << "a failed run left a folder";
  }
}

INSTANTIATE_TEST_SUITE_P(Inputs, HostileLabels, ::testing::ValuesIn(cases()),
                         [](const auto& info) { return info.param.name; });

TEST(HostileLabels, AtLeastThirtyFiveInputs) { EXPECT_GE(cases().size(), 35u); }

TEST(HostileLabels, TheNewMessagesAreInTroubleshooting) {
  for (const char* text :
       {"exponent has more than 15 digits", "almost surely a regression target",
        "this synthetic data set", "would take at least", "more than this machine's",
        "nothing was generated", "Wolfe 1976; stopped before a first hull point was chosen",
        "the label is the empty string", "is listed twice in 'positive'",
        "data set's 2 classes ('1', '2') are not -1/+1 or 0/1",
        "data set has 3 classes ('a', 'b', 'c')",
        "has spaces or tabs at its ends, which a quoted cell keeps",
        "is not UTF-8; plab reads data files as UTF-8 text",
        "cannot follow the mistake-driven order", "does not support the order"}) {
    EXPECT_TRUE(test::in_troubleshooting(text)) << text;
  }
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

TEST(HostileLabels, BigIntegersOneApartAreTwoClassesInCsvAndSvmlight) {
  for (const bool csv : {true, false}) {
    const test::TempDir dir;
    const auto r = test::run_plab(labels(csv, {kBig1, kBig0, kBig0})(dir), dir.path().string());
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const std::string manifest = test::read_file(dir / "out" / "manifest.json");
    // Ascending by exact value: ...992 is class 0, ...993 class 1, counted apart.
    EXPECT_NE(manifest.find(R"("classes":[{"name":")" + kBig0 + R"(","count":2},{"name":")" +
                            kBig1 + R"(","count":1}])"),
              std::string::npos)
        << (csv ? "csv: " : "svmlight: ") << manifest.substr(0, 2000);
  }
}

// An unquoted cell is trimmed: " 1" is the class 1, and no note is printed. A quoted " 1" is a
// third class, kept as written.
TEST(HostileLabels, OnlyAQuotedLabelKeepsItsSpaces) {
  for (const bool quoted : {false, true}) {
    const test::TempDir dir;
    const std::string spaced = quoted ? "\" 1\"" : " 1";
    const auto r = test::run_plab(labels(true, {"1", spaced, "2", "1"})(dir), dir.path().string());
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.err.find("has spaces or tabs at its ends") != std::string::npos, quoted) << r.err;
    const std::string manifest = test::read_file(dir / "out" / "manifest.json");
    EXPECT_EQ(manifest.find(R"({"name":" 1","count":1})") != std::string::npos, quoted)
        << manifest.substr(0, 2000);
    EXPECT_EQ(manifest.find(R"({"name":"1","count":)" + std::string(quoted ? "2" : "3") + "}") !=
                  std::string::npos,
              true)
        << manifest.substr(0, 2000);
  }
}

TEST(HostileLabels, RealValuedLabelsOnAOneSecondBudgetEndUndecidedWithinSeconds) {
  const test::TempDir dir;
  const auto start = std::chrono::steady_clock::now();
  const auto r = test::run_plab(regression(2000, "1")(dir), dir.path().string());
  const double seconds = seconds_since(start);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // The budget is 1 s; the rest (reading, one epoch, the report) is well under a second.
  // Before, the hull search's passes ran to their end: 11 s.
  EXPECT_LT(seconds, 6.0);
  const std::string manifest = test::read_file(dir / "out" / "manifest.json");
  EXPECT_NE(manifest.find("undecided: the oracle's clock limit of 1 s"), std::string::npos)
      << manifest.substr(0, 3000);
  EXPECT_NE(manifest.find(R"("separable":null)"), std::string::npos);
}

TEST(HostileLabels, SigintEndsATwentyThousandRowOracleAtOnce) {
  const test::TempDir dir;
  constexpr int kDelayMs = 3000;
  const auto start = std::chrono::steady_clock::now();
  const auto r = test::run_process_and_signal(PLAB_BINARY, regression(20000, "600")(dir), SIGINT,
                                              kDelayMs, dir.path().string());
  const double after_signal = seconds_since(start) - kDelayMs / 1000.0;
  EXPECT_EQ(r.exit_code, 130) << r.err;
  EXPECT_NE(r.err.find("interrupted by signal 2"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("while preparing the experiment"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(dir / "out"));
  // Before, the first pass over 20,000 x 19,999 Kesler points ran for minutes.
  EXPECT_LT(after_signal, 3.0);
}

TEST(HostileLabels, TheRegressionNoteComesBeforeTheOraclesWork) {
  const test::TempDir dir;
  const auto r = test::run_plab(regression(2000, "2")(dir), dir.path().string());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto note = r.err.find("almost surely a regression target");
  const auto oracle = r.err.find("margin oracle: the nearest hull point is still working");
  ASSERT_NE(note, std::string::npos) << r.err;
  ASSERT_NE(oracle, std::string::npos) << r.err;
  EXPECT_LT(note, oracle) << r.err;
  EXPECT_NE(r.err.find("2000 distinct classes in 2000 rows"), std::string::npos) << r.err;
}

TEST(HostileLabels, NoRegressionNoteBelowItsThresholds) {
  for (const std::size_t rows : {49u, 60u}) {
    const test::TempDir dir;
    // 60 rows of 30 labels: not more classes than half the rows.
    std::vector<std::string> y;
    for (std::size_t i = 0; i < rows; ++i) y.push_back(std::to_string(rows == 49 ? i : i / 2));
    const auto r = test::run_plab(labels(true, y)(dir), dir.path().string());
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.err.find("regression target"), std::string::npos) << rows << ": " << r.err;
  }
}

TEST(HostileLabels, SyntheticTooLargeIsRefusedAtOnceWithItsEstimate) {
  const test::TempDir dir;
  const auto start = std::chrono::steady_clock::now();
  // 1,000,000 rows of 100,000 features: 800 GB of values, twice over while generated.
  const auto r =
      test::run_plab(synthetic(R"("generator": "separable", "rows": 1000000, "dim": 100000)")(dir),
                     dir.path().string());
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("/dataset: this synthetic data set (1000000 rows of 100000 features"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("would take at least 1490.2 GiB"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("GiB; nothing was generated"), std::string::npos) << r.err;
  EXPECT_LT(seconds_since(start), 5.0) << "something was generated";
}

TEST(HostileLabels, WinnowByDefaultConvergesOnAMonotoneDisjunction) {
  const test::TempDir dir;
  dir.write("c.json", R"({"name": "w", "seed": 3, "repeats": 4,
    "dataset": {"kind": "synthetic", "generator": "disjunction", "rows": 60, "dim": 10,
                "literals": 2},
    "learners": [{"name": "w", "plugin": "winnow"}],
    "protocol": {"kind": "convergence", "max_epochs": 300}})");
  const auto r = test::run_plab({"run", "c.json", "--out", "out"}, dir.path().string());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string runs = test::read_file(dir / "out" / "runs.jsonl");
  std::size_t converged = 0;
  for (auto at = runs.find(R"("converged":true)"); at != std::string::npos;
       at = runs.find(R"("converged":true)", at + 1))
    ++converged;
  EXPECT_EQ(converged, 4u) << runs;
  const std::string manifest = test::read_file(dir / "out" / "manifest.json");
  EXPECT_NE(manifest.find(R"("variant":"balanced")"), std::string::npos)
      << manifest.substr(0, 3000);
}

}  // namespace
}  // namespace plab

namespace plab {
namespace {

// Labels in UTF-8 go into manifest.json as they are: the folder is one plab's own readers
// accept (before, a Latin-1 class name made a manifest that was not JSON).
TEST(HostileLabels, Utf8ClassNamesMakeAFolderVerifyAccepts) {
  const test::TempDir dir;
  const Args a = csv_text("a,b,y\n1,2," + kUtf8 + "\n-1,-2,n\n2,1," + kUtf8 + "\n-2,-1,n\n")(dir);
  const auto run = test::run_plab(a, dir.path().string());
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(test::read_file(dir / "out" / "manifest.json").find(kUtf8), std::string::npos);
  const auto verify = test::run_plab({"verify", (dir / "out").string()});
  EXPECT_EQ(verify.exit_code, 0) << verify.out << verify.err;
}

// A refused conversion writes neither the output nor its labels mapping.
TEST(HostileLabels, ConvertOfLatin1LabelsLeavesNoFile) {
  const test::TempDir dir;
  const Args a = convert_csv("a,b,y\n1,2," + kLatin1 + "\n-1,-2,n\n", "numeric")(dir);
  const auto r = test::run_plab(a, dir.path().string());
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_FALSE(fs::exists(dir / "out.svm"));
  EXPECT_FALSE(fs::exists(dir / "out.svm.labels.json"));
  EXPECT_EQ(r.err.find("internal error"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace plab
