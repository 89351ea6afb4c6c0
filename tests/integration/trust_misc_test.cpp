// Miscellaneous findings, through the real binary: a subnormal initial weight still
// gets its (correct) bound, and output that cannot be written to stdout fails the command
// (exit 2, with the reason) instead of being lost with exit 0. Each message is in
// docs/troubleshooting.md.
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdint>
#include <fstream>

#include "support/process.hpp"
#include "support/records.hpp"
#include "support/temp_dir.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;
using test::run_plab;
using Args = std::vector<std::string>;

// ---- subnormal initial weights -------------------------------------------------------------

std::string subnormal_config(const std::string& plugin, const std::string& eta,
                             const std::string& w) {
  return R"({"name": "sub", "seed": 1, "repeats": 1,
    "dataset": {"kind": "inline", "x": [[1, 1], [2, 0.5], [-1, -1], [-0.5, -2]],
                "y": [1, 1, -1, -1]},
    "learners": [{"name": "p", "plugin": ")" +
         plugin + R"(")" + (eta.empty() ? "" : R"(, "params": {"eta": )" + eta + "}") + R"(}],
    "init": {"kind": "given", "w": )" +
         w + R"(}, "theory": {"margin": "svm"},
    "protocol": {"kind": "convergence", "max_epochs": 30}})";
}

boost::json::object the_only_run(const std::string& config) {
  test::TempDir dir;
  const fs::path file = dir.write("c.json", config);
  const auto r =
      run_plab({"run", file.string(), "--out", (dir / "out").string(), "--no-report", "--quiet"});
  EXPECT_EQ(r.exit_code, 0) << r.err << r.out;
  const auto runs = test::records(dir / "out" / "runs.jsonl");
  EXPECT_EQ(runs.size(), 1u);
  return runs.empty() ? boost::json::object{} : runs[0];
}

// A subnormal ||w0|| once made the power-of-two rescaling factor 2^1029 overflow to infinity,
// and the bound was dropped as "||w0||/eta overflows (||w0|| = nan ...)". Such a w0 is
// negligible: the bound applies, holds, and equals the zero-start bound to rounding.
TEST(TrustMisc, ASubnormalInitialWeightKeepsItsBound) {
  const struct {
    const char* plugin;
    const char* eta;
    const char* w;
    double norm;
  } cases[] = {
      {"perceptron", "", "[0, 1e-310, 0]", 1e-310},
      {"perceptron", "", "[1e-309, 0, 0]", 1e-309},
      {"eta_perceptron", "1e-300", "[0, -4.9e-324, 0]", 4.9e-324},
      {"perceptron", "", "[0, 2.2e-308, 0]", 2.2e-308},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.w);
    const boost::json::object run = the_only_run(subnormal_config(c.plugin, c.eta, c.w));
    ASSERT_FALSE(run.empty());
    EXPECT_EQ(run.at("bound_kind"), "novikoff_init");
    EXPECT_EQ(run.at("bound_applies"), true) << run;
    ASSERT_TRUE(run.at("bound").is_double()) << run;
    EXPECT_EQ(run.at("bound_holds"), true) << run;
    EXPECT_DOUBLE_EQ(run.at("w0_norm").to_number<double>(), c.norm);
    const double bound = run.at("bound").as_double();
    EXPECT_TRUE(std::isfinite(bound));
    EXPECT_GT(bound, 0.0);
  }
}

// ---- stdout write errors -------------------------------------------------------------------

// Runs `plab args...` with stdout sent to /dev/full, through /bin/sh for the redirection.
test::ProcessResult plab_to_dev_full(const std::string& args, const std::string& cwd = "") {
  return test::run_process(
      "/bin/sh", {"-c", std::string("exec '") + PLAB_BINARY + "' " + args + " > /dev/full"}, cwd);
}

const std::string kSmallConfig = R"({"name": "full", "seed": 3, "repeats": 1,
  "dataset": {"kind": "inline", "x": [[1, 2], [2, 1], [-1, -2], [-2, -1]], "y": [1, 1, -1, -1]},
  "learners": [{"name": "p", "plugin": "perceptron"}], "theory": {"margin": "none"},
  "init": {"kind": "zero", "scale": 1},
  "protocol": {"kind": "convergence", "max_epochs": 20}})";

TEST(TrustMisc, OutputThatCannotBeWrittenToStdoutFailsTheCommand) {
  test::TempDir dir;
  const fs::path config = dir.write("c.json", kSmallConfig);
  ASSERT_EQ(
      run_plab({"run", config.string(), "--out", (dir / "done").string(), "--no-report", "--quiet"})
          .exit_code,
      0);
  for (const std::string& args :
       {std::string("plugins"), std::string("describe perceptron"), std::string("--help"),
        std::string("--version"), "run '" + config.string() + "' --plan",
        "verify '" + (dir / "done").string() + "'"}) {
    SCOPED_TRACE(args);
    const auto r = plab_to_dev_full(args);
    EXPECT_EQ(r.exit_code, 4) << r.err;
    EXPECT_NE(r.err.find("plab: error: cannot write to standard output: "), std::string::npos)
        << r.err;
  }
}

