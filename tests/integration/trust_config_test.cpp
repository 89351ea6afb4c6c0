// Configs and command-line values that used to crash plab or be read silently otherwise than
// written: deep nesting, NUL bytes, huge files, duplicate keys, integers written
// as 1e2 or past 2^63, --set values that are broken JSON, a repeated --sweep. Each runs the
// real binary; each refusal's message is quoted in docs/troubleshooting.md.
#include <gtest/gtest.h>
#include <sys/resource.h>

#include <boost/json.hpp>
#include <fstream>

#include "support/process.hpp"
#include "support/records.hpp"
#include "support/temp_dir.hpp"
#include "support/troubleshooting.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;
using test::in_troubleshooting;
using test::read_file;
using test::run_plab;
using Args = std::vector<std::string>;

// Four inline rows, one perceptron, no oracle: a run takes milliseconds.
const std::string kConfig = R"({"name": "trust", "seed": 3, "repeats": 2,
  "dataset": {"kind": "inline", "x": [[1, 2], [2, 1], [-1, -2], [-2, -1]],
              "y": [1, 1, -1, -1]},
  "learners": [{"name": "p", "plugin": "perceptron"}], "init": {"kind": "zero", "scale": 1},
  "theory": {"margin": "none"},
  "protocol": {"kind": "convergence", "max_epochs": 20}})";

Args run_args(const fs::path& config, const fs::path& out, Args extra = {}) {
  Args args{"run", config.string(), "--out", out.string(), "--no-report", "--quiet"};
  args.insert(args.end(), extra.begin(), extra.end());
  return args;
}

// Exit 2, `message` in stderr (and in docs/troubleshooting.md), nothing written.
void expect_refused(const test::ProcessResult& r, const std::string& message, const fs::path& out) {
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find(message), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(out)) << "a refused run wrote " << out;
}

TEST(TrustConfig, NestingDeeperThan256IsRefusedWithItsPlaceNotACrash) {
  test::TempDir dir;
  // 100,000 levels used to overflow the stack (exit 139, no message).
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  const auto config = dir.write("deep.json", "{\"name\": \"deep\",\n  \"x\": " + deep + "}");
  const auto r = run_plab(run_args(config, dir / "out"));
  expect_refused(r, "deep.json:2:263: nested deeper than 256 levels", dir / "out");
  EXPECT_TRUE(in_troubleshooting("nested deeper than 256 levels")) << "docs/troubleshooting.md";
  // 256 levels (the object and 255 arrays) are read; the unknown key is the next problem.
  const std::string ok = std::string(255, '[') + std::string(255, ']');
  const auto r256 = run_plab(run_args(dir.write("ok.json", "{\"x\": " + ok + "}"), dir / "o2"));
  EXPECT_EQ(r256.exit_code, 2) << r256.err;
  EXPECT_EQ(r256.err.find("nested deeper"), std::string::npos) << r256.err;
  EXPECT_NE(r256.err.find("/name"), std::string::npos) << r256.err;
  // A --set value is held to the same limit (60,000 levels: an argument holds 128 KiB).
  const auto base = dir.write("c.json", kConfig);
  const std::string arg = "/init=" + std::string(60000, '[') + std::string(60000, ']');
  const auto rs = run_plab(run_args(base, dir / "o3", {"--set", arg}));
  expect_refused(rs, "nested deeper than 256 levels", dir / "o3");
  EXPECT_NE(rs.err.find("--set /init="), std::string::npos) << rs.err;
}

TEST(TrustConfig, ANulByteIsRefusedWithItsPlace) {
  test::TempDir dir;
  std::string text = kConfig;
  text.insert(text.find("\"repeats\""), std::string(1, '\0'));  // on line 1, column 30
  const auto config = dir.write("nul.json", text);
  const auto r = run_plab(run_args(config, dir / "out"));
  expect_refused(r, "nul.json:1:30: a NUL byte; a config is JSON text", dir / "out");
  EXPECT_TRUE(in_troubleshooting("a NUL byte; a config is JSON text")) << "docs/troubleshooting.md";
}

