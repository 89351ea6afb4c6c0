// Sparse storage through the real binary: every bundled learner's runs on the same
// data stored dense and stored sparse give byte-identical runs.jsonl (the records carry no
// storage marker; the manifest does), on data with many zeros, in every order and protocol
// that reads rows differently; the sparse generator is deterministic; a dense-only plugin and
// `scale: standardize` are refused on sparse storage with their reasons; plab verify is clean
// on a sparse folder.
#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include "support/process.hpp"
#include "support/temp_dir.hpp"
#include "support/troubleshooting.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;
using test::read_file;
using test::run_plab;

const std::string kSource = PLAB_SOURCE_DIR;

// Every bundled learner, with the params that take each one down its other paths.
const char* const kAllLearners = R"([
  {"name": "classic", "plugin": "perceptron"},
  {"name": "blocked", "plugin": "perceptron", "params": {"dot": "blocked", "tie": "positive"}},
  {"name": "eta", "plugin": "eta_perceptron", "params": {"eta": 0.3, "step": "residual"}},
  {"name": "margin", "plugin": "margin_perceptron", "params": {"tau": 0.5}},
  {"name": "averaged", "plugin": "averaged_perceptron"},
  {"name": "voted", "plugin": "averaged_perceptron", "params": {"mode": "voted"}},
  {"name": "pocket", "plugin": "pocket_perceptron"},
  {"name": "batch", "plugin": "batch_perceptron", "params": {"normalize": true}},
  {"name": "multi", "plugin": "multiclass_perceptron", "params": {"eta": 0.5}},
  {"name": "lms", "plugin": "linear_unit_sgd", "params": {"eta": 0.01}},
  {"name": "lms_batch", "plugin": "linear_unit_sgd", "params": {"mode": "batch", "eta": 0.001}}
])";

struct Folder {
  int exit_code = -1;
  std::string err;
  std::string runs;
  std::string trajectory;
};

Folder run_config(const test::TempDir& dir, const std::string& name, const std::string& config,
                  const std::vector<std::string>& sets) {
  const fs::path file = dir / (name + ".json");
  std::ofstream(file) << config;
  const fs::path out = dir / name;
  std::vector<std::string> args{"run",        file.string(), "--out",
                                out.string(), "--no-report", "--quiet"};
  for (const std::string& set : sets) args.insert(args.end(), {"--set", set});
  const auto r = run_plab(args);
  Folder f{r.exit_code, r.err, "", ""};
  if (fs::exists(out / "runs.jsonl")) f.runs = read_file(out / "runs.jsonl");
  if (fs::exists(out / "trajectory.jsonl")) f.trajectory = read_file(out / "trajectory.jsonl");
  return f;
}

// The config run with storage dense and sparse: both succeed and write the same bytes.
void expect_same_records(const std::string& config, const std::vector<std::string>& sets = {}) {
  test::TempDir dir;
  std::vector<std::string> dense_sets = sets;
  dense_sets.emplace_back("/dataset/storage=\"dense\"");
  std::vector<std::string> sparse_sets = sets;
  sparse_sets.emplace_back("/dataset/storage=\"sparse\"");
  const Folder dense = run_config(dir, "dense", config, dense_sets);
  const Folder sparse = run_config(dir, "sparse", config, sparse_sets);
  ASSERT_EQ(dense.exit_code, 0) << dense.err;
  ASSERT_EQ(sparse.exit_code, 0) << sparse.err;
  ASSERT_FALSE(dense.runs.empty());
  EXPECT_EQ(sparse.runs, dense.runs) << config;
  EXPECT_EQ(sparse.trajectory, dense.trajectory) << config;
}

// A sparse synthetic set (many zeros, a few flipped labels), binary: every learner.
std::string generated(const std::string& protocol, const std::string& learners) {
  return R"({"name": "sparse_vs_dense", "seed": 5, "repeats": 3,
    "dataset": {"kind": "synthetic", "generator": "sparse", "rows": 120, "dim": 40,
                "nonzeros": 6, "teacher_nonzeros": 8, "flip": 0.05},
    "learners": )" +
         learners + R"(, "init": {"kind": "gaussian"}, "protocol": )" + protocol + "}";
}

TEST(SparseStorage, EveryLearnerSameRecordsOnGeneratedData) {
  expect_same_records(generated(
      R"({"kind": "convergence", "max_epochs": 15, "order": "shuffle", "record_curve": true,
          "record_weights": true})",
      kAllLearners));
}

