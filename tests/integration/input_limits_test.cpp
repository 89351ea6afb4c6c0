// Data files at the edges of what is accepted, through the real binary: the forms a CSV may
// take (BOM, CRLF, last line end or none, very wide rows), a huge file that must not be read
// whole to fail, and a results write that fails half-way and is finished by --resume.
#include <gtest/gtest.h>
#include <sys/resource.h>

#include <boost/json.hpp>
#include <fstream>

#include "support/process.hpp"
#include "support/records.hpp"
#include "support/temp_dir.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;
using test::read_file;
using test::run_plab;

// A run on `data` (label column y, positive class a) without the margin oracle.
std::vector<std::string> run_on(const fs::path& data, const fs::path& out) {
  const std::string config = R"({"name": "edge", "seed": 1, "repeats": 2,
    "dataset": {"kind": "csv", "path": ")" +
                             data.string() +
                             R"(", "label": "y", "positive": ["a"]},
    "learners": [{"name": "p", "plugin": "perceptron"}], "theory": {"margin": "none"},
    "protocol": {"kind": "convergence", "max_epochs": 20}})";
  std::ofstream(out.string() + ".json") << config;
  return {"run", out.string() + ".json", "--out", out.string(), "--no-report", "--quiet"};
}

TEST(InputLimits, BomCrlfAndTheLastLineEndAreAllTheSameData) {
  test::TempDir dir;
  // The label column comes first: a byte-order mark stuck to its name would lose it.
  const std::string rows[] = {"y,x1,x2", "a,1,2", "b,-1,-3", "a,2,2.5"};
  std::string plain, crlf;
  for (const auto& row : rows) {
    plain += row + "\n";
    crlf += row + "\r\n";
  }
  const std::pair<const char*, std::string> forms[] = {
      {"plain", plain},
      {"bom", "\xEF\xBB\xBF" + plain},
      {"crlf", crlf},
      {"no_last_newline", plain.substr(0, plain.size() - 1)},
      {"bom_crlf_no_last_newline", "\xEF\xBB\xBF" + crlf.substr(0, crlf.size() - 2)},
  };
  std::string reference;
  for (const auto& [name, text] : forms) {
    const auto r = run_plab(run_on(dir.write(std::string(name) + ".csv", text), dir / name));
    ASSERT_EQ(r.exit_code, 0) << name << ": " << r.err;
    const std::string runs = read_file(dir / name / "runs.jsonl");
    if (reference.empty()) reference = runs;
    EXPECT_EQ(runs, reference) << name << " reads as other data than the plain file";
  }
}

TEST(InputLimits, RowsOfAMegabyteAndMoreAreRead) {
  test::TempDir dir;
  constexpr int kFeatures = 300000;  // a row of 1.2 MB: longer than the reader's 1 MiB chunk
  std::string header, positive, negative;
  for (int j = 0; j < kFeatures; ++j) {
    header += "f" + std::to_string(j) + ",";
    positive += j == 0 ? "1.5," : "0.0,";
    negative += j == 0 ? "-1.5," : "0.0,";
  }
  const auto data = dir.write(
      "wide.csv", header + "y\n" + positive + "a\n" + negative + "b\n" + positive + "a\n");
  const auto r = run_plab(run_on(data, dir / "wide"));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto runs = test::records(dir / "wide" / "runs.jsonl");
  ASSERT_EQ(runs.size(), 2u);
  EXPECT_EQ(runs[0].at("status"), "converged");
}

TEST(InputLimits, ALineOver64MiBIsRefusedNamingIt) {
  test::TempDir dir;
  std::string line;
  line.reserve((65u << 20) + 16);
  while (line.size() < (65u << 20)) line += "1,";
  const auto data = dir.write("one_line.csv", "x1,y\n1,a\n" + line);
  const auto r = run_plab(run_on(data, dir / "out"));
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("one_line.csv:3: the line is longer than 64 MiB"), std::string::npos)
      << r.err;
  EXPECT_FALSE(fs::exists(dir / "out"));
}