// The documented rule for `plab run` stays: its results are files, and stdout that cannot
// be written neither ends nor fails the run.
TEST(TrustMisc, ARunWithUnwritableStdoutStillSucceeds) {
  test::TempDir dir;
  const fs::path config = dir.write("c.json", kSmallConfig);
  const auto r = plab_to_dev_full("run '" + config.string() + "' --out '" + (dir / "out").string() +
                                  "' --no-report");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(test::records(dir / "out" / "runs.jsonl").size(), 1u);
}

// ---- messages ------------------------------------------------------------------------------

// The numbers compared are printed as typed: "radius 1.000000" was not the radius refused.
TEST(TrustMisc, ASyntheticRadiusIsPrintedInFull) {
  test::TempDir dir;
  const fs::path file = dir.write("c.json", R"({"name": "synth", "seed": 1, "repeats": 1,
    "dataset": {"kind": "synthetic", "generator": "separable", "rows": 10, "dim": 2,
                "margin": 0.1, "radius": 1.0000000000000002},
    "learners": [{"name": "p", "plugin": "perceptron"}],
    "protocol": {"kind": "convergence", "max_epochs": 3}})");
  const auto r = run_plab({"run", file.string(), "--plan"});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("margin 0.1 is too large for radius 1.0000000000000002 in 2 dimensions"),
            std::string::npos)
      << r.err;
}

// `.5` is not a bare word (those start with a letter, '_', '/', './' or '..'), and the message
// no longer says a bare word may start with '.': it says to write the number 0.5.
TEST(TrustMisc, ANumberWithoutALeadingDigitGetsAHintThatAgreesWithTheRule) {
  test::TempDir dir;
  const fs::path config = dir.write("c.json", kSmallConfig);
  const auto r = run_plab({"run", config.string(), "--plan", "--set", "/init/scale=.5"});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("a digit before the point (0.5, not .5)"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("'/' or '.' first"), std::string::npos) << r.err;
  // The form the message asks for is accepted.
  const auto ok = run_plab({"run", config.string(), "--plan", "--set", "/init/scale=0.5"});
  EXPECT_EQ(ok.exit_code, 0) << ok.err;
}

// ---- signals while the experiment is prepared ----------------------------------------------

// 150 classes of 2 Gaussian rows in 3-D: LIBLINEAR's Crammer-Singer solve in the margin
// oracle takes seconds, so a signal half a second in arrives during preparation.
std::string slow_oracle_config() {
  std::string x, y;
  std::uint64_t state = 88172645463325252ull;
  const auto gaussian = [&] {  // Box-Muller on a xorshift: the same rows on every machine
    const auto next = [&] {
      state ^= state << 13;
      state ^= state >> 7;
      state ^= state << 17;
      return (static_cast<double>(state >> 11) + 0.5) * 0x1.0p-53;
    };
    const double u = next(), v = next();
    return std::sqrt(-2.0 * std::log(u)) * std::cos(6.283185307179586 * v);
  };
  for (int c = 0; c < 150; ++c) {
    for (int r = 0; r < 2; ++r) {
      x += std::string(x.empty() ? "" : ",") + "[" + std::to_string(gaussian()) + "," +
           std::to_string(gaussian()) + "," + std::to_string(gaussian()) + "]";
      y += std::string(y.empty() ? "" : ",") + "\"c" + std::to_string(c) + "\"";
    }
  }
  return R"({"name": "mci", "seed": 1, "repeats": 1,
    "dataset": {"kind": "inline", "x": [)" +
         x + "], \"y\": [" + y + R"(]},
    "learners": [{"name": "m", "plugin": "multiclass_perceptron"}],
    "theory": {"margin": "svm", "oracle_seconds": 10},
    "protocol": {"kind": "convergence", "max_epochs": 2}})";
}

// SIGINT, SIGTERM and SIGHUP during the oracle end plab at once with 130 and a message; the
// LIBLINEAR child is killed and no folder is made. Also with SIGINT ignored on entry, as a
// shell's background job (`plab run ... &`) has it: docs/exit-codes.md's 130 holds there too.
TEST(TrustMisc, ASignalWhilePreparingEndsPlabWith130AndAMessage) {
  test::TempDir dir;
  const fs::path config = dir.write("mc.json", slow_oracle_config());
  const struct {
    int signal;
    bool ignored_on_entry;
  } cases[] = {{SIGINT, false}, {SIGINT, true}, {SIGTERM, false}, {SIGHUP, false}};
  int n = 0;
  for (const auto& c : cases) {
    const fs::path out = dir / ("out" + std::to_string(n++));
    SCOPED_TRACE(std::to_string(c.signal) + (c.ignored_on_entry ? " ignored on entry" : ""));
    const std::string command = std::string(c.ignored_on_entry ? "trap '' INT; " : "") + "exec '" +
                                PLAB_BINARY + "' run '" + config.string() + "' --out '" +
                                out.string() + "' --no-report";
    const auto start = std::chrono::steady_clock::now();
    const auto r = test::run_process_and_signal("/bin/sh", {"-c", command}, c.signal, 150);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_EQ(r.exit_code, 130) << r.err;
    EXPECT_NE(r.err.find("while preparing the experiment"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("nothing was written"), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(out)) << "a folder was made";
    // Well below the 10 s budget even under sanitizers: the search stopped at the signal.
    EXPECT_LT(seconds, 8.0) << "the oracle's budget was waited out";
  }
}

}  // namespace
}  // namespace plab
