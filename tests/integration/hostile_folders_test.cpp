// Hostile uses of results folders, through the real binary: --resume on folders edited by
// hand (each resumed folder compared byte for byte with the unedited one), --resume-if-present,
// plab merge, plab report A B --out, plab check with odd claims, plab export's CSV targets
// beside its database and inside the folders it exports (the files compared after each
// refusal), and plab report --query shapes. Every answer has its exit code and a fragment.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "support/folder_edit.hpp"
#include "support/hostile_table.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;
using test::HostileRow;
using test::read_file;

const std::string kData = "a,b,y\n1,2,p\n-1,-2,n\n2,1,p\n-2,-1,n\n3,1,p\n-3,-1,n\n";
const std::string kConfig =
    R"({"name":"h","seed":1,"repeats":6,"dataset":{"kind":"csv","path":"d.csv","label":"y",)"
    R"("positive":["p"]},"learners":[{"plugin":"perceptron"},{"plugin":"averaged_perceptron"}],)"
    R"("init":{"kind":"gaussian"},"protocol":{"max_epochs":50,"order":"shuffle"}})";

// Made on first use, once per test process (ctest runs each test alone): folders a (the
// config), b (one learner 'avg'), shards s0 and s1 of 2, a database q.db of a and b, and the
// config and data they came from. Each is a run of milliseconds.
class HostileFolders : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    shared_ = new test::TempDir();
    shared_->write("c.json", kConfig);
    shared_->write("d.csv", kData);
  }
  static void TearDownTestSuite() {
    delete shared_;
    shared_ = nullptr;
  }
  // The shared file or folder `name`, made now if it is not there yet.
  static std::string shared(const std::string& name) {
    const std::map<std::string, std::vector<std::string>> how = {
        {"a", {"run", "c.json", "--out", "a", "--quiet", "--no-report"}},
        {"b",
         {"run", "c.json", "--out", "b", "--quiet", "--no-report", "--set",
          R"(/learners=[{"name":"avg","plugin":"averaged_perceptron"}])"}},
        {"s0", {"run", "c.json", "--out", "s0", "--shard", "0/2", "--quiet", "--no-report"}},
        {"s1", {"run", "c.json", "--out", "s1", "--shard", "1/2", "--quiet", "--no-report"}},
        {"q.db", {"export", "a", "b", "--sqlite", "q.db"}}};
    const fs::path path = shared_->path() / name;
    const auto it = how.find(name);
    if (it != how.end() && !fs::exists(path)) {
      if (name == "q.db") {
        shared("a");
        shared("b");
      }
      const auto r = test::run_plab(it->second, shared_->path().string());
      EXPECT_EQ(r.exit_code, 0) << r.err;
    }
    return path.string();
  }
  // `text` with each "{S}/NAME" of a shared file or folder made and replaced by its path.
  static std::string with_shared(std::string text) {
    for (const char* name : {"a", "b", "s0", "s1", "q.db"}) {
      const std::string marker = std::string("{S}/") + name;
      if (text == marker || text.starts_with(marker + "/")) shared(name);
    }
    return test::with_folder(text, shared_->path().string(), "{S}");
  }
  static test::TempDir* shared_;
};

test::TempDir* HostileFolders::shared_ = nullptr;

// --resume of a copy of folder a after `edit`: the exit code, a fragment, and with exit 0
// runs.jsonl byte for byte a's.
struct ResumeCase {
  const char* name;
  std::function<void(const fs::path&)> edit;
  int exit_code;
  const char* fragment;
};

void drop_last_record(const fs::path& dir) {
  auto lines = test::lines_of(dir / "runs.jsonl");
  lines.pop_back();
  test::write_lines(dir / "runs.jsonl", lines);
}

