// The other subcommands and the command line itself, through the real binary.
#include <gtest/gtest.h>

#include "support/process.hpp"
#include "support/temp_dir.hpp"

namespace plab {
namespace {

using test::run_plab;

TEST(PlabCli, PluginsListsThePerceptronWithVersionAndSummary) {
  const auto r = run_plab({"plugins"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("perceptron"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("1.0.0"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("classic perceptron"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("perceptron.so"), std::string::npos) << r.out;
}

TEST(PlabCli, PluginsWarnsAboutABrokenLibraryAndListsTheRest) {
  const auto r = run_plab({"plugins", "--plugin-dir", PLAB_TEST_PLUGIN_DIR});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("perceptron"), std::string::npos);
  EXPECT_NE(r.out.find("throwing_epoch"), std::string::npos);
  EXPECT_NE(r.err.find("abi_mismatch.so"), std::string::npos) << r.err;
}

TEST(PlabCli, PluginPathEnvironmentVariableIsSearched) {
  const auto r = test::run_process(PLAB_BINARY, {"describe", "throwing_epoch"}, "",
                                   {std::string("PLAB_PLUGIN_PATH=") + PLAB_TEST_PLUGIN_DIR});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("throwing_epoch"), std::string::npos);
}

TEST(PlabCli, DescribeShowsParamsDefaultsAndConventions) {
  const auto r = run_plab({"describe", "perceptron"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("tie"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"mistake\" \"positive\""), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("default \"mistake\""), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Novikoff"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("lanes:      yes"), std::string::npos) << r.out;
  const auto batch = run_plab({"describe", "batch_perceptron"});
  EXPECT_NE(batch.out.find("lanes:      no: each run trains alone"), std::string::npos)
      << batch.out;
  EXPECT_NE(r.out.find("storage:    dense and sparse rows"), std::string::npos) << r.out;
  const auto kernel = run_plab({"describe", "kernel_perceptron"});
  EXPECT_NE(kernel.out.find("storage:    dense rows only: refused on \"storage\": \"sparse\" data"),
            std::string::npos)
      << kernel.out;
}

TEST(PlabCli, DescribeUnknownPluginExitsThree) {
  const auto r = run_plab({"describe", "nothing_here"});
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_NE(r.err.find("was not found"), std::string::npos) << r.err;
}

TEST(PlabCli, HelpAndVersion) {
  auto r = run_plab({"--help"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.out.find("run CONFIG"), std::string::npos) << r.out;
  r = run_plab({"run", "--help"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.out.find("--threads"), std::string::npos) << r.out;
  r = run_plab({"--version"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out.rfind("plab 0.", 0), 0u) << r.out;
}

TEST(PlabCli, CommandLineMistakesExitTwoWithAClearMessage) {
  auto r = run_plab({});
  EXPECT_EQ(r.exit_code, 2);
  r = run_plab({"fly"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("unknown command 'fly'"), std::string::npos) << r.err;
  r = run_plab({"run", "x.json", "--thread", "2"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("thread"), std::string::npos) << r.err;
  r = run_plab({"run"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("CONFIG"), std::string::npos) << r.err;
  r = run_plab({"run", "x.json", "--threads", "0"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--threads 0"), std::string::npos) << r.err;
  r = run_plab({"run", "x.json", "--threads", "two"});
  EXPECT_EQ(r.exit_code, 2);
  r = run_plab({"run", "/nonexistent/x.json"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("does not exist"), std::string::npos) << r.err;
}

TEST(PlabCli, ShippedQuickstartRuns) {
  test::TempDir dir;
  const auto r = run_plab({"run", std::string(PLAB_SOURCE_DIR) + "/configs/quickstart.json",
                           "--out", (dir / "o").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string runs = test::read_file(dir / "o" / "runs.jsonl");
  EXPECT_EQ(std::count(runs.begin(), runs.end(), '\n'), 400);
}

}  // namespace
}  // namespace plab
