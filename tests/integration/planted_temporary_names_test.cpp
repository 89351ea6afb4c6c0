// Links and FIFOs planted in a results folder at the temporary names plab writes a file under
// before renaming it into place (verify.json.tmp, report.md.tmp, manifest.json.tmp, ...):
// the file outside must never receive plab's bytes nor the link end up as the folder's file,
// and a FIFO must never make plab wait for ever (each command runs under a time limit and is
// killed past it). Each case checks the file outside, the file put in place and that no
// temporary name is left.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <string>
#include <vector>

#include "support/export_folders.hpp"
#include "support/process.hpp"
#include "support/temp_dir.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;

constexpr const char* kPrecious = "precious\n";

enum class Plant { kSymbolicLink, kHardLink, kFifo };

struct Case {
  const char* name;
  Plant plant;
  const char* at;                 // the temporary name, relative to the folder f
  std::vector<std::string> args;  // "{F}" is the folder
  const char* written;            // the file put in place, relative to f
  const char* holds;              // a fragment of it
};

const std::vector<std::string> kVerify = {"verify", "{F}"};
const std::vector<std::string> kReport = {"report", "{F}"};
const std::vector<std::string> kResume = {"run", "--resume", "{F}", "--quiet", "--no-report"};

const Case kCases[] = {
    {"verify_json_a_link_outside", Plant::kSymbolicLink, "verify.json.tmp", kVerify, "verify.json",
     "\"verdict\""},
    {"verify_json_a_hard_link_outside", Plant::kHardLink, "verify.json.tmp", kVerify, "verify.json",
     "\"verdict\""},
    {"verify_json_a_fifo", Plant::kFifo, "verify.json.tmp", kVerify, "verify.json", "\"verdict\""},
    {"report_md_a_link_outside", Plant::kSymbolicLink, "report.md.tmp", kReport, "report.md", "# "},
    {"report_md_a_fifo", Plant::kFifo, "report.md.tmp", kReport, "report.md", "# "},
    {"report_html_a_hard_link_outside", Plant::kHardLink, "report.html.tmp", kReport, "report.html",
     "<!DOCTYPE html>"},
    {"manifest_a_link_outside_resumed", Plant::kSymbolicLink, "manifest.json.tmp", kResume,
     "manifest.json", "\"status\":\"completed\""},
    {"manifest_a_hard_link_outside_resumed", Plant::kHardLink, "manifest.json.tmp", kResume,
     "manifest.json", "\"status\":\"completed\""},
    {"summary_a_fifo_resumed", Plant::kFifo, "summary.json.tmp", kResume, "summary.json", "{"},
    {"summary_csv_a_link_outside_resumed", Plant::kSymbolicLink, "summary.csv.tmp", kResume,
     "summary.csv", "point"},
};

class PlantedTemporaryNames : public ::testing::TestWithParam<Case> {};

TEST_P(PlantedTemporaryNames, AreReplacedNotWrittenThroughNorWaitedOn) {
  const Case& c = GetParam();
  const test::TempDir dir;
  const fs::path folder =
      test::run_tiny(dir, "f", test::tiny_config("47", test::kClassicLearner, 2));
  const fs::path outside = dir.write("victim", kPrecious);
  const fs::path at = folder / c.at;
  switch (c.plant) {
    case Plant::kSymbolicLink:
      fs::create_symlink(outside, at);
      break;
    case Plant::kHardLink:
      fs::create_hard_link(outside, at);
      break;
    case Plant::kFifo:
      ASSERT_EQ(::mkfifo(at.c_str(), 0600), 0) << at;
      break;
  }
  std::vector<std::string> args = {"-s", "KILL", "60", PLAB_BINARY};
  for (const std::string& a : c.args) args.push_back(a == "{F}" ? folder.string() : a);
  // SIGKILL past a minute: a plab waiting on the FIFO ends (137) instead of hanging the suite.
  const auto r = test::run_process("/usr/bin/timeout", args);
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_EQ(test::read_file(outside), kPrecious) << "the file outside was written";
  const fs::path written = folder / c.written;
  EXPECT_TRUE(fs::is_regular_file(fs::symlink_status(written))) << written << " is no file";
  EXPECT_NE(test::read_file(written).find(c.holds), std::string::npos) << written;
  EXPECT_FALSE(fs::exists(fs::symlink_status(at))) << at << " is left";
}

INSTANTIATE_TEST_SUITE_P(Planted, PlantedTemporaryNames, ::testing::ValuesIn(kCases),
                         [](const auto& info) { return std::string(info.param.name); });

}  // namespace
}  // namespace plab