const ResumeCase kResumes[] = {
    {"last_record_deleted", drop_last_record, 0, "results:"},
    {"last_100_bytes_cut",
     [](const fs::path& d) {
       fs::resize_file(d / "runs.jsonl", fs::file_size(d / "runs.jsonl") - 100);
     },
     0, "results:"},
    {"last_record_twice",
     [](const fs::path& d) {
       auto lines = test::lines_of(d / "runs.jsonl");
       lines.push_back(lines.back());
       test::write_lines(d / "runs.jsonl", lines);
     },
     0, "results:"},
    {"lock_file_removed",
     [](const fs::path& d) {
       fs::remove(d / ".plab.lock");
       drop_last_record(d);
     },
     0, "results:"},
    {"status_said_completed",
     [](const fs::path& d) {
       drop_last_record(d);
       test::edit_manifest(d, [](boost::json::object& m) { m["status"] = "completed"; });
     },
     0, "results:"},
    {"two_records_swapped",
     [](const fs::path& d) {
       auto lines = test::lines_of(d / "runs.jsonl");
       std::swap(lines[0], lines[1]);
       test::write_lines(d / "runs.jsonl", lines);
     },
     2, "its SHA-256 chain differs from line 1"},
    {"a_record_edited",
     [](const fs::path& d) {
       auto lines = test::lines_of(d / "runs.jsonl");
       lines[2].replace(lines[2].find("\"mistakes\":"), 11, "\"mistakes\":9");
       test::write_lines(d / "runs.jsonl", lines);
     },
     2, "this record is not the one plab wrote"},
    {"digests_removed", [](const fs::path& d) { fs::remove(d / "runs.sha256"); }, 2,
     "it has no runs.sha256, so its"},
    {"manifest_not_json", [](const fs::path& d) { std::ofstream(d / "manifest.json") << "{\n"; }, 2,
     "is damaged: not a plab manifest"},
    {"empty_line_appended",
     [](const fs::path& d) { std::ofstream(d / "runs.jsonl", std::ios::app) << "\n"; }, 2,
     "not valid JSON (incomplete JSON)"},
};

class HostileResume : public HostileFolders, public ::testing::WithParamInterface<ResumeCase> {};

TEST_P(HostileResume, AnswersClearlyAndResumesToTheSameBytes) {
  const ResumeCase& c = GetParam();
  const test::TempDir dir;
  const fs::path copy = dir / "r";
  fs::copy(shared("a"), copy, fs::copy_options::recursive);
  c.edit(copy);
  const std::string before = read_file(copy / "runs.jsonl");
  const auto r = test::run_plab({"run", "--resume", copy.string(), "--quiet", "--no-report"});
  EXPECT_EQ(r.exit_code, c.exit_code) << r.err << r.out;
  EXPECT_NE((r.err + r.out).find(c.fragment), std::string::npos) << r.err << r.out;
  if (c.exit_code == 0) {
    EXPECT_EQ(read_file(copy / "runs.jsonl"), read_file(fs::path(shared("a")) / "runs.jsonl"));
  } else {
    EXPECT_EQ(read_file(copy / "runs.jsonl"), before) << "a refused resume changed the records";
  }
}

INSTANTIATE_TEST_SUITE_P(Edits, HostileResume, ::testing::ValuesIn(kResumes),
                         [](const auto& info) { return std::string(info.param.name); });

// Commands on the shared folders: "{S}" is the shared folder, "{D}" the row's own.
HostileRow on(std::string name, std::vector<std::string> args, int exit_code,
              std::string fragment) {
  return {std::move(name), {}, std::move(args), exit_code, std::move(fragment), {}};
}

// `plab check FOLDER --config claims.json` with these claims (folder a by default).
HostileRow claim(std::string name, std::string claims, int exit_code, std::string fragment,
                 std::string folder = "{S}/a") {
  return {std::move(name),
          {{"claims.json", "{\"claims\":" + claims + "}"}},
          {"check", std::move(folder), "--config", "claims.json"},
          exit_code,
          std::move(fragment),
          {}};
}

HostileRow query(std::string name, std::string sql, int exit_code, std::string fragment) {
  return on(std::move(name), {"report", "{S}/q.db", "--query", std::move(sql), "--out", "out"},
            exit_code, std::move(fragment));
}

// `plab verify a --replay COUNT`.
HostileRow replay(std::string name, std::string count, int exit_code, std::string fragment) {
  return on(std::move(name), {"verify", "{S}/a", "--replay", std::move(count)}, exit_code,
            std::move(fragment));
}

const std::string kSelect = R"(SELECT 0 point, learner, "repeat", 7 seed, mistakes FROM runs)";