TEST(SparseStorage, MistakeDrivenOrdersAndTrajectorySameRecords) {
  const std::string learners = R"([{"name": "classic", "plugin": "perceptron"},
    {"name": "eta", "plugin": "eta_perceptron", "params": {"eta": 0.5}},
    {"name": "margin", "plugin": "margin_perceptron"},
    {"name": "multi", "plugin": "multiclass_perceptron"}])";
  for (const char* order : {"random_mistake", "worst_mistake"}) {
    expect_same_records(generated(std::string(R"({"kind": "convergence", "max_epochs": 30,
        "order": ")") + order + "\"}",
                                  learners));
  }
  expect_same_records(generated(R"({"kind": "trajectory", "max_epochs": 5})", learners));
}

TEST(SparseStorage, HoldoutAndCrossValidationSameRecords) {
  expect_same_records(
      generated(R"({"kind": "holdout", "test_fraction": 0.3, "max_epochs": 10})", kAllLearners));
  expect_same_records(
      generated(R"({"kind": "holdout", "folds": 3, "max_epochs": 10})", kAllLearners),
      {"/repeats=1"});
}

// Real data with zeros: the 8x8 digits (about half the pixels are 0), multi-class, from CSV.
TEST(SparseStorage, DigitsFromCsvSameRecords) {
  const std::string config = R"({"name": "digits", "seed": 6, "repeats": 2,
    "dataset": {"kind": "csv", "path": ")" +
                             kSource +
                             R"(/data/digits.csv", "label": "digit"},
    "learners": [{"name": "strict", "plugin": "multiclass_perceptron"},
                 {"name": "first", "plugin": "multiclass_perceptron", "params": {"tie": "first"}}],
    "theory": {"margin": "none"},
    "protocol": {"kind": "convergence", "max_epochs": 3, "order": "shuffle"}})";
  expect_same_records(config);
}

// Inline data with zeros and ties (integer features): the oracle runs on both storages.
TEST(SparseStorage, InlineBinaryWithOracleSameRecords) {
  const std::string config = R"({"name": "inline", "seed": 1, "repeats": 2,
    "dataset": {"kind": "inline", "x": [[0, 2, 0], [1, 0, 0], [0, 0, -1], [-2, 0, 1], [0, -1, 0],
                                        [3, 1, 0]],
                "y": ["a", "a", "b", "b", "b", "a"], "positive": ["a"]},
    "learners": )" + std::string(kAllLearners) +
                             R"(, "protocol": {"kind": "convergence", "max_epochs": 50}})";
  expect_same_records(config);
}

// The averaged perceptron's correction sums (visit number)·y·x̃ and outgrows the weights: on
// features of 1e307 it overflows while every weight stays finite. Its average was then inf
// dense and NaN sparse (inf·0 against a skipped zero), and each counted wrong training errors
// with exit 0 (found by a hostile pass). Now the run fails, the same way in both storages.
TEST(SparseStorage, AnOverflowingAverageFailsTheRunInBothStorages) {
  test::TempDir dir;
  const std::string config = R"({"name": "avg_overflow", "seed": 5, "repeats": 1,
    "dataset": {"kind": "inline", "x": [[1e307, 1, 0], [1e307, 0, 1], [0, -1e307, 0], [0, 0, 5]],
                "y": [1, -1, 1, -1]},
    "learners": [{"name": "averaged", "plugin": "averaged_perceptron"}],
    "protocol": {"kind": "convergence", "max_epochs": 30}})";
  const Folder dense = run_config(dir, "dense", config, {"/dataset/storage=\"dense\""});
  const Folder sparse = run_config(dir, "sparse", config, {"/dataset/storage=\"sparse\""});
  EXPECT_EQ(dense.exit_code, 3) << dense.err;
  EXPECT_EQ(sparse.exit_code, 3) << sparse.err;
  EXPECT_NE(dense.runs.find("\"status\":\"failed\""), std::string::npos) << dense.runs;
  EXPECT_NE(dense.runs.find("running sum of (visit number)*y*x over its updates overflowed"),
            std::string::npos)
      << dense.runs;
  EXPECT_EQ(sparse.runs, dense.runs);
}

