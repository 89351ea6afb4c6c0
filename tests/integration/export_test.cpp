// plab export --sqlite through the real binary: real folders into one database, exported
// twice without duplicates, and every query of docs/sqlite.md run against it, its figures
// checked against values computed from the folders' runs.jsonl. Also the refusals.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <algorithm>
#include <boost/json.hpp>
#include <cmath>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>

#include "support/process.hpp"
#include "support/temp_dir.hpp"
#include "support/troubleshooting.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;
using test::in_troubleshooting;
using test::read_file;
using test::run_plab;
using Args = std::vector<std::string>;

const std::string kIris = std::string(PLAB_SOURCE_DIR) + "/data/iris.csv";

// Two learners on Iris (setosa against the rest), 2 sweep points × 3 repeats, shuffled order.
const std::string kConfig = R"({"name": "export", "seed": 1, "repeats": 3,
  "dataset": {"kind": "csv", "path": ")" +
                            kIris +
                            R"(", "label": "species", "positive": ["setosa"]},
  "learners": [{"name": "classic", "plugin": "perceptron"},
               {"name": "eta", "plugin": "eta_perceptron", "params": {"eta": 0.5}}],
  "protocol": {"kind": "convergence", "max_epochs": 50, "order": "shuffle"},
  "sweep": {"/protocol/max_epochs": [20, 50]}})";

struct Records {
  // (point, learner, repeat) -> mistakes
  std::map<std::tuple<long long, std::string, long long>, long long> mistakes;
  std::size_t count = 0;
};

Records records_of(const fs::path& dir) {
  Records r;
  std::istringstream in(read_file(dir / "runs.jsonl"));
  for (std::string line; std::getline(in, line);) {
    const auto o = boost::json::parse(line).as_object();
    r.mistakes[{o.at("point").to_number<long long>(), std::string(o.at("learner").as_string()),
                o.at("repeat").to_number<long long>()}] = o.at("mistakes").to_number<long long>();
    ++r.count;
  }
  return r;
}

// The ```sql blocks of docs/sqlite.md, in order.
std::vector<std::string> documented_queries() {
  const std::string doc = read_file(fs::path(PLAB_SOURCE_DIR) / "docs" / "sqlite.md");
  std::vector<std::string> queries;
  for (std::size_t at = 0; (at = doc.find("```sql\n", at)) != std::string::npos;) {
    at += 7;
    const std::size_t end = doc.find("```", at);
    queries.push_back(doc.substr(at, end - at));
    at = end + 3;
  }
  return queries;
}

using Row = std::vector<std::string>;  // every column as text ("" for NULL)

