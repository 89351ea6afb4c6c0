// `"precision": "float32"` on the data set (docs/config-reference.md), through the
// real binary: the features are rounded to float once at load and the learners' arithmetic
// stays double, so a float32 run is exactly the float64 run on the rounded values. Records
// and manifest say float32; verify rounds the reloaded data the same way.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <boost/json.hpp>

#include "results/folder/record_digest.hpp"
#include "support/folder_edit.hpp"
#include "support/process.hpp"
#include "support/temp_dir.hpp"
#include "support/troubleshooting.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;
using test::read_file;
using test::run_plab;

constexpr const char* kMarker = ",\"precision\":\"float32\"";

// A value exactly as text: %.17g reads back as the same double.
std::string exact(double v) {
  char text[40];
  std::snprintf(text, sizeof text, "%.17g", v);
  return text;
}

// 60 rows of 3 features, labels from a noisy linear rule (not separable, so every learner
// runs all its epochs). `round` writes each value rounded to float (exactly); `value` makes
// the raw values.
void write_csv(const fs::path& file, bool round, double (*value)(int, int)) {
  std::ofstream out(file);
  out << "x1,x2,x3,y\n";
  for (int i = 0; i < 60; ++i) {
    double s = 0;
    for (int j = 0; j < 3; ++j) {
      double v = value(i, j);
      if (round) v = static_cast<double>(static_cast<float>(v));
      s += (j + 1) * v;
      out << exact(v) << ",";
    }
    out << ((s > 1.0) != (i % 7 == 0) ? "a" : "b") << "\n";
  }
}

// Values with many digits: not floats.
double digits(int i, int j) { return ((i * 37 + j * 11) % 23) / 7.0 - 1.3 + 0.001 * j; }
// Quarters: floats already.
double quarters(int i, int j) { return ((i * 37 + j * 11) % 23) * 0.25 - 2.5; }

void write_config(const fs::path& file, const fs::path& csv, const char* precision,
                  const char* order) {
  std::ofstream(file) << R"({"name": "p", "seed": 3, "repeats": 5,
    "dataset": {"kind": "csv", "path": ")"
                      << csv.string() << R"(", "label": "y", "positive": ["a"],
                "precision": ")"
                      << precision << R"("},
    "learners": [{"name": "p", "plugin": "perceptron"},
                 {"name": "e", "plugin": "eta_perceptron", "params": {"eta": 0.3}},
                 {"name": "m", "plugin": "margin_perceptron"},
                 {"name": "a", "plugin": "averaged_perceptron"}],
    "init": {"kind": "gaussian", "scale": 1.0},
    "protocol": {"kind": "convergence", "max_epochs": 12, "order": ")"
                      << order << R"("}})";
}