// A 2 GiB config (sparse: no disk used) is refused by its size, before it is read.
TEST(TrustConfig, AConfigOver16MiBIsRefusedBeforeReading) {
  test::TempDir dir;
  const auto config = dir.write("huge.json", kConfig);
  fs::resize_file(config, std::uintmax_t{2} << 30);
  const auto r = run_plab(run_args(config, dir / "out"));
  expect_refused(r, "huge.json' is 2147483648 bytes; plab reads configs of at most 16 MiB",
                 dir / "out");
  EXPECT_TRUE(in_troubleshooting("plab reads configs of at most 16 MiB"))
      << "docs/troubleshooting.md";
  rusage usage{};
  ASSERT_EQ(getrusage(RUSAGE_CHILDREN, &usage), 0);
  EXPECT_LT(usage.ru_maxrss, 256L * 1024) << "KiB: the config was read into memory";
  // 16 MiB exactly is read (and then parsed: trailing spaces are whitespace).
  std::string padded = kConfig;
  padded.resize(std::size_t{16} << 20, ' ');
  const auto ok = dir.write("big.json", padded);
  const auto r16 = run_plab(run_args(ok, dir / "out16"));
  EXPECT_EQ(r16.exit_code, 0) << r16.err;
}

TEST(TrustConfig, ADuplicateKeyIsRefusedNamingBothPlaces) {
  test::TempDir dir;
  std::string text = kConfig;
  text.insert(text.find("\"dataset\""), "\"repeats\": 5,\n  ");  // line 2, column 3
  const auto config = dir.write("dup.json", text);
  const auto r = run_plab(run_args(config, dir / "out"));
  expect_refused(r, "dup.json:2:3: the key \"repeats\" appears twice in one object (first at 1:30)",
                 dir / "out");
  EXPECT_TRUE(in_troubleshooting("appears twice in one object")) << "docs/troubleshooting.md";
  // Keys compare as decoded strings; equal keys in different objects are fine.
  std::string escaped = kConfig;
  escaped.insert(escaped.find("\"dataset\""), "\"r\\u0065peats\": 5, ");
  const auto r2 = run_plab(run_args(dir.write("esc.json", escaped), dir / "out2"));
  expect_refused(r2, "the key \"repeats\" appears twice", dir / "out2");
  const auto r3 = run_plab(run_args(dir.write("ok.json", kConfig), dir / "out3"));
  EXPECT_EQ(r3.exit_code, 0) << r3.err;  // "kind" is a key of dataset and of protocol
}

// One integer rule: a number with an exact integer value in the field's range, however it
// is written; the message names the whole range.
TEST(TrustConfig, IntegersFollowOneRuleEverywhere) {
  test::TempDir dir;
  const auto config = dir.write("c.json", kConfig);
  const auto plain = run_plab(run_args(config, dir / "plain", {"--set", "/seed=100"}));
  ASSERT_EQ(plain.exit_code, 0) << plain.err;
  const auto exp =
      run_plab(run_args(config, dir / "exp", {"--set", "/seed=1e2", "--set", "/repeats=2.0e0"}));
  ASSERT_EQ(exp.exit_code, 0) << exp.err;
  EXPECT_EQ(read_file(dir / "exp" / "runs.jsonl"), read_file(dir / "plain" / "runs.jsonl"));
  const std::pair<Args, std::string> refused[] = {
      {{"--set", "/repeats=9223372036854775808"},
       "/repeats: expected an integer from 1 to 9223372036854775807, found the number "
       "9223372036854775808"},
      {{"--set", "/repeats=2.5"},
       "/repeats: expected an integer from 1 to 9223372036854775807, found the number 2.5"},
      {{"--set", "/seed=18446744073709551616"},
       "/seed: expected an integer from 0 to 18446744073709551615"},
      {{"--set", "/seed=-1"}, "/seed: expected an integer from 0 to 18446744073709551615"},
      {{"--set", "/protocol/max_epochs=1e10"},
       "/protocol/max_epochs: expected an integer from 1 to 1000000000, found the number"},
  };
  int k = 0;
  for (const auto& [extra, message] : refused) {
    const fs::path out = dir / ("r" + std::to_string(k++));
    expect_refused(run_plab(run_args(config, out, extra)), message, out);
  }
}

TEST(TrustConfig, ASetValueThatIsBrokenJsonIsRefusedNamingTheOption) {
  test::TempDir dir;
  const auto config = dir.write("c.json", kConfig);
  const std::pair<std::string, std::string> refused[] = {
      {"/init/scale=1,5", "'--set /init/scale=1,5': the value:1:2: invalid JSON"},
      {"/learners/0/params={\"eta\": 1", "'--set /learners/0/params={\"eta\": 1'"},
      {"/init/kind=\"gaussian", "'--set /init/kind=\"gaussian'"},
      {"/protocol/record_curve=True", "JSON writes true in lower case"},
      {"/init/kind=", "'--set /init/kind=' has an empty value"},
  };
  int k = 0;
  for (const auto& [value, message] : refused) {
    const fs::path out = dir / ("r" + std::to_string(k++));
    expect_refused(run_plab(run_args(config, out, {"--set", value})), message, out);
  }
  EXPECT_TRUE(in_troubleshooting("a value is JSON, or a bare word")) << "docs/troubleshooting.md";
  EXPECT_TRUE(in_troubleshooting("has an empty value")) << "docs/troubleshooting.md";
  // Bare words are still strings; so are paths.
  const auto ok = run_plab(run_args(config, dir / "ok", {"--set", "/init/kind=gaussian"}));
  EXPECT_EQ(ok.exit_code, 0) << ok.err;
  // The same rule for --sweep values.
  expect_refused(run_plab(run_args(config, dir / "sw", {"--sweep", "/init/scale=0,[1"})),
                 "'--sweep /init/scale=0,[1': the value", dir / "sw");
}

