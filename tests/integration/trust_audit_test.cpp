// Results folders that plab did not leave as they are, read back by `plab verify` and
// `plab report` through the real binary: hand-edited and torn records, a manifest
// that announces more runs than are on disk, commands missing their folder, and what the
// paired comparison says when the median paired difference is 0. Every message a user can
// meet here is checked to appear in docs/troubleshooting.md.
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <fstream>
#include <functional>
#include <sstream>

#include "results/folder/record_digest.hpp"
#include "support/process.hpp"
#include "support/temp_dir.hpp"
#include "support/troubleshooting.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;
using test::read_file;
using test::run_plab;

const std::string kIris = std::string(PLAB_SOURCE_DIR) + "/data/iris.csv";

// Two learners on Iris setosa-vs-rest, `repeats` each: 2 × repeats runs in milliseconds.
fs::path results_folder(const test::TempDir& dir, int repeats) {
  const std::string config = R"({"name": "audit", "seed": 3, "repeats": )" +
                             std::to_string(repeats) + R"(,
    "dataset": {"kind": "csv", "path": ")" +
                             kIris + R"(", "label": "species", "positive": ["setosa"]},
    "learners": [{"name": "classic", "plugin": "perceptron"},
                 {"name": "twin", "plugin": "eta_perceptron", "params": {"eta": 0.5}}],
    "init": {"kind": "gaussian", "scale": 1},
    "protocol": {"kind": "convergence", "max_epochs": 200, "order": "shuffle"}})";
  const fs::path out = dir / "out";
  const auto r = run_plab({"run", dir.write("c.json", config).string(), "--out", out.string(),
                           "--no-report", "--quiet"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return out;
}

std::vector<std::string> lines_of(const fs::path& file) {
  std::vector<std::string> lines;
  std::istringstream in(read_file(file));
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

void write_lines(const fs::path& file, const std::vector<std::string>& lines,
                 const std::string& tail = "") {
  std::ofstream out(file, std::ios::binary | std::ios::trunc);
  for (const auto& line : lines) out << line << '\n';
  out << tail;
}

// Line `number` (from 1) of runs.jsonl changed by `edit`.
void edit_record(const fs::path& dir, std::size_t number,
                 const std::function<void(boost::json::object&)>& edit) {
  auto lines = lines_of(dir / "runs.jsonl");
  auto record = boost::json::parse(lines.at(number - 1)).as_object();
  edit(record);
  lines[number - 1] = boost::json::serialize(record);
  write_lines(dir / "runs.jsonl", lines);
  write_digest_chain(dir);  // as if plab had written it: these tests are about the fields
}

void edit_manifest(const fs::path& dir, const std::function<void(boost::json::object&)>& edit) {
  auto manifest = boost::json::parse(read_file(dir / "manifest.json")).as_object();
  edit(manifest);
  std::ofstream(dir / "manifest.json", std::ios::trunc) << boost::json::serialize(manifest);
}

// The docs/troubleshooting.md, where each message below must be listed.
std::string troubleshooting() { return test::troubleshooting_section(); }

struct Malformed {
  std::string name;
  std::function<void(const fs::path&)> damage;
  std::string documented;  // in the message and in docs/troubleshooting.md
  std::vector<std::string> where;
  // plab verify: 1 for a record that is JSON but not one plab could have written (the folder
  // is inconsistent), 2 for text it cannot read as records at all (the report: always 2).
  int verify_exit = 1;
};

void PrintTo(const Malformed& c, std::ostream* os) { *os << c.name; }

std::function<void(const fs::path&)> record(std::size_t line, std::string key,
                                            boost::json::value value) {
  return [=](const fs::path& dir) {
    edit_record(dir, line, [&](boost::json::object& r) { r[key] = value; });
  };
}

std::vector<Malformed> malformed() {
  return {
      {"WrongType",
       record(3, "mistakes", "lots"),
       "expected a count (an integer from 0 to 2^63-1)",
       {"runs.jsonl:3: field 'mistakes' is \"lots\" (a string)", "edited or damaged"}},
      {"NullWhereANumberIsRequired",
       record(2, "mistakes", nullptr),
       "expected a count (an integer from 0 to 2^63-1)",
       {"runs.jsonl:2: field 'mistakes' is null"}},
      {"NegativeCount",
       record(4, "epochs", -3),
       "expected a count (an integer from 0 to 2^63-1)",
       {"runs.jsonl:4: field 'epochs' is -3 (a number)"}},
      {"FractionalPoint",
       record(1, "point", 0.5),
       "expected a count (an integer from 0 to 2^63-1)",
       {"runs.jsonl:1: field 'point' is 0.5 (a number)"}},
      {"CountOf2To63",
       record(1, "repeat", std::uint64_t{9223372036854775808ull}),
       "expected a count (an integer from 0 to 2^63-1)",
       {"runs.jsonl:1: field 'repeat' is 9223372036854775808 (a number)"}},
      {"BoundAString",
       record(5, "bound", "big"),
       "expected a finite number",
       {"runs.jsonl:5: field 'bound' is \"big\" (a string)"}},
      {"UnknownStatus",
       record(2, "status", "great"),
       R"(expected "converged", "not_converged", "diverged" or "failed")",
       {"runs.jsonl:2: field 'status' is \"great\""}},
      {"MissingField",
       [](const fs::path& dir) {
         edit_record(dir, 6, [](boost::json::object& r) { r.erase("learner"); });
       },
       "is missing",
       {"runs.jsonl:6: field 'learner' is missing"}},
      {"ArrayLine",
       [](const fs::path& dir) {
         auto lines = lines_of(dir / "runs.jsonl");
         lines[2] = "[1, 2, 3]";
         write_lines(dir / "runs.jsonl", lines);
       },
       "valid JSON but not an object",
       {"runs.jsonl:3: valid JSON but not an object"},
       2},
      {"BrokenLine",
       [](const fs::path& dir) {
         auto lines = lines_of(dir / "runs.jsonl");
         lines[1] = lines[1].substr(0, 40);  // cut, but still ended by a newline
         write_lines(dir / "runs.jsonl", lines);
       },
       "not valid JSON",
       {"runs.jsonl:2: not valid JSON"},
       2},
      {"ManifestRunsTotal",
       [](const fs::path& dir) {
         edit_manifest(dir, [](boost::json::object& m) { m["runs_total"] = "many"; });
       },
       "expected a count (an integer from 0 to 2^63-1)",
       {"manifest.json: field 'runs_total' is \"many\" (a string)"},
       2},
  };
}

class MalformedFolder : public testing::TestWithParam<Malformed> {};

TEST_P(MalformedFolder, VerifyAndReportExitNamingFileLineAndField) {
  const Malformed& c = GetParam();
  test::TempDir dir;
  const fs::path out = results_folder(dir, 3);
  c.damage(out);
  for (const char* command : {"verify", "report"}) {
    const auto r = run_plab({command, out.string()});
    const bool inconsistent = std::string(command) == "verify" && c.verify_exit == 1;
    // An inconsistent folder is plab verify's verdict (stdout, verify.json); anything else is
    // an error on stderr.
    const std::string& text = inconsistent ? r.out : r.err;
    const std::string lead = inconsistent ? "plab verify: " : "plab: error: ";
    EXPECT_EQ(r.exit_code, std::string(command) == "verify" ? c.verify_exit : 2) << command << "\n"
                                                                                 << r.out << r.err;
    EXPECT_EQ(r.err.find("internal error"), std::string::npos) << command << "\n" << r.err;
    EXPECT_NE(text.find(lead + (out / "").string()), std::string::npos) << command << "\n" << text;
    EXPECT_NE(text.find(c.documented), std::string::npos) << command << "\n" << text;
    for (const auto& w : c.where)
      EXPECT_NE(text.find(w), std::string::npos) << command << ": " << w << "\n" << text;
    if (inconsistent) {
      EXPECT_NE(read_file(out / "verify.json").find("\"verdict\":\"inconsistent\""),
                std::string::npos);
    }
  }
  EXPECT_NE(troubleshooting().find(c.documented), std::string::npos) << c.documented;
}

INSTANTIATE_TEST_SUITE_P(Records, MalformedFolder, testing::ValuesIn(malformed()),
                         [](const auto& info) { return info.param.name; });

TEST(TrustAudit, TheReportReadsAManifestFieldOfTheWrongTypeAsADataError) {
  test::TempDir dir;
  const fs::path out = results_folder(dir, 3);
  edit_manifest(out, [](boost::json::object& m) {
    m["points"].as_array()[0].as_object()["theory"].as_object()["R"] = "far";
  });
  const auto r = run_plab({"report", out.string()});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("manifest.json: field 'points/0/theory/R' is \"far\" (a string); expected "
                       "a finite number or null"),
            std::string::npos)
      << r.err;
}

// A record whose repeat is 10^18 must neither allocate per repeat nor crash the report.
TEST(TrustAudit, AHugeRepeatNumberIsReadWithoutAllocatingForIt) {
  test::TempDir dir;
  const fs::path out = results_folder(dir, 3);
  edit_record(out, 2, [](boost::json::object& r) { r["repeat"] = 1000000000000000000; });
  const auto r = run_plab({"report", out.string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
}

// What plab wrote when a bound overflowed: applicable, but null. Not a violation (it was
// counted as one, against a bound of 0) and not judged: said on stderr. verify recomputes
// the bound; here it is finite, so the null is a difference.
TEST(TrustAudit, AnApplicableBoundThatIsNullIsNotJudgedAndSaidSo) {
  test::TempDir dir;
  const fs::path out = results_folder(dir, 3);
  edit_record(out, 2, [](boost::json::object& r) {
    ASSERT_TRUE(r.at("bound_applies").as_bool());
    r["bound"] = nullptr;
    r["ratio"] = nullptr;
  });
  EXPECT_EQ(run_plab({"report", out.string()}).exit_code, 0);
  const auto v = run_plab({"verify", out.string()});
  EXPECT_EQ(v.exit_code, 1) << v.out << v.err;
  // Judged by verify: no "not judged" note.
  EXPECT_EQ(v.err.find("marks the bound as applicable but holds null"), std::string::npos) << v.err;
  EXPECT_NE(v.out.find("runs.jsonl:2: field 'bound': recorded null, recomputed "),
            std::string::npos)
      << v.out;
}

// Keeps the first `keep` records of a 30-run folder and half of the next line.
void tear(const fs::path& out, std::size_t keep) {
  auto lines = lines_of(out / "runs.jsonl");
  ASSERT_EQ(lines.size(), 30u);
  const std::string torn = lines[keep].substr(0, lines[keep].size() / 2);
  lines.resize(keep);
  write_lines(out / "runs.jsonl", lines, torn);
  write_digest_chain(out);  // a kill leaves the chain of the complete records
}

TEST(TrustAudit, ACompletedFolderWithMissingRecordsAndATornLineFailsVerify) {
  test::TempDir dir;
  const fs::path out = results_folder(dir, 15);
  tear(out, 7);
  const auto v = run_plab({"verify", out.string()});
  EXPECT_EQ(v.exit_code, 1) << v.out << v.err;
  EXPECT_NE(v.out.find("7 records on disk of the 30 the manifest announces; status completed"),
            std::string::npos)
      << v.out;
  EXPECT_EQ(v.out.find("no violation"), std::string::npos) << v.out;
  const std::string runs = (out / "runs.jsonl").string();
  for (const std::string& s : std::vector<std::string>{
           "plab verify: '" + out.string() + "' is inconsistent",
           "the manifest says completed with 30 runs, but " + runs +
               " holds 7 complete records; 23 are missing",
           runs + ":8 is a torn last line", "cannot be verified as the whole experiment"}) {
    EXPECT_NE(v.out.find(s), std::string::npos) << s << "\n" << v.out;
  }
  EXPECT_NE(troubleshooting().find("holds 7 complete records; 23 are missing"), std::string::npos);

  // The report is still written, and its header says what is on disk, not "30 of 30".
  const auto r = run_plab({"report", out.string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const std::string md = read_file(out / "report.md");
  EXPECT_NE(md.find("| runs | 7 records on disk of the 30 the manifest announces; status "
                    "completed |"),
            std::string::npos)
      << md;
  EXPECT_EQ(md.find("30 of 30"), std::string::npos) << md;
  EXPECT_NE(md.find("Warning: the folder is inconsistent"), std::string::npos) << md;
  EXPECT_NE(r.err.find("plab: note: the folder is inconsistent: the manifest says completed"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find(runs + ":8 is a torn last line"), std::string::npos) << r.err;
}

TEST(TrustAudit, AnInterruptedFolderIsVerifiedAsFarAsItGoesAndSaysSo) {
  test::TempDir dir;
  const fs::path out = results_folder(dir, 15);
  tear(out, 7);
  edit_manifest(out, [](boost::json::object& m) { m["status"] = "interrupted"; });
  const auto v = run_plab({"verify", out.string()});
  EXPECT_EQ(v.exit_code, 0) << v.out << v.err;
  EXPECT_NE(v.out.find("7 records on disk of the 30 the manifest announces; status interrupted"),
            std::string::npos)
      << v.out;
  const std::string runs = (out / "runs.jsonl").string();
  for (const std::string& s : std::vector<std::string>{
           "plab: note: " + runs + ":8 is a torn last line (a run cut off mid-write), not counted",
           "plab: note: the manifest says interrupted: 7 of 30 runs are on disk (plab run "
           "--resume"}) {
    EXPECT_NE(v.err.find(s), std::string::npos) << s << "\n" << v.err;
  }
}

TEST(TrustAudit, MoreRecordsThanTheManifestAnnouncesFailVerify) {
  test::TempDir dir;
  const fs::path out = results_folder(dir, 15);
  auto lines = lines_of(out / "runs.jsonl");
  lines.push_back(lines.back());
  write_lines(out / "runs.jsonl", lines);
  write_digest_chain(out);
  const auto v = run_plab({"verify", out.string()});
  EXPECT_EQ(v.exit_code, 1) << v.out << v.err;
  EXPECT_NE(v.out.find("holds 31 records, more than the 30 the manifest announces"),
            std::string::npos)
      << v.out;
  EXPECT_NE(troubleshooting().find("more than the 30 the manifest announces"), std::string::npos);
}

TEST(TrustAudit, ACompleteFolderStillVerifiesClean) {
  test::TempDir dir;
  const fs::path out = results_folder(dir, 15);
  const auto v = run_plab({"verify", out.string()});
  EXPECT_EQ(v.exit_code, 0) << v.out << v.err;
  EXPECT_NE(v.out.find("30 records on disk of the 30 the manifest announces; status completed"),
            std::string::npos)
      << v.out;
  EXPECT_TRUE(v.err.empty()) << v.err;
}

TEST(TrustAudit, CommandsWithoutTheirFolderNameWhatTheUserTypes) {
  const std::pair<std::vector<std::string>, std::string> cases[] = {
      {{"verify"}, "plab verify needs a results folder DIR; usage: plab verify DIR"},
      {{"report"}, "plab report needs a results folder DIR; usage: plab report DIR"},
      {{"merge"}, "plab merge needs a new folder for the merged results OUT"},
      {{"merge", "merged"}, "plab merge needs one or more shard results folders SHARD_DIR..."},
  };
  for (const auto& [args, message] : cases) {
    const auto r = run_plab(args);
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_NE(r.err.find(message), std::string::npos) << r.err;
    for (const char* internal : {"--dir", "--out", "--shards"})
      EXPECT_EQ(r.err.find(internal), std::string::npos) << internal << " in " << r.err;
  }
  EXPECT_NE(troubleshooting().find("plab verify needs a results folder DIR"), std::string::npos);
}

// Medians 2 ('classic') and 10 ('twin') but paired differences 0, 10, −2: median 0. The
// sentence must say that the median paired difference is 0, not that the medians are equal.
TEST(TrustAudit, AZeroMedianPairedDifferenceIsNotCalledTheSameMedian) {
  test::TempDir dir;
  const fs::path out = results_folder(dir, 3);
  const std::map<std::pair<std::string, std::int64_t>, int> mistakes = {
      {{"classic", 0}, 10}, {{"classic", 1}, 1}, {{"classic", 2}, 2},
      {{"twin", 0}, 10},    {{"twin", 1}, 11},   {{"twin", 2}, 0}};
  for (std::size_t line = 1; line <= 6; ++line) {
    edit_record(out, line, [&](boost::json::object& r) {
      r["mistakes"] = mistakes.at(
          {std::string(r.at("learner").as_string()), r.at("repeat").to_number<std::int64_t>()});
    });
  }
  const auto r = run_plab({"report", out.string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string md = read_file(out / "report.md");
  EXPECT_EQ(md.find("same median"), std::string::npos) << md;
  EXPECT_NE(md.find("At sweep point 0, 'twin' had a median paired difference of 0 mistakes "
                    "against 'classic' over 3 paired repeats (median mistakes 10 for 'twin' and "
                    "2 for 'classic';"),
            std::string::npos)
      << md;
}

}  // namespace
}  // namespace plab