// runs.jsonl of `config` (exit code checked), with `lanes`.
std::string run(const fs::path& config, const fs::path& out, const std::string& lanes = "auto") {
  const auto r = run_plab(
      {"run", config.string(), "--out", out.string(), "--lanes", lanes, "--no-report", "--quiet"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return read_file(out / "runs.jsonl");
}

// Each line marked float32 once, and the text without the markers.
std::string unmarked(const std::string& runs) {
  std::string text;
  std::istringstream lines(runs);
  for (std::string line; std::getline(lines, line);) {
    const auto at = line.find(kMarker);
    EXPECT_NE(at, std::string::npos) << line;
    EXPECT_EQ(line.find(kMarker, at + 1), std::string::npos) << line;
    text +=
        (at == std::string::npos ? line
                                 : line.substr(0, at) + line.substr(at + std::strlen(kMarker))) +
        "\n";
  }
  return text;
}

TEST(Precision, Float32OnFloatValuesIsTheFloat64RunButForTheMarker) {
  test::TempDir dir;
  write_csv(dir / "d.csv", false, quarters);
  write_config(dir / "f64.json", dir / "d.csv", "float64", "cyclic");
  write_config(dir / "f32.json", dir / "d.csv", "float32", "cyclic");
  const std::string f64 = run(dir / "f64.json", dir / "o64");
  const std::string f32 = run(dir / "f32.json", dir / "o32");
  EXPECT_EQ(f64.find("precision"), std::string::npos);
  EXPECT_EQ(unmarked(f32), f64);
  const auto manifest = boost::json::parse(read_file(dir / "o32" / "manifest.json")).as_object();
  EXPECT_EQ(manifest.at("points").at(0).at("dataset").at("precision"), "float32");
  const auto plain = boost::json::parse(read_file(dir / "o64" / "manifest.json")).as_object();
  EXPECT_FALSE(plain.at("points").at(0).at("dataset").as_object().contains("precision"));
}

TEST(Precision, Float32IsTheFloat64RunOnTheRoundedValues) {
  test::TempDir dir;
  write_csv(dir / "raw.csv", false, digits);
  write_csv(dir / "rounded.csv", true, digits);
  ASSERT_NE(read_file(dir / "raw.csv"), read_file(dir / "rounded.csv"));
  for (const char* order : {"cyclic", "shuffle"}) {
    write_config(dir / "f32.json", dir / "raw.csv", "float32", order);
    write_config(dir / "raw.json", dir / "raw.csv", "float64", order);
    write_config(dir / "rounded.json", dir / "rounded.csv", "float64", order);
    const std::string tag = order;
    const std::string f32 = unmarked(run(dir / "f32.json", dir / ("o32" + tag)));
    EXPECT_EQ(f32, run(dir / "rounded.json", dir / ("or" + tag))) << order;
    // The rounding shows: the raw values as doubles give another R at least.
    EXPECT_NE(f32, run(dir / "raw.json", dir / ("o64" + tag))) << order;
  }
}

TEST(Precision, LanesMatchOneAtATimeOnFloat32) {
  test::TempDir dir;
  write_csv(dir / "d.csv", false, digits);
  for (const char* order : {"cyclic", "shuffle"}) {
    write_config(dir / "c.json", dir / "d.csv", "float32", order);
    const std::string tag = order;
    const std::string alone = run(dir / "c.json", dir / ("o1" + tag), "1");
    EXPECT_EQ(run(dir / "c.json", dir / ("o8" + tag), "8"), alone) << order;
    EXPECT_EQ(run(dir / "c.json", dir / ("o2" + tag), "2"), alone) << order;
  }
}

TEST(Precision, AnotherPrecisionIsAConfigError) {
  test::TempDir dir;
  write_csv(dir / "d.csv", false, quarters);
  write_config(dir / "c.json", dir / "d.csv", "float16", "cyclic");
  const auto r = run_plab({"run", (dir / "c.json").string(), "--out", (dir / "o").string()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("/dataset/precision: 'float16' is not accepted"), std::string::npos)
      << r.err;
  EXPECT_TRUE(test::in_troubleshooting("is not accepted"));
  EXPECT_FALSE(fs::exists(dir / "o"));
}

TEST(Precision, AValueBeyondAFloatIsRefused) {
  test::TempDir dir;
  std::ofstream(dir / "d.csv") << "x1,y\n1e39,a\n-1,b\n";
  write_config(dir / "c.json", dir / "d.csv", "float32", "cyclic");
  const auto r = run_plab({"run", (dir / "c.json").string(), "--out", (dir / "o").string()});
  EXPECT_EQ(r.exit_code, 2);
  const std::string said = "is beyond a float (largest about 3.4e38)";
  EXPECT_NE(r.err.find("/dataset/precision: the value 1e+39 in row 1 of the data set as loaded "
                       "(counting from 1), column 'x1' " +
                       said),
            std::string::npos)
      << r.err;
  EXPECT_TRUE(test::in_troubleshooting(said));
  // float64 holds it.
  write_config(dir / "c64.json", dir / "d.csv", "float64", "cyclic");
  EXPECT_EQ(run_plab({"run", (dir / "c64.json").string(), "--out", (dir / "o64").string(),
                      "--quiet", "--no-report"})
                .exit_code,
            0);
}

// Float32 keeps a float copy of dense rows only: with sparse storage, given or the sparse
// generator's default, the config is refused before anything is loaded; the sparse
// generator stored dense takes float32.
TEST(Precision, Float32WithSparseStorageIsAConfigError) {
  test::TempDir dir;
  write_csv(dir / "d.csv", false, quarters);
  const std::string said = "is for dense storage only";
  const std::string csv = R"({"kind": "csv", "path": ")" + (dir / "d.csv").string() +
                          R"(", "label": "y", "positive": ["a"], "storage": "sparse")";
  const std::string generator =
      R"({"kind": "synthetic", "generator": "sparse", "rows": 20, "dim": 50, "nonzeros": 3,
          "teacher_nonzeros": 3)";
  const auto config = [&](const std::string& dataset, const char* name) {
    const fs::path file = dir / name;
    std::ofstream(file) << R"({"name": "p", "seed": 3, "dataset": )" << dataset
                        << R"(, "precision": "float32"},
      "learners": [{"name": "p", "plugin": "perceptron"}],
      "protocol": {"kind": "convergence", "max_epochs": 3}})";
    return file.string();
  };
  for (const std::string& c : {config(csv, "csv.json"), config(generator, "generator.json")}) {
    const auto r = run_plab({"run", c, "--out", (dir / "o").string()});
    EXPECT_EQ(r.exit_code, 2) << c << r.err;
    EXPECT_NE(r.err.find("/dataset/precision: \"float32\" " + said), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(dir / "o"));
  }
  EXPECT_TRUE(test::in_troubleshooting(said));
  const auto dense = run_plab({"run", config(generator + R"(, "storage": "dense")", "dense.json"),
                               "--out", (dir / "dense").string(), "--quiet", "--no-report"});
  EXPECT_EQ(dense.exit_code, 0) << dense.err;
  EXPECT_NE(read_file(dir / "dense" / "runs.jsonl").find(kMarker), std::string::npos);
}