// A given w0 with -0 where a column is zero in every row: the dense update adds a*0 there
// (-0 + 0 = +0), the sparse one never touches it. The engine starts from +0 instead, so both
// write the same weights (this failed before: "-0" sparse, "0" dense).
TEST(SparseStorage, ASignedZeroInTheGivenStartGivesTheSameRecords) {
  expect_same_records(R"({"name": "signed_zero", "seed": 1, "repeats": 1,
    "dataset": {"kind": "inline", "x": [[1, 0, 0], [0, 1, 0]], "y": [1, -1]},
    "init": {"kind": "given", "w": [0.0, -0.0, -0.0, -0.0]},
    "learners": [{"name": "classic", "plugin": "perceptron"},
      {"name": "eta", "plugin": "eta_perceptron", "params": {"eta": 0.3, "step": "residual"}},
      {"name": "margin", "plugin": "margin_perceptron", "params": {"tau": 0.5}},
      {"name": "averaged", "plugin": "averaged_perceptron"},
      {"name": "pocket", "plugin": "pocket_perceptron"},
      {"name": "batch", "plugin": "batch_perceptron"},
      {"name": "lms", "plugin": "linear_unit_sgd", "params": {"eta": 0.01}}],
    "protocol": {"kind": "convergence", "max_epochs": 20,
                                    "record_weights": true}})");
}

TEST(SparseStorage, GeneratorIsDeterministicAndRecordsStorage) {
  test::TempDir dir;
  const std::string config = generated(R"({"kind": "convergence", "max_epochs": 5})",
                                       R"([{"name": "classic", "plugin": "perceptron"}])");
  const Folder a = run_config(dir, "a", config, {});
  const Folder b = run_config(dir, "b", config, {});
  ASSERT_EQ(a.exit_code, 0) << a.err;
  EXPECT_EQ(a.runs, b.runs);
  const Folder other_seed = run_config(dir, "c", config, {"/seed=6"});
  EXPECT_NE(other_seed.runs, a.runs);
  const std::string manifest = read_file(dir / "a" / "manifest.json");
  EXPECT_NE(manifest.find("\"storage\":\"sparse\""), std::string::npos);
  EXPECT_NE(manifest.find("\"entries\":"), std::string::npos);
  // A sparse folder verifies clean: R, the oracle's margin and every record recomputed.
  const auto v = run_plab({"verify", (dir / "a").string()});
  EXPECT_EQ(v.exit_code, 0) << v.out << v.err;
}

// 10^6 features, past the oracle's dense copy: the teacher is still certified on the sparse
// rows (bounds apply, verify rechecks it), and svm runs LIBLINEAR on the sparse rows alone
// and certifies its separator on them (verify rechecks that too).
TEST(SparseStorage, WideDataCertifiesTheTeacherAndLiblinearOnTheSparseRows) {
  test::TempDir dir;
  const std::string config = R"({"name": "wide", "seed": 1, "repeats": 2,
    "dataset": {"kind": "synthetic", "generator": "sparse", "rows": 40, "dim": 1000000,
                "nonzeros": 5, "teacher_nonzeros": 3},
    "learners": [{"name": "classic", "plugin": "perceptron"}],
    "protocol": {"kind": "convergence", "max_epochs": 50}})";
  const Folder teacher = run_config(dir, "teacher", config, {});
  ASSERT_EQ(teacher.exit_code, 0) << teacher.err;
  EXPECT_NE(teacher.runs.find("\"bound_applies\":true"), std::string::npos) << teacher.runs;
  const std::string manifest = read_file(dir / "teacher" / "manifest.json");
  EXPECT_NE(manifest.find("\"method\":\"teacher\""), std::string::npos);
  const auto v = run_plab({"verify", (dir / "teacher").string()});
  EXPECT_EQ(v.exit_code, 0) << v.out << v.err;
  EXPECT_NE(v.out.find("0 recorded values differ"), std::string::npos) << v.out;

  const Folder svm = run_config(dir, "svm", config, {"/theory={\"margin\":\"svm\"}"});
  ASSERT_EQ(svm.exit_code, 0) << svm.err;
  EXPECT_NE(svm.runs.find("\"bound_applies\":true"), std::string::npos) << svm.runs;
  const std::string svm_manifest = read_file(dir / "svm" / "manifest.json");
  EXPECT_NE(svm_manifest.find("\"method\":\"liblinear\""), std::string::npos) << svm_manifest;
  EXPECT_NE(svm_manifest.find("skipped: it holds dense vectors of the data's width"),
            std::string::npos);
  const auto v_svm = run_plab({"verify", (dir / "svm").string()});
  EXPECT_EQ(v_svm.exit_code, 0) << v_svm.out << v_svm.err;
  EXPECT_NE(v_svm.out.find("0 recorded values differ"), std::string::npos) << v_svm.out;
  EXPECT_EQ(v_svm.out.find("not rechecked"), std::string::npos) << v_svm.out;
}