const std::vector<HostileRow>& rows() {
  static const std::vector<HostileRow> all = {
      // run --resume and --resume-if-present
      {"resume_with_another_config",
       {{"o.json", R"({"name":"h","seed":2,"repeats":6,"dataset":{"kind":"csv","path":"d.csv",)"
                   R"("label":"y","positive":["p"]},"learners":[{"plugin":"perceptron"}]})"},
        {"d.csv", kData}},
       {"run", "--resume", "{S}/a", "o.json", "--quiet"},
       2,
       "differs from the one recorded in its manifest.json",
       {}},
      on("resume_with_set", {"run", "--resume", "{S}/a", "--set", "/seed=3"}, 2,
         "--set and --sweep change the config; a resumed run uses the recorded one"),
      on("resume_with_out", {"run", "--resume", "{S}/a", "--out", "x"}, 2,
         "--out and --shard do not apply"),
      on("resume_nothing_there", {"run", "--resume", "{D}/none"}, 2, "is not a results folder"),
      on("resume_twice", {"run", "--resume", "{S}/a", "--resume", "{S}/a"}, 2,
         "option '--resume' cannot be specified more than once"),
      on("if_present_on_a_complete_folder",
         {"run", "{S}/c.json", "--out", "{S}/a", "--resume-if-present", "--quiet", "--no-report"},
         0, "is already complete; nothing to do"),
      on("if_present_with_another_seed",
         {"run", "{S}/c.json", "--out", "{S}/a", "--resume-if-present", "--set", "/seed=2"}, 2,
         "differs from the one recorded in its manifest.json"),
      on("if_present_with_another_shard",
         {"run", "{S}/c.json", "--out", "{S}/a", "--resume-if-present", "--shard", "0/2"}, 2,
         "it holds shard 0/1 and this run asks for shard 0/2"),
      on("if_present_without_out", {"run", "{S}/c.json", "--resume-if-present"}, 2,
         "--resume-if-present needs --out DIR and a CONFIG"),
      {"if_present_on_a_folder_of_other_files",
       {{"o/junk", "x"}},
       {"run", "{S}/c.json", "--out", "o", "--resume-if-present"},
       2,
       "already holds files",
       {}},
      // plab merge
      on("merge_a_shard_missing", {"merge", "out", "{S}/s0"}, 2, "shard 1 of 2 missing"),
      on("merge_one_shard_twice", {"merge", "out", "{S}/s0", "{S}/s0", "{S}/s1"}, 2,
         "are both shard 0/2 (they overlap)"),
      on("merge_into_a_shard", {"merge", "{S}/s0", "{S}/s0", "{S}/s1"}, 2,
         "is one of the shard folders"),
      on("merge_the_unsharded_folder_too", {"merge", "out", "{S}/s0", "{S}/s1", "{S}/a"}, 2,
         "belongs to another experiment"),
      on("merge_shards_out_of_order", {"merge", "out", "{S}/s1", "{S}/s0"}, 0, "point"),
      // plab report A B --out
      on("report_pair", {"report", "{S}/a", "{S}/b", "--out", "out"}, 0, ""),
      on("report_a_folder_with_itself", {"report", "{S}/a", "{S}/a", "--out", "out"}, 2,
         "are the same folder; a comparison needs two folders of runs"),
      on("report_pair_without_out", {"report", "{S}/a", "{S}/b"}, 2,
         "plab report with two folders needs --out OUT"),
      on("report_pair_inside_a_folder", {"report", "{S}/a", "{S}/b", "--out", "{S}/a/cmp"}, 2,
         "give the comparison a folder of its own"),
      on("report_pair_into_a_folder", {"report", "{S}/a", "{S}/b", "--out", "{S}/b"}, 2,
         "give the comparison a folder of its own, outside results folders"),
      on("report_one_folder_with_out", {"report", "{S}/a", "--out", "out"}, 2,
         "--out is for the comparison of two folders"),
      on("report_out_empty", {"report", "{S}/a", "{S}/b", "--out", ""}, 2,
         "--out '' names no folder"),
      {"report_out_a_file",
       {{"f", "x"}},
       {"report", "{S}/a", "{S}/b", "--out", "f"},
       2,
       "is a file; name a folder for the comparison",
       {}},
      on("report_a_shard", {"report", "{S}/a", "{S}/s0", "--out", "out"}, 2,
         "not a whole experiment; merge the shards first"),
      on("report_three_folders", {"report", "{S}/a", "{S}/b", "{S}/a", "--out", "out"}, 2,
         "too many positional options"),
      on("report_force_without_out", {"report", "{S}/a", "--force"}, 2, "--force is for --out"),
      // plab check
      on("check_without_claims", {"check", "{S}/a"}, 2, "has no claims.json"),
      claim("claim_holds", R"([{"what":"w","each":{"status":{"not":"failed"}}}])", 0,
            "claim holds: w"),
      claim("claim_fails", R"([{"what":"none","each":{"mistakes":{"below":0}}}])", 1,
            "claim 'none' fails"),
      claim("claim_on_no_records", R"([{"what":"u","each":{"epochs":1},"where":{"learner":"x"}}])",
            5, "cannot be decided by these records"),
      claim("claim_with_a_typo", R"([{"what":"t","eahc":{"converged":true}}])", 2,
            "unknown key \"eahc\""),
      claim("claim_on_the_manifest", R"([{"what":"m","manifest":{"/status":"completed"}}])", 0,
            "manifest.json/status is \"completed\""),
      claim("claim_on_a_missing_pointer", R"([{"what":"p","manifest":{"/nope/x":1}}])", 1,
            "manifest.json has no /nope/x"),
      claim(
          "claim_on_a_learner_not_there",
          R"([{"what":"c","compare":{"field":"mistakes","learner":"nobody","below":"perceptron","per":"repeat"}}])",
          5, "no unit has both 'nobody' and 'perceptron' on mistakes"),
      // Claims speak of the whole experiment, and a claim no record could meet is malformed.
      claim("claim_on_a_shard", R"([{"what":"w","each":{"status":{"not":"failed"}}}])", 2,
            "is shard 0 of 2 (6 of the experiment's 12 runs), not a whole experiment; merge the "
            "shards first (plab merge OUT SHARD...) and check the merged folder",
            "{S}/s0"),
      on("check_claims_json_of_a_shard", {"check", "{S}/s1"}, 2, "is shard 1 of 2"),
      claim("claim_tol_negative", R"([{"what":"m","mean":{"mistakes":{"near":5,"tol":-1}}}])", 2,
            "at /claims/0 ('m'): \"tol\" is -1; a tolerance is a number >= 0"),
      claim("claim_tol_without_near", R"([{"what":"m","mean":{"mistakes":{"min":1,"tol":2}}}])", 2,
            "at /claims/0 ('m'): \"tol\" goes with \"near\""),
      claim("claim_range_tol_negative",
            R"([{"what":"f","fit":{"y":"mistakes","x":"(R/rho)^2","per":"repeat",)"
            R"("slope":{"near":1,"tol":-0.5}}}])",
            2, "\"tol\" is -0.5; a tolerance is a number >= 0"),
      claim("claim_count_range_empty",
            R"([{"what":"cnt","count":{"converged":true},"at_least":7,"at_most":3}])", 2,
            "at /claims/0 ('cnt'): \"at_least\" 7 is above \"at_most\" 3: no count lies in "
            "that range"),
      claim("claim_count_negative", R"([{"what":"cnt","count":{"converged":true},"at_most":-1}])",
            2, "\"at_most\" is -1; a count is a number >= 0"),
      claim("claim_at_least_without_count",
            R"([{"what":"e","each":{"converged":true},"at_least":1}])", 2,
            "at /claims/0 ('e'): \"at_least\" goes with \"count\""),
      claim("claims_empty", "[]", 2,
            "at /claims: an empty list of claims, so there is nothing to check"),
      // plab verify --replay counts
      replay("replay_zero", "0", 2,
             "--replay '0' is not a number of records: give a count of at least 1, or 'all'"),
      replay("replay_negative", "-1", 2, "--replay '-1' is not a number of records"),
      replay("replay_a_word", "abc", 2, "--replay 'abc' is not a number of records"),
      replay("replay_an_exponent", "1e2", 2, "--replay '1e2' is not a number of records"),
      replay("replay_with_a_space", " 3", 2, "--replay ' 3' is not a number of records"),
      replay("replay_past_the_records", "13", 2, "asks for more records than the 12 in"),
      on("replay_a_shard_whole", {"verify", "{S}/s0", "--replay", "all"}, 0,
         "identical byte for byte"),
      // plab export: CSV targets
      on("csv_the_database_as_dot_slash",
         {"export", "{S}/a", "--sqlite", "{D}/e.db", "--csv", "{D}/./e.db"}, 2,
         "--csv and --sqlite name the same file"),
      on("csv_inside_the_exported_folder", {"export", "{S}/a", "--csv", "{S}/a/new.csv"}, 2,
         "is inside the results folder"),
      on("csv_over_the_report", {"export", "{S}/a", "--csv", "{S}/a/report.md", "--force"}, 2,
         "is inside the results folder"),
      on("sqlite_over_runs_jsonl", {"export", "{S}/a", "--sqlite", "{S}/a/runs.jsonl"}, 2,
         "is inside the results folder"),
      // plab report --query
      query("query_repeats_folded",
            R"(SELECT 0 point, learner, "repeat" % 3 "repeat", 7 seed, mistakes FROM runs)", 2,
            "repeat 0 twice"),
      query("query_attach", R"(ATTACH "x.db" AS o)", 2, "it asks to attach another database"),
      query("query_writefile", kSelect + R"( WHERE writefile("w.txt", "a") > 0)", 2,
            "no such function: writefile"),
      query("query_readfile", kSelect + R"( WHERE readfile("/etc/passwd") IS NOT NULL)", 2,
            "no such function: readfile"),
      query("query_pragma_write", "PRAGMA query_only=0", 2, "it asks to run PRAGMA query_only"),
      query("query_infinite_mistakes",
            R"(SELECT 0 point, learner, "repeat", 7 seed, 1e308*10 mistakes FROM runs)", 2,
            "is the real number inf; expected a count of mistakes"),
      query("query_negative_mistakes",
            R"(SELECT 0 point, learner, "repeat", 7 seed, -1 mistakes FROM runs)", 2,
            "is the integer -1; expected a count of mistakes"),
      query("query_main_schema",
            R"(SELECT 0 point, learner, "repeat", 7 seed, mistakes FROM main.runs)"
            R"( WHERE experiment_id = 1)",
            0, ""),
  };
  return all;
}