// A 2 GiB file (sparse: no disk used) whose fourth line is binary. The reader streams: it
// stops there, having held a megabyte of it, instead of reading 2 GiB to then fail.
TEST(InputLimits, A2GiBFileIsStreamedAndFailsAtItsFirstBadLine) {
  test::TempDir dir;
  const fs::path data = dir.write("huge.csv", "x1,x2,y\n1,2,a\n-1,-2,b\n");
  fs::resize_file(data, std::uintmax_t{2} << 30);
  ASSERT_EQ(fs::file_size(data), std::uintmax_t{2} << 30);
  const auto r = run_plab(run_on(data, dir / "out"));
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("huge.csv:4: a NUL byte; this is not a text CSV file"), std::string::npos)
      << r.err;
  rusage usage{};
  ASSERT_EQ(getrusage(RUSAGE_CHILDREN, &usage), 0);
  EXPECT_LT(usage.ru_maxrss, 512L * 1024) << "KiB: the file was read into memory";
}

// Disk full, by a file size limit on the real binary: writes past 64 kB fail as on a full
// disk. The error names the folder; the whole records before it stay readable; --resume
// finishes the job, byte for byte what an undisturbed run writes.
TEST(InputLimits, AFailedWriteKeepsWholeRecordsAndResumeFinishesTheJob) {
  test::TempDir dir;
  const std::string config = R"({"name": "full", "seed": 7, "repeats": 400,
    "dataset": {"kind": "csv", "path": ")" +
                             std::string(PLAB_SOURCE_DIR) +
                             R"(/data/iris.csv", "label": "species", "positive": ["setosa"]},
    "learners": [{"name": "p", "plugin": "perceptron"}], "init": {"kind": "gaussian"},
    "protocol": {"kind": "convergence", "max_epochs": 100, "order": "shuffle"}})";
  const fs::path file = dir.write("c.json", config);
  const auto full = test::run_plab_with_file_size_limit(
      {"run", file.string(), "--out", (dir / "full").string(), "--threads", "2", "--quiet"},
      64 * 1024);
  ASSERT_EQ(full.exit_code, 4) << full.err;
  EXPECT_NE(full.err.find("writing results into '" + (dir / "full").string() + "' failed"),
            std::string::npos)
      << full.err;
  EXPECT_NE(full.err.find("File too large"), std::string::npos) << full.err;
  EXPECT_NE(full.err.find("records written before are intact"), std::string::npos) << full.err;
  EXPECT_NE(full.err.find("plab run --resume"), std::string::npos) << full.err;

  // The last record may be torn where the write failed; every whole line before it parses.
  std::string text = read_file(dir / "full" / "runs.jsonl");
  text.resize(text.rfind('\n') + 1);
  const fs::path whole = dir.write("whole.jsonl", text);
  const auto kept = test::records(whole);
  ASSERT_GT(kept.size(), 0u);
  ASSERT_LT(kept.size(), 400u);
  for (std::size_t i = 0; i < kept.size(); ++i) {
    ASSERT_EQ(kept[i].at("repeat").to_number<std::size_t>(), i);
  }
  EXPECT_NE(full.err.find("the " + std::to_string(kept.size()) + " records"), std::string::npos)
      << full.err;
  const auto manifest = boost::json::parse(read_file(dir / "full" / "manifest.json")).as_object();
  EXPECT_EQ(manifest.at("status"), "failed");

  const auto resumed = run_plab({"run", "--resume", (dir / "full").string(), "--quiet"});
  ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
  const auto clean = run_plab({"run", file.string(), "--out", (dir / "clean").string(), "--quiet"});
  ASSERT_EQ(clean.exit_code, 0) << clean.err;
  EXPECT_EQ(read_file(dir / "full" / "runs.jsonl"), read_file(dir / "clean" / "runs.jsonl"));
}

}  // namespace
}  // namespace plab