// The classic perceptron on these svmlight rows declared `n_features` wide, stored sparse,
// into dir/o; `theory` is "" or a "theory" member and its comma.
Folder run_wide(const test::TempDir& dir, const std::string& rows, std::size_t n_features,
                const std::string& theory) {
  std::ofstream(dir / "wide.svm") << rows;
  const std::string config = R"({"name": "wide", "seed": 1,
    "dataset": {"kind": "svmlight", "path": "wide.svm", "n_features": )" +
                             std::to_string(n_features) + R"(, "storage": "sparse"},
    "learners": [{"name": "classic", "plugin": "perceptron"}],)" +
                             theory + R"(
    "protocol": {"kind": "convergence", "max_epochs": 20}})";
  return run_config(dir, "o", config, {});
}

// Wide sparse data that LIBLINEAR cannot separate (two equal rows, opposite labels): with
// the dense methods out of reach, the margin is undecided and says why.
TEST(SparseStorage, WideInseparableDataIsUndecidedWithItsReason) {
  test::TempDir dir;
  const Folder f = run_wide(dir, "+1 5:1\n-1 5:1\n+1 7:2\n-1 9:1\n", 10000000,
                            R"("theory": {"margin": "svm", "oracle_seconds": 20},)");
  ASSERT_EQ(f.exit_code, 0) << f.err;
  const std::string expected = "undecided: LIBLINEAR, run on the sparse rows, found no separator";
  EXPECT_NE(read_file(dir / "o" / "manifest.json").find(expected), std::string::npos);
  EXPECT_TRUE(test::in_troubleshooting(expected)) << "docs/troubleshooting.md";
  EXPECT_EQ(run_plab({"verify", (dir / "o").string()}).exit_code, 0);
}

// Three rows declared 1,000,000 features wide, not separable: the dense methods and the
// hinge candidates run on the dense copy (3 million values), and the manifest stores their
// vectors by their non-zero entries. Written as arrays they made a 36 MB manifest here (72 MB
// and 1.4 GB of memory at 4,000,000 features); verify reads the sparse form back and
// rechecks every candidate, and refuses an edited one that is not well formed.
TEST(SparseStorage, WideDeclaredDataKeepsItsManifestSmallAndVerified) {
  test::TempDir dir;
  const Folder f =
      run_wide(dir, "+1 1:1 999999:0.5\n-1 1:1 999999:0.5\n-1 2:1 17:-2\n", 1000000, "");
  ASSERT_EQ(f.exit_code, 0) << f.err;
  const fs::path manifest = dir / "o" / "manifest.json";
  EXPECT_LT(fs::file_size(manifest), 20000U);
  const std::string text = read_file(manifest);
  EXPECT_NE(text.find("\"hinge_candidates\""), std::string::npos) << text;
  EXPECT_NE(text.find(R"("v":{"length":1000001,"nonzero":[[0,)"), std::string::npos) << text;
  const auto v = run_plab({"verify", (dir / "o").string()});
  EXPECT_EQ(v.exit_code, 0) << v.out << v.err;
  EXPECT_NE(v.out.find("0 recorded values differ"), std::string::npos) << v.out;
  EXPECT_NE(v.out.find("1 a certified hinge bound"), std::string::npos) << v.out;

  // verify of the manifest with its first `from` replaced by `to`: refused, naming `what`.
  const auto expect_refused = [&](const std::string& from, const std::string& to,
                                  const std::string& what) {
    std::string edited = text;
    edited.replace(edited.find(from), from.size(), to);
    std::ofstream(manifest, std::ios::trunc) << edited;
    const auto bad = run_plab({"verify", (dir / "o").string()});
    EXPECT_EQ(bad.exit_code, 2) << bad.out << bad.err;
    EXPECT_NE(bad.err.find(what), std::string::npos) << bad.err;
  };
  expect_refused(R"("nonzero":[[0,)", R"("nonzero":[[5,1],[0,)",
                 "hinge_candidates/0/v' has entry 1 of its 'nonzero' list");
  // A length beyond any vector of the data is refused before 32 GB of zeros are allocated.
  expect_refused(R"("length":1000001)", R"("length":4294967296)",
                 "has length 4294967296, more than the 2000002 entries");
}