// An interrupted folder (its last records and their digest lines gone, as a signal leaves
// it): every claim is undecided, naming the missing runs, though the 7 runs on disk would make
// this one hold.
TEST_F(HostileFolders, CheckOfAnInterruptedFolderDecidesNoClaim) {
  const test::TempDir dir;
  const fs::path copy = dir / "i";
  fs::copy(shared("a"), copy, fs::copy_options::recursive);
  for (const char* file : {"runs.jsonl", "runs.sha256"}) {
    auto lines = test::lines_of(copy / file);
    lines.resize(7);
    test::write_lines(copy / file, lines);
  }
  test::edit_manifest(copy, [](boost::json::object& m) { m["status"] = "interrupted"; });
  dir.write("c.json", R"({"claims":[{"what":"n","count":{"epochs":{"min":1}},"at_most":7}]})");
  const auto r = test::run_plab({"check", copy.string(), "--config", (dir / "c.json").string()});
  EXPECT_EQ(r.exit_code, 5) << r.out << r.err;
  EXPECT_NE(r.out.find("claim undecided: n: cannot be decided: 5 of the experiment's 12 runs are "
                       "missing (status interrupted), and a claim is judged on every run; plab "
                       "run --resume " +
                       copy.string() + " finishes it"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.err.find("plab: claim 'n' cannot be decided by these records"), std::string::npos)
      << r.err;
}

class HostileFolderCommands : public HostileFolders,
                              public ::testing::WithParamInterface<HostileRow> {};

TEST_P(HostileFolderCommands, GetsAClearAnswer) {
  HostileRow row = GetParam();
  for (auto& arg : row.args) arg = with_shared(arg);
  const test::TempDir dir;
  test::run_hostile_row(row, dir);
}

INSTANTIATE_TEST_SUITE_P(Inputs, HostileFolderCommands, ::testing::ValuesIn(rows()),
                         [](const auto& info) { return info.param.name; });

}  // namespace
}  // namespace plab