TEST(TrustConfig, TheSamePointerInTwoSweepOptionsIsRefused) {
  test::TempDir dir;
  const auto config = dir.write("c.json", kConfig);
  const auto r =
      run_plab(run_args(config, dir / "out", {"--sweep", "/seed=1,2", "--sweep", "/seed=3,4"}));
  expect_refused(r, "'--sweep /seed=3,4' sweeps /seed again, after '--sweep /seed=1,2'",
                 dir / "out");
  EXPECT_TRUE(in_troubleshooting("sweeps /seed again")) << "docs/troubleshooting.md";
}

// Peak resident memory of the children run so far, in KiB. A child's figure includes the
// pages it shared with this test process when it was forked, before plab was executed (the
// ASan build of this test binary alone holds about 100 MiB), so a limit must sit well above
// that: 512 MiB, far below what materialised points take (12 KB each: 12 GB for 10^6).
constexpr long kLazySweepLimitKib = 512L * 1024;
long peak_child_kib() {
  rusage usage{};
  EXPECT_EQ(getrusage(RUSAGE_CHILDREN, &usage), 0);
  return usage.ru_maxrss;
}

// 10^7 points used to be materialised (12 KB each: std::bad_alloc). A large sweep is
// enumerated lazily: --plan prints its axes, in little memory.
TEST(TrustConfig, APlanOfTenMillionPointsListsTheAxesInLittleMemory) {
  test::TempDir dir;
  const auto config = dir.write("c.json", kConfig);
  const auto r = run_plab({"run", config.string(), "--plan", "--sweep", "/seed=range(0,10000)",
                           "--sweep", "/init/scale=range(0,1000)"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("10000000 sweep points, 1 learner, 20000000 runs in all"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("/seed: 0, 1, 2, ..., 9999"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("/init/scale: 0, 1, 2, ..., 999"), std::string::npos) << r.out;
  EXPECT_LT(r.out.size(), 2000u) << "a line per point?";
  EXPECT_LT(peak_child_kib(), kLazySweepLimitKib) << "KiB: memory grew with the points";
}

// Shards of a 10^6-point sweep prepare only their own points; the records carry the grid
// index and the values of point i (i = 1000 * seed + scale).
TEST(TrustConfig, AShardOfAMillionPointSweepPreparesOnlyItsPoints) {
  test::TempDir dir;
  const auto config = dir.write("c.json", kConfig);
  const Args sweep{"--sweep", "/seed=range(0,1000)", "--sweep", "/init/scale=range(0,1000)"};
  for (const std::string shard : {"0/100000", "99999/100000"}) {
    const fs::path out = dir / ("s" + shard.substr(0, shard.find('/')));
    Args extra = sweep;
    extra.insert(extra.end(), {"--shard", shard});
    const auto r = run_plab(run_args(config, out, extra));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto runs = test::records(out / "runs.jsonl");
    ASSERT_EQ(runs.size(), 20u);  // 2 * 10^6 runs in 10^5 shards
    for (const auto& run : runs) {
      const auto point = run.at("point").to_number<std::int64_t>();
      EXPECT_EQ(run.at("params").at("/seed").to_number<std::int64_t>(), point / 1000);
      EXPECT_EQ(run.at("params").at("/init/scale").to_number<std::int64_t>(), point % 1000);
    }
    const auto first = runs.front().at("point").to_number<std::int64_t>();
    EXPECT_EQ(first, shard == "0/100000" ? 0 : 999990);
    const auto manifest = boost::json::parse(read_file(out / "manifest.json")).as_object();
    EXPECT_EQ(manifest.at("sweep_points").to_number<std::int64_t>(), 1000000);
    EXPECT_EQ(manifest.at("points").as_array().size(), 10u);
  }
  EXPECT_LT(peak_child_kib(), kLazySweepLimitKib) << "KiB: memory grew with the points";
}

TEST(TrustConfig, ALargeSweepRunsInShardsAndMakesEquallyManyRunsAtEachPoint) {
  test::TempDir dir;
  const auto config = dir.write("c.json", kConfig);
  const auto whole = run_plab(
      run_args(config, dir / "whole",
               {"--sweep", "/seed=range(0,1000)", "--sweep", "/init/scale=range(0,1000)"}));
  expect_refused(whole,
                 "plab prepares at most 100000 sweep points in one process: run it in shards, "
                 "--shard I/N with N >= 11",
                 dir / "whole");
  EXPECT_TRUE(in_troubleshooting("plab prepares at most 100000 sweep points in one process"));
  const auto repeats = run_plab(run_args(
      config, dir / "rep", {"--sweep", "/seed=range(0,1000)", "--sweep", "/repeats=range(1,21)"}));
  expect_refused(repeats, "must make equally many runs at every point, so it cannot sweep /repeats",
                 dir / "rep");
  EXPECT_TRUE(in_troubleshooting("must make equally many runs at every point"));
}

// A large sweep's shards merge into the folder one process would have written; its report
// counts every point.
TEST(TrustConfig, ShardsOfALargeSweepMerge) {
  test::TempDir dir;
  const auto config = dir.write("c.json", kConfig);
  const Args sweep{"--sweep", "/seed=range(0,100)", "--sweep", "/init/scale=range(0,101)"};
  Args whole_args = run_args(config, dir / "whole", sweep);
  const auto whole = run_plab(whole_args);
  ASSERT_EQ(whole.exit_code, 0) << whole.err;
  Args merge{"merge", (dir / "merged").string()};
  for (const std::string shard : {"0/2", "1/2"}) {
    const fs::path out = dir / ("s" + shard.substr(0, 1));
    Args extra = sweep;
    extra.insert(extra.end(), {"--shard", shard});
    const auto r = run_plab(run_args(config, out, extra));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    merge.push_back(out.string());
  }
  const auto m = run_plab(merge);
  ASSERT_EQ(m.exit_code, 0) << m.err << m.out;
  EXPECT_EQ(read_file(dir / "merged" / "runs.jsonl"), read_file(dir / "whole" / "runs.jsonl"));
  const auto v = run_plab({"verify", (dir / "merged").string()});
  EXPECT_EQ(v.exit_code, 0) << v.err << v.out;
  const auto manifest = boost::json::parse(read_file(dir / "merged" / "manifest.json")).as_object();
  EXPECT_EQ(manifest.at("sweep_points").to_number<std::int64_t>(), 10100);
  EXPECT_NE(std::string(manifest.at("points_listed").as_string())
                .find("only the points of the runs of shard"),
            std::string::npos);
}

// A large sweep's shard, interrupted (here: cut in the middle of a record), is finished by
// --resume, which prepares the same points again: byte for byte the undisturbed file.
TEST(TrustConfig, AShardOfALargeSweepResumes) {
  test::TempDir dir;
  const auto config = dir.write("c.json", kConfig);
  Args args = run_args(
      config, dir / "whole",
      {"--sweep", "/seed=range(0,100)", "--sweep", "/init/scale=range(0,101)", "--shard", "1/2"});
  ASSERT_EQ(run_plab(args).exit_code, 0);
  const std::string whole = read_file(dir / "whole" / "runs.jsonl");
  fs::copy(dir / "whole", dir / "cut", fs::copy_options::recursive);
  std::ofstream(dir / "cut" / "runs.jsonl", std::ios::trunc) << whole.substr(0, whole.size() / 2);
  std::string manifest = read_file(dir / "cut" / "manifest.json");
  for (std::size_t at; (at = manifest.find("\"completed\"")) != std::string::npos;) {
    manifest.replace(at, 11, "\"interrupted\"");
  }
  std::ofstream(dir / "cut" / "manifest.json", std::ios::trunc) << manifest;
  const auto r = run_plab({"run", "--resume", (dir / "cut").string(), "--no-report", "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(read_file(dir / "cut" / "runs.jsonl"), whole);
  // A shard index past the count (hand-edited) is refused, not wrapped round the grid.
  const std::size_t at = manifest.find("\"index\":1,\"count\":2");
  ASSERT_NE(at, std::string::npos) << manifest;
  manifest.replace(at, 9, "\"index\":7");
  std::ofstream(dir / "cut" / "manifest.json", std::ios::trunc) << manifest;
  const auto bad = run_plab({"run", "--resume", (dir / "cut").string(), "--quiet"});
  EXPECT_EQ(bad.exit_code, 2) << bad.err;
  EXPECT_NE(
      bad.err.find("manifest.json' is damaged: its \"shard\" is not an index I and a count N"),
      std::string::npos)
      << bad.err;
  EXPECT_TRUE(in_troubleshooting("is damaged: its \"shard\" is not an index I and a count N"));
}

}  // namespace
}  // namespace plab