// Two classes with the multi-class learner: LIBLINEAR's one vector becomes the rows w/2 and
// −w/2, whose empty columns were −0 and kept every candidate a 400,002-entry array (9 MB of
// manifest). Empty columns are +0 now, and the candidates are written sparse.
TEST(SparseStorage, TwoClassCandidatesOfWideDataAreWrittenSparse) {
  test::TempDir dir;
  std::ofstream(dir / "two.svm") << "1 3:1 77:2\n2 3:1 77:2\n2 5:-1\n1 199999:0.5\n";
  const Folder f = run_config(dir, "o", R"({"name": "two", "seed": 1,
    "dataset": {"kind": "svmlight", "path": "two.svm", "n_features": 200000,
                "storage": "sparse", "classes": ["1", "2"]},
    "learners": [{"name": "mc", "plugin": "multiclass_perceptron"}],
    "protocol": {"kind": "convergence", "max_epochs": 10}})",
                              {});
  ASSERT_EQ(f.exit_code, 0) << f.err;
  const std::string text = read_file(dir / "o" / "manifest.json");
  EXPECT_NE(text.find(R"("v":{"length":400002,"nonzero":)"), std::string::npos) << text.size();
  EXPECT_LT(text.size(), 20000U);
  EXPECT_EQ(run_plab({"verify", (dir / "o").string()}).exit_code, 0);
}

TEST(SparseStorage, StandardizeRefusedOnSparseStorage) {
  test::TempDir dir;
  const std::string config = R"({"name": "s", "seed": 1,
    "dataset": {"kind": "csv", "path": ")" +
                             kSource +
                             R"(/data/iris.csv", "label": "species", "positive": ["setosa"],
                "scale": "standardize", "storage": "sparse"},
    "learners": [{"name": "p", "plugin": "perceptron"}]})";
  const Folder f = run_config(dir, "s", config, {});
  EXPECT_EQ(f.exit_code, 2);
  const std::string expected =
      "centres every column, which turns the stored zeros of sparse storage into non-zeros";
  EXPECT_NE(f.err.find(expected), std::string::npos) << f.err;
  EXPECT_NE(f.err.find("/dataset/scale"), std::string::npos) << f.err;
  EXPECT_TRUE(test::in_troubleshooting(expected)) << "docs/troubleshooting.md";
}

// One teacher feature among 10^6, rarely drawn, and a margin few values reach.
TEST(SparseStorage, GeneratorRefusesAMarginOutOfReach) {
  test::TempDir dir;
  const std::string config = R"({"name": "s", "seed": 1,
    "dataset": {"kind": "synthetic", "generator": "sparse", "rows": 10, "dim": 1000000,
                "nonzeros": 1, "teacher_nonzeros": 1, "zipf": 0, "margin": 0.99},
    "learners": [{"name": "p", "plugin": "perceptron"}]})";
  const Folder f = run_config(dir, "s", config, {});
  EXPECT_EQ(f.exit_code, 2) << f.err;
  const std::string expected = "rows in a row below the margin";
  EXPECT_NE(f.err.find(expected), std::string::npos) << f.err;
  EXPECT_TRUE(test::in_troubleshooting(expected)) << "docs/troubleshooting.md";
}

TEST(SparseStorage, DenseOnlyPluginRefusedOnSparseData) {
  test::TempDir dir;
  const std::string config = R"({"name": "s", "seed": 1,
    "dataset": {"kind": "inline", "x": [[1, 0], [0, 1]], "y": ["a", "b"], "positive": ["a"],
                "storage": "sparse"},
    "learners": [{"name": "old", "plugin": ")" +
                             std::string(PLAB_TEST_PLUGIN_DIR) + R"(/normalised_step.so"}]})";
  const Folder f = run_config(dir, "s", config, {});
  EXPECT_EQ(f.exit_code, 2) << f.err;
  const std::string expected = "reads dense rows only, but the data set is stored sparse";
  EXPECT_NE(f.err.find(expected), std::string::npos) << f.err;
  EXPECT_NE(f.err.find("learner 'old'"), std::string::npos) << f.err;
  EXPECT_TRUE(test::in_troubleshooting(expected)) << "docs/troubleshooting.md";
}

}  // namespace
}  // namespace plab