struct Db {
  explicit Db(const fs::path& path) {
    sqlite3* raw = nullptr;
    EXPECT_EQ(sqlite3_open_v2(path.c_str(), &raw, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
    db.reset(raw);
  }
  // Runs `sql` with named parameters bound (":name" -> text or integer).
  std::vector<Row> query(const std::string& sql,
                         const std::map<std::string, std::string>& params = {}) {
    sqlite3_stmt* raw = nullptr;
    const int rc = sqlite3_prepare_v2(db.get(), sql.c_str(), -1, &raw, nullptr);
    EXPECT_EQ(rc, SQLITE_OK) << sqlite3_errmsg(db.get()) << "\n" << sql;
    std::unique_ptr<sqlite3_stmt, int (*)(sqlite3_stmt*)> s(raw, &sqlite3_finalize);
    for (const auto& [name, value] : params) {
      const int index = sqlite3_bind_parameter_index(s.get(), name.c_str());
      if (index == 0) continue;
      sqlite3_bind_text(s.get(), index, value.c_str(), -1, SQLITE_TRANSIENT);
    }
    std::vector<Row> rows;
    while (sqlite3_step(s.get()) == SQLITE_ROW) {
      Row row;
      for (int c = 0; c < sqlite3_column_count(s.get()); ++c) {
        const auto* text = sqlite3_column_text(s.get(), c);
        row.emplace_back(text == nullptr ? "" : reinterpret_cast<const char*>(text));
      }
      rows.push_back(row);
    }
    return rows;
  }
  std::unique_ptr<sqlite3, int (*)(sqlite3*)> db{nullptr, &sqlite3_close};
};

TEST(Export, FoldersIntoSqliteAnswerTheDocumentedQueriesOnceEach) {
  test::TempDir dir;
  const auto config = dir.write("c.json", kConfig);
  // A: both learners, seed 1; B: the second learner alone, same seed (pairs with A's runs);
  // C: seed 2.
  const Args quiet{"--quiet", "--no-report"};
  Args a{"run", config.string(), "--out", (dir / "a").string()};
  Args b = a;
  b[3] = (dir / "b").string();
  b.insert(b.end(), {"--set", R"(/learners=[{"name": "eta", "plugin": "eta_perceptron",
                                 "params": {"eta": 0.5}}])"});
  Args c = a;
  c[3] = (dir / "c").string();
  c.insert(c.end(), {"--set", "/seed=2"});
  for (Args* args : {&a, &b, &c}) {
    args->insert(args->end(), quiet.begin(), quiet.end());
    const auto r = run_plab(*args);
    ASSERT_EQ(r.exit_code, 0) << r.err;
  }
  const fs::path db_file = dir / "runs.db";
  auto r = run_plab(
      {"export", (dir / "a").string(), (dir / "b").string(), "--sqlite", db_file.string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // Again, with a third folder: A and B are not added twice.
  r = run_plab({"export", (dir / "a").string(), (dir / "b").string(), (dir / "c").string(),
                "--sqlite", db_file.string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("not added again"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("exported 1 of 3 folders"), std::string::npos) << r.out;

  const Records ra = records_of(dir / "a");
  const Records rb = records_of(dir / "b");
  const Records rc = records_of(dir / "c");
  Db db(db_file);
  EXPECT_EQ(db.query("SELECT COUNT(*) FROM experiments")[0][0], "3");
  EXPECT_EQ(db.query("SELECT COUNT(*) FROM runs")[0][0],
            std::to_string(ra.count + rb.count + rc.count));
  EXPECT_EQ(db.query("SELECT typeof(mistakes), typeof(R), typeof(converged) FROM runs LIMIT 1")[0],
            (Row{"integer", "real", "integer"}));
  const auto manifest = boost::json::parse(read_file(dir / "a" / "manifest.json")).as_object();
  EXPECT_EQ(db.query("SELECT plab_version FROM experiments WHERE id = 1")[0][0],
            std::string(manifest.at("context").at("plab_version").as_string()));
  const std::string iris_sha =
      std::string(manifest.at("data_files").as_array()[0].at("sha256").as_string());

  const auto mean = [](const Records& r, const std::string& learner) {
    double sum = 0;
    std::size_t n = 0;
    for (const auto& [key, mistakes] : r.mistakes) {
      if (std::get<1>(key) != learner) continue;
      sum += static_cast<double>(mistakes);
      ++n;
    }
    return std::make_pair(n, sum / static_cast<double>(n));
  };
  const auto queries = documented_queries();
  ASSERT_EQ(queries.size(), 4u) << "docs/sqlite.md";
  const std::map<std::string, std::string> params{
      {":data_sha256", iris_sha}, {":first", "1"}, {":second", "2"}};

  // 1. The classic learner in every experiment on Iris: A and C (B has no classic runs).
  auto rows = db.query(queries[0], params);
  ASSERT_EQ(rows.size(), 2u);
  for (const Row& row : rows) {
    ASSERT_TRUE(row[0] == "1" || row[0] == "3") << row[0];
    const auto [n, m] = mean(row[0] == "1" ? ra : rc, "classic");
    EXPECT_EQ(row[3], std::to_string(n));
    EXPECT_NEAR(std::stod(row[4]), m, 1e-9);
  }
  // 2. Per plugin and version, over A, B and C.
  rows = db.query(queries[1], params);
  ASSERT_EQ(rows.size(), 2u);
  for (const Row& row : rows) {
    const std::string learner = row[0] == "perceptron" ? "classic" : "eta";
    double sum = 0;
    std::size_t n = 0;
    for (const Records* records : {&ra, &rb, &rc}) {
      const auto [k, m] = mean(*records, learner);
      if (k == 0 || std::isnan(m)) continue;
      sum += m * static_cast<double>(k);
      n += k;
    }
    EXPECT_EQ(row[2], std::to_string(n)) << row[0];
    EXPECT_NEAR(std::stod(row[3]), sum / static_cast<double>(n), 1e-9) << row[0];
  }
  // 3. A's runs against B's, run for run: B's eta runs are A's eta runs.
  rows = db.query(queries[2], params);
  ASSERT_EQ(rows.size(), rb.count * 2);
  for (const Row& row : rows) {
    const long long point = std::stoll(row[0]);
    const long long repeat = std::stoll(row[1]);
    EXPECT_EQ(std::stoll(row[3]), ra.mistakes.at({point, row[2], repeat}));
    EXPECT_EQ(std::stoll(row[5]), rb.mistakes.at({point, row[4], repeat}));
    if (row[2] == "eta") {
      EXPECT_EQ(row[3], row[5]) << "the same run in two experiments";
    }
  }
  // 4. The largest ratios, at most 10, largest first.
  rows = db.query(queries[3], params);
  ASSERT_FALSE(rows.empty());
  EXPECT_LE(rows.size(), 10u);
  for (std::size_t i = 1; i < rows.size(); ++i) {
    EXPECT_GE(std::stod(rows[i - 1][4]), std::stod(rows[i][4]));
  }
}

// Every ratio of a folder's runs whose bound applies.
std::vector<double> ratios_of(const fs::path& dir) {
  std::vector<double> ratios;
  std::istringstream in(read_file(dir / "runs.jsonl"));
  for (std::string line; std::getline(in, line);) {
    const auto o = boost::json::parse(line).as_object();
    if (o.at("bound_applies").as_bool()) ratios.push_back(o.at("ratio").to_number<double>());
  }
  return ratios;
}

// The shipped configs (3 repeats each): the quickstart, the quickstart again with the
// η-perceptron as its learner (a plugin compared run for run), and the η sweep on Iris.
TEST(Export, ShippedConfigsAnswerTheDocumentedQueries) {
  test::TempDir dir;
  const std::string configs = std::string(PLAB_SOURCE_DIR) + "/configs/";
  const Args common{"--quiet", "--no-report", "--set", "/repeats=3"};
  const std::vector<std::pair<Args, std::string>> runs = {
      {{"run", configs + "quickstart.json"}, "q"},
      {{"run", configs + "quickstart.json", "--set",
        R"(/learners=[{"name": "eta", "plugin": "eta_perceptron", "params": {"eta": 1}}])"},
       "qe"},
      {{"run", configs + "eta_perceptron_iris.json"}, "e"}};
  Args export_args{"export"};
  for (const auto& [args, name] : runs) {
    Args full = args;
    full.insert(full.end(), {"--out", (dir / name).string()});
    full.insert(full.end(), common.begin(), common.end());
    const auto r = run_plab(full);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    export_args.push_back((dir / name).string());
  }
  const fs::path db_file = dir / "shipped.db";
  export_args.insert(export_args.end(), {"--sqlite", db_file.string()});
  const auto r = run_plab(export_args);
  ASSERT_EQ(r.exit_code, 0) << r.err;

  const Records q = records_of(dir / "q");
  const Records qe = records_of(dir / "qe");
  const Records e = records_of(dir / "e");
  ASSERT_EQ(q.count, 12u);
  ASSERT_EQ(e.count, 24u);
  const auto manifest = boost::json::parse(read_file(dir / "q" / "manifest.json")).as_object();
  const std::string iris_sha =
      std::string(manifest.at("data_files").as_array()[0].at("sha256").as_string());
  const auto mean_of = [](const std::vector<const Records*>& all) {
    double sum = 0;
    std::size_t n = 0;
    for (const Records* records : all) {
      for (const auto& [key, mistakes] : records->mistakes) {
        sum += static_cast<double>(mistakes);
        ++n;
      }
    }
    return std::make_pair(n, sum / static_cast<double>(n));
  };
  Db db(db_file);
  const auto queries = documented_queries();
  ASSERT_EQ(queries.size(), 4u) << "docs/sqlite.md";
  const std::map<std::string, std::string> params{
      {":data_sha256", iris_sha}, {":first", "1"}, {":second", "2"}};

  // 1. 'classic' on Iris: the quickstart alone (the others name their learner 'eta').
  auto rows = db.query(queries[0], params);
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0][1], "quickstart");
  EXPECT_EQ(rows[0][3], std::to_string(q.count));
  EXPECT_NEAR(std::stod(rows[0][4]), mean_of({&q}).second, 1e-9);
  // 2. Per plugin: the perceptron ran in the quickstart, the η-perceptron in the two others.
  rows = db.query(queries[1], params);
  ASSERT_EQ(rows.size(), 2u);
  for (const Row& row : rows) {
    const auto [n, m] = row[0] == "perceptron" ? mean_of({&q}) : mean_of({&qe, &e});
    EXPECT_EQ(row[2], std::to_string(n)) << row[0];
    EXPECT_NEAR(std::stod(row[3]), m, 1e-9) << row[0];
  }
  // 3. The quickstart against its η-perceptron variant, run for run.
  rows = db.query(queries[2], params);
  ASSERT_EQ(rows.size(), q.count);
  for (const Row& row : rows) {
    const long long point = std::stoll(row[0]);
    const long long repeat = std::stoll(row[1]);
    EXPECT_EQ(std::stoll(row[3]), q.mistakes.at({point, row[2], repeat}));
    EXPECT_EQ(std::stoll(row[5]), qe.mistakes.at({point, row[4], repeat}));
  }
  // 4. The 10 largest ratios of all three folders, largest first.
  std::vector<double> ratios;
  for (const char* name : {"q", "qe", "e"}) {
    const auto r_of = ratios_of(dir / name);
    ratios.insert(ratios.end(), r_of.begin(), r_of.end());
  }
  std::sort(ratios.rbegin(), ratios.rend());
  rows = db.query(queries[3], params);
  ASSERT_EQ(rows.size(), std::min<std::size_t>(10, ratios.size()));
  for (std::size_t i = 0; i < rows.size(); ++i)
    EXPECT_NEAR(std::stod(rows[i][4]), ratios[i], 1e-12 * ratios[i]) << i;
}

TEST(Export, RefusesAnUnfinishedFolderAndAFileThatIsNotADatabase) {
  test::TempDir dir;
  const auto config = dir.write("c.json", kConfig);
  ASSERT_EQ(
      run_plab({"run", config.string(), "--out", (dir / "a").string(), "--quiet", "--no-report"})
          .exit_code,
      0);
  fs::copy(dir / "a", dir / "cut", fs::copy_options::recursive);
  std::string manifest = read_file(dir / "cut" / "manifest.json");
  for (std::size_t at; (at = manifest.find("\"completed\"")) != std::string::npos;) {
    manifest.replace(at, 11, "\"interrupted\"");
  }
  std::ofstream(dir / "cut" / "manifest.json", std::ios::trunc) << manifest;
  auto r = run_plab({"export", (dir / "a").string(), (dir / "cut").string(), "--sqlite",
                     (dir / "n.db").string()});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("it is interrupted; finish it first"), std::string::npos) << r.err;
  EXPECT_TRUE(in_troubleshooting("it is interrupted; finish it first"));
  EXPECT_FALSE(fs::exists(dir / "n.db")) << "nothing is written when a folder is refused";

  const auto not_db = dir.write("notes.db", "some notes, not a database\n");
  r = run_plab({"export", (dir / "a").string(), "--sqlite", not_db.string()});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("is not an SQLite database plab can use"), std::string::npos) << r.err;
  EXPECT_TRUE(in_troubleshooting("is not an SQLite database plab can use"));
  EXPECT_EQ(read_file(not_db), "some notes, not a database\n");

  r = run_plab({"export", (dir / "a").string(), "--sqlite", (dir / "no" / "x.db").string()});
  EXPECT_EQ(r.exit_code, 4) << r.err;
  EXPECT_NE(r.err.find("cannot open the SQLite database"), std::string::npos) << r.err;
  EXPECT_TRUE(in_troubleshooting("cannot open the SQLite database"));
}

}  // namespace
}  // namespace plab