TEST(Precision, VerifyRoundsTheDataAndChecksTheMarker) {
  test::TempDir dir;
  write_csv(dir / "d.csv", false, digits);
  write_config(dir / "c.json", dir / "d.csv", "float32", "cyclic");
  const fs::path f = dir / "o";
  run(dir / "c.json", f);
  const auto clean = run_plab({"verify", f.string()});
  EXPECT_EQ(clean.exit_code, 0) << clean.out << clean.err;
  EXPECT_NE(clean.out.find("0 recorded values differ"), std::string::npos) << clean.out;

  // A record without its marker: verify says the field differs.
  const fs::path g = dir / "unmarked";
  fs::copy(f, g, fs::copy_options::recursive);
  test::edit_record(
      g, [](const boost::json::object&) { return true; },
      [](boost::json::object& r) { r.erase("precision"); });
  write_digest_chain(g);
  const auto unmarked_run = run_plab({"verify", g.string()});
  EXPECT_EQ(unmarked_run.exit_code, 1);
  EXPECT_NE(unmarked_run.out.find("field 'precision': recorded null, recomputed \"float32\""),
            std::string::npos)
      << unmarked_run.out << unmarked_run.err;

  // A record whose R is the raw data's (not the rounded data's): verify recomputes R.
  const fs::path h = dir / "tampered";
  fs::copy(f, h, fs::copy_options::recursive);
  test::edit_record(
      h, [](const boost::json::object&) { return true; },
      [](boost::json::object& r) { r["R"] = r.at("R").to_number<double>() * (1 + 1e-9); });
  write_digest_chain(h);
  const auto tampered = run_plab({"verify", h.string()});
  EXPECT_EQ(tampered.exit_code, 1);
  EXPECT_NE(tampered.out.find("field 'R': recorded"), std::string::npos)
      << tampered.out << tampered.err;
}

}  // namespace
}  // namespace plab
