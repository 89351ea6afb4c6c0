// Hostile inputs to plab export, plab report DB --query and plab report A B, through the
// real binary, as a table: each has its exit code and a fragment of its message (an error's
// fragment is also quoted in docs/troubleshooting.md). None may end in an internal error, a
// crash or a silent success. The folders and files they use are made once: two folders of
// one config (learners `classic` and `eta`), one of another seed, two shards and their
// merge, a database of the first two, and files that are not what they claim to be.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "support/export_folders.hpp"
#include "support/process.hpp"
#include "support/temp_dir.hpp"
#include "support/troubleshooting.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;
using test::read_file;
using test::run_plab;
using test::tiny_config;

struct Hostile {
  const char* what;
  std::vector<std::string> args;  // "{D}" is the shared folder
  int exit_code;
  const char* fragment;  // in stderr (an error) or stdout (a success)
  // An error's words as docs/troubleshooting.md quotes them, where not the fragment itself.
  const char* documented = nullptr;
};

// The query of docs/reports.md with one column replaced: `column AS name`.
std::string query_with(const std::string& name, const std::string& column) {
  std::string select = "r.point, r.learner, r.\"repeat\", p.seed, r.mistakes, r.test_error";
  const std::string original = name == "seed" ? "p.seed" : "r.\"" + name + "\"";
  const std::string plain = name == "seed" ? "p.seed" : "r." + name;
  const auto at = select.find(name == "repeat" ? original : plain);
  select.replace(at, name == "repeat" ? original.size() : plain.size(), column + " AS " + name);
  return "SELECT " + select +
         " FROM runs r JOIN points p ON p.experiment_id = r.experiment_id AND p.point = "
         "r.point WHERE r.experiment_id IN (1, 2) ORDER BY r.run";
}

const std::string kGood = query_with("mistakes", "r.mistakes");

std::vector<std::string> query(const std::string& sql, const std::string& out,
                               const std::string& db = "{D}/runs.db") {
  return {"report", db, "--query", sql, "--out", out};
}

const Hostile kCases[] = {
    // plab export: the database
    {"a text file as the database",
     {"export", "{D}/a", "--sqlite", "{D}/notes.txt"},
     2,
     "is not an SQLite database plab can use"},
    {"an SQLite file of other tables",
     {"export", "{D}/a", "--sqlite", "{D}/unrelated.db"},
     2,
     "is an SQLite database that plab export did not write"},
    {"an SQLite file with only a version set",
     {"export", "{D}/a", "--sqlite", "{D}/versioned.db"},
     2,
     "is an SQLite database that plab export did not write"},
    {"an earlier plab's database",
     {"export", "{D}/a", "--sqlite", "{D}/old.db"},
     2,
     "was written by an earlier plab export"},
    {"a newer plab's database",
     {"export", "{D}/a", "--sqlite", "{D}/newer.db"},
     2,
     "was written by a newer plab"},
    {"/dev/null as the database",
     {"export", "{D}/a", "--sqlite", "/dev/null"},
     2,
     "is not a regular file"},
    {"a FIFO as the database",
     {"export", "{D}/a", "--sqlite", "{D}/fifo"},
     2,
     "is not a regular file"},
    {"a folder as the database",
     {"export", "{D}/a", "--sqlite", "{D}/empty-dir"},
     2,
     "is not a regular file"},
    {"a database under a file",
     {"export", "{D}/a", "--sqlite", "{D}/notes.txt/x.db"},
     4,
     "cannot open the SQLite database"},
    // SQLite opens a file shorter than its header as an empty database: the export would
    // have replaced what it held.
    {"a lone newline as the database",
     {"export", "{D}/a", "--sqlite", "{D}/newline.db"},
     2,
     "holds 1 byte and does not begin with SQLite's header",
     "does not begin with SQLite's header"},
    {"one letter as the database, with a CSV",
     {"export", "{D}/b", "--sqlite", "{D}/letter.db", "--csv", "{D}/beside-letter.csv"},
     2,
     "holds 1 byte and does not begin with SQLite's header",
     "does not begin with SQLite's header"},
    {"SQLite's header less its last byte as the database",
     {"export", "{D}/c", "--sqlite", "{D}/almost.db"},
     2,
     "holds 15 bytes and does not begin with SQLite's header",
     "does not begin with SQLite's header"},
    {"an empty file as the database",
     {"export", "{D}/a", "--sqlite", "{D}/empty.db"},
     0,
     "6 runs added as experiment 1"},
    {"SQLite's in-memory database",
     {"export", "{D}/a", "--sqlite", ":memory:"},
     2,
     "':memory:' is SQLite's in-memory database"},
    {"an SQLite URI of an in-memory database",
     {"export", "{D}/a", "--sqlite", "file:uri.db?mode=memory"},
     2,
     "is an SQLite URI"},
    {"an SQLite URI of a file",
     {"export", "{D}/a", "--sqlite", "file:{D}/uri.db"},
     2,
     "is an SQLite URI"},
    {"an empty database name",
     {"export", "{D}/a", "--sqlite", ""},
     2,
     "needs the name of a database file on disk"},
    {"plab's database without its runs table",
     {"export", "{D}/c", "--sqlite", "{D}/no-runs.db"},
     2,
     "it has plab's version but no table 'runs'",
     "is not an SQLite database plab can use"},
    {"plab's database without its points table",
     {"export", "{D}/c", "--sqlite", "{D}/no-points.db"},
     2,
     "no table 'points'",
     "is not an SQLite database plab can use"},
    {"plab's database without a runs column",
     {"export", "{D}/c", "--sqlite", "{D}/no-column.db"},
     2,
     "its table 'runs' has no column 'mistakes'",
     "is not an SQLite database plab can use"},
    {"plab's database with a column of another type",
     {"export", "{D}/c", "--sqlite", "{D}/retyped.db"},
     2,
     "its column 'runs.params' is of type 'BLOB' where plab makes it 'TEXT'",
     "is not an SQLite database plab can use"},
    {"a truncated database",
     {"export", "{D}/a", "--sqlite", "{D}/truncated.db"},
     2,
     "is not an SQLite database plab can use"},
    // SQLite's answer spans two lines; plab's error stays one.
    {"a database whose page 2 header says 65535 cells",
     {"export", "{D}/c", "--sqlite", "{D}/page-header.db"},
     2,
     "SQLite finds it damaged (*** in database main ***; Page 2: ",
     "is not an SQLite database plab can use"},
    {"a database with bytes overwritten in the middle",
     {"export", "{D}/c", "--sqlite", "{D}/corrupt.db"},
     2,
     "is not an SQLite database plab can use"},
    {"plab's database with version -1",
     {"export", "{D}/a", "--sqlite", "{D}/version-minus-1.db"},
     2,
     "has plab's application id but schema version -1, which no plab writes"},
    {"plab's database with version 1",
     {"export", "{D}/a", "--sqlite", "{D}/version-1.db"},
     2,
     "schema version 1, which no plab writes",
     "has plab's application id but schema version -1, which no plab writes"},
    {"plab's database with version 99",
     {"export", "{D}/a", "--sqlite", "{D}/version-99.db"},
     2,
     "was written by a newer plab"},
    {"an experiments row deleted (its runs stay)",
     {"export", "{D}/a", "--sqlite", "{D}/no-experiment.db"},
     2,
     "holds rows of experiment 1, which the table experiments does not list",
     "is not an SQLite database plab can use"},
    {"a runs row deleted",
     {"export", "{D}/c", "--sqlite", "{D}/run-deleted.db"},
     2,
     "experiment 1 says it added 6 runs and the table runs holds 5",
     "is not an SQLite database plab can use"},
    {"a run of a sweep point the points table lacks",
     {"export", "{D}/c", "--sqlite", "{D}/no-point.db"},
     2,
     "which the table points does not list",
     "is not an SQLite database plab can use"},
    {"a runs column edited, the record not",
     {"export", "{D}/a", "--sqlite", "{D}/column-edited.db"},
     2,
     "has a column 'mistakes' that differs from its record",
     "is not an SQLite database plab can use"},
    {"an experiment's identity_sha256 edited",
     {"export", "{D}/a", "--sqlite", "{D}/identity-edited.db"},
     2,
     "its table 'experiments' row 1 has an identity_sha256 that is not the one its config",
     "is not an SQLite database plab can use"},
    {"a run_reals value edited",
     {"export", "{D}/a", "--sqlite", "{D}/real-edited.db"},
     2,
     "has a value that differs from its run's record",
     "is not an SQLite database plab can use"},
    {"a run_reals row deleted",
     {"export", "{D}/a", "--sqlite", "{D}/real-deleted.db"},
     2,
     "for a real of its run's record (deleted by hand?)",
     "is not an SQLite database plab can use"},
    {"a run_reals row added",
     {"export", "{D}/a", "--sqlite", "{D}/real-added.db"},
     2,
     "its table 'run_reals' holds the row (experiment 1, run 0, field 'zz')",
     "is not an SQLite database plab can use"},
    {"a run added beyond its experiment's runs, runs_added raised",
     {"export", "{D}/c", "--sqlite", "{D}/fake-run.db"},
     2,
     "its table 'runs' row (experiment 1, run 999) is outside its experiment's runs, from "
     "first_run 0 up to end_run 6",
     "is outside its experiment's runs"},
    {"a run's learner renamed",
     {"export", "{D}/a", "--sqlite", "{D}/learner-renamed.db"},
     2,
     "its table 'runs' row (experiment 1, run 0) has learner 'zz' where",
     "is not an SQLite database plab can use"},
    {"a run's repeat edited",
     {"export", "{D}/a", "--sqlite", "{D}/repeat-edited.db"},
     2,
     "its table 'runs' row (experiment 1, run 0) has repeat 7 where",
     "is not an SQLite database plab can use"},
    {"--csv onto an SQLite database, with --force",
     {"export", "{D}/a", "--csv", "{D}/csv-over.db", "--force"},
     2,
     "is an SQLite database, which plab export never replaces with a CSV"},
    {"--csv naming a missing folder (ending in '/')",
     {"export", "{D}/a", "--csv", "{D}/new-folder/"},
     2,
     "is a folder's name (it ends in '/')"},
    {"a runs seed edited, the record not",
     {"export", "{D}/b", "--sqlite", "{D}/seed-edited.db"},
     2,
     "its seed 22 is not its sweep point's seed 21",
     "is not an SQLite database plab can use"},
    {"a trigger that deletes what the export adds",
     {"export", "{D}/c", "--sqlite", "{D}/trigger.db"},
     2,
     "it holds a trigger 'tg' on the table 'runs', which plab does not make",
     "is not an SQLite database plab can use"},
    {"a trigger on the experiments table",
     {"export", "{D}/c", "--sqlite", "{D}/trigger-experiments.db"},
     2,
     "it holds a trigger 'te' on the table 'experiments'",
     "is not an SQLite database plab can use"},
    {"a view of the user's",
     {"export", "{D}/c", "--sqlite", "{D}/extra-view.db"},
     2,
     "it holds a view 'mine', which plab does not make",
     "is not an SQLite database plab can use"},
    {"an index of the user's",
     {"export", "{D}/c", "--sqlite", "{D}/extra-index.db"},
     2,
     "it holds an index 'runs_by_learner' on the table 'runs', which plab does not make",
     "is not an SQLite database plab can use"},
    {"a table of the user's",
     {"export", "{D}/c", "--sqlite", "{D}/extra-table.db"},
     2,
     "it holds a table 'notes', which plab does not make",
     "is not an SQLite database plab can use"},
    {"runs_flat edited",
     {"export", "{D}/c", "--sqlite", "{D}/edited-view.db"},
     2,
     "its view 'runs_flat' is not the one plab makes from what the database holds",
     "is not an SQLite database plab can use"},
    {"a column added to runs",
     {"export", "{D}/c", "--sqlite", "{D}/extra-column.db"},
     2,
     "its table 'runs' is not declared as plab declares it",
     "is not an SQLite database plab can use"},
    {"plab's index dropped",
     {"export", "{D}/c", "--sqlite", "{D}/no-index.db"},
     2,
     "it lacks plab's index 'experiments_by_identity'",
     "is not an SQLite database plab can use"},
    {"a database with ANALYZE's statistics",
     {"export", "{D}/a", "--sqlite", "{D}/analyzed.db"},
     0,
     "all 6 runs already in"},
    {"a database whose runs_flat was dropped",
     {"export", "{D}/a", "--sqlite", "{D}/no-view.db"},
     0,
     "all 6 runs already in"},
    {"plab's database with another application id",
     {"export", "{D}/a", "--sqlite", "{D}/app-id.db"},
     2,
     "its application id is 5, not plab's 1886151010",
     "is an SQLite database that plab export did not write"},
    {"an SQLite file with only a version set, said so",
     {"export", "{D}/a", "--sqlite", "{D}/versioned.db"},
     2,
     "it has no tables, and the schema version 2 without plab's application id",
     "is an SQLite database that plab export did not write"},
    {"a link to plab's database",
     {"export", "{D}/c", "--sqlite", "{D}/linked.db"},
     2,
     "is not a regular file (it is a symbolic link)",
     "is not a regular file"},
    {"a link to no file",
     {"export", "{D}/c", "--sqlite", "{D}/dangling.db"},
     2,
     "is not a regular file (it is a symbolic link)",
     "is not a regular file"},
    {"a database in a linked folder",
     {"export", "{D}/a", "--sqlite", "{D}/linked-dir/n14.db"},
     0,
     "6 runs added as experiment 1"},
    {"'-' as the database",
     {"export", "{D}/a", "--sqlite", "-"},
     2,
     "'-' would be a file named '-'"},
    {"'-' as the CSV file", {"export", "{D}/a", "--csv", "-"}, 2, "'-' would be a file named '-'"},
    {"an empty CSV file name",
     {"export", "{D}/a", "--csv", ""},
     2,
     "--csv needs the name of a file: it is empty"},
    {"one file for --csv and --sqlite",
     {"export", "{D}/a", "--sqlite", "{D}/same.db", "--csv", "{D}/same.db"},
     2,
     "--csv and --sqlite name the same file"},
    {"one file for --csv and --sqlite, spelled two ways, with --force",
     {"export", "{D}/a", "--sqlite", "{D}/same2.db", "--csv", "{D}/a/../same2.db", "--force"},
     2,
     "--csv and --sqlite name the same file"},
    {"the CSV at the database's journal name",
     {"export", "{D}/a", "--sqlite", "{D}/side.db", "--csv", "{D}/side.db-journal"},
     2,
     "is the database's own"},
    {"the CSV at the database's WAL name, spelled with ..",
     {"export", "{D}/a", "--sqlite", "{D}/side.db", "--csv", "{D}/a/../side.db-wal", "--force"},
     2,
     "is the database's own"},
    {"the CSV at the database's shared-memory name",
     {"export", "{D}/a", "--sqlite", "{D}/side.db", "--csv", "{D}/side.db-shm"},
     2,
     "is the database's own"},
    {"the CSV over a plot's data file in the exported folder's plots/",
     {"export", "{D}/a", "--csv", "{D}/a/plots/mistakes.dat", "--force"},
     2,
     "is inside the results folder"},
    {"the CSV over the exported folder's records",
     {"export", "{D}/a", "--csv", "{D}/a/runs.jsonl", "--force"},
     2,
     "is inside the results folder"},
    {"the CSV over the exported folder's manifest, spelled with ..",
     {"export", "{D}/a", "--csv", "{D}/a/../a/manifest.json", "--force"},
     2,
     "is inside the results folder"},
    // The database inside a results folder: its .plab.lock, emptied by the next plab run of
    // the folder, would have taken the exported runs with it.
    {"the database at the exported folder's lock file",
     {"export", "{D}/a", "--sqlite", "{D}/a/.plab.lock"},
     2,
     "is inside the results folder"},
    {"the database at another folder's lock file, with a CSV",
     {"export", "{D}/a", "--sqlite", "{D}/b/.plab.lock", "--csv", "{D}/beside-lock.csv"},
     2,
     "is inside the results folder"},
    {"a new database under a folder's plots/, through a link to the folder",
     {"export", "{D}/c", "--sqlite", "{D}/a-link/plots/new.db"},
     2,
     "is inside the results folder"},
    {"--force with --sqlite alone",
     {"export", "{D}/a", "--sqlite", "{D}/n13.db", "--force"},
     2,
     "--force is for --csv"},
    // plab export: the folders
    {"a manifest that is a link to /dev/zero",
     {"export", "{D}/zero-manifest", "--sqlite", "{D}/n12.db"},
     2,
     "manifest.json' is not a regular file"},
    {"a folder that does not exist",
     {"export", "{D}/nothere", "--sqlite", "{D}/n1.db"},
     2,
     "is not a results folder"},
    {"a file as the folder",
     {"export", "{D}/notes.txt", "--sqlite", "{D}/n2.db"},
     2,
     "is not a results folder"},
    {"no folder",
     {"export", "--sqlite", "{D}/n3.db"},
     2,
     "plab export needs one or more results folders"},
    {"no database", {"export", "{D}/a"}, 2, "needs --sqlite DB, --csv FILE or both"},
    {"an interrupted folder",
     {"export", "{D}/cut", "--sqlite", "{D}/n4.db"},
     2,
     "it is interrupted; finish it first"},
    {"a record edited after it was written",
     {"export", "{D}/edited", "--sqlite", "{D}/n5.db"},
     2,
     "this record is not the one plab wrote"},
    {"a manifest whose point seed is negative",
     {"export", "{D}/bad-seed", "--sqlite", "{D}/n6.db"},
     2,
     "expected a seed (an integer from 0 to 2^64-1)"},
    {"a manifest whose point seed is text",
     {"export", "{D}/text-seed", "--sqlite", "{D}/n7.db"},
     2,
     "expected a seed (an integer from 0 to 2^64-1)"},
    {"a manifest listing a point twice",
     {"export", "{D}/twice-point", "--sqlite", "{D}/n8.db"},
     2,
     "repeats point 0"},
    {"one folder twice in one export",
     {"export", "{D}/a", "{D}/a", "--sqlite", "{D}/n9.db"},
     0,
     "all 6 runs already in"},
    {"a folder and a copy of it",
     {"export", "{D}/a", "{D}/a-copy", "--sqlite", "{D}/n10.db"},
     0,
     "1 of 2 folders"},
    {"two shards and their merge",
     {"export", "{D}/s0", "{D}/m", "{D}/s1", "--sqlite", "{D}/n11.db"},
     0,
     "24 runs added, 24 already there"},
    // plab report DB --query: the database
    {"/dev/null as the database", query(kGood, "{D}/q1", "/dev/null"), 2, "it is not a file"},
    {"a folder as the database", query(kGood, "{D}/q2", "{D}/empty-dir"), 2, "it is not a file"},
    {"a text file as the database", query(kGood, "{D}/q3", "{D}/notes.txt"), 2,
     "is not an SQLite database plab can use"},
    {"an earlier plab's database", query(kGood, "{D}/q4", "{D}/old.db"), 2,
     "was written by an earlier plab export"},
    {"a database without runs", query(kGood, "{D}/q5", "{D}/unrelated.db"), 2,
     "the query does not run on"},
    {"a missing database", query(kGood, "{D}/q6", "{D}/nothere.db"), 2, "it is not a file"},
    // plab report DB --query: the query
    {"a query that writes", query("DELETE FROM runs", "{D}/q7"), 2,
     "the query must only read the database", "the query must only read the database (a SELECT)"},
    {"a query without the columns", query("SELECT point, learner FROM runs", "{D}/q8"), 2,
     "the query must return the columns point, learner, repeat, seed and mistakes"},
    {"a column named twice",
     query("SELECT point, learner, \"repeat\", seed, mistakes, mistakes FROM runs", "{D}/q9"), 2,
     "returns the column 'mistakes' twice"},
    {"no runs", query(kGood + " LIMIT 0", "{D}/q10"), 2, "the query returns no runs",
     "the query returns no runs from"},
    {"mistakes as text", query(query_with("mistakes", "'many'"), "{D}/q11"), 2,
     "the query's column 'mistakes' in row 1 is text 'many'", "the query\'s column"},
    {"mistakes as the text of a number",
     query(query_with("mistakes", "CAST(r.mistakes AS TEXT)"), "{D}/q12"), 2,
     "the query's column 'mistakes' in row 1 is text", "the query\'s column"},
    {"mistakes near 1e308", query(query_with("mistakes", "1.7e308 - r.run"), "{D}/q13"), 2,
     "the query's column 'mistakes' in row 1 is the real number 1.7e+308", "the query\'s column"},
    {"mistakes past 2^53", query(query_with("mistakes", "9007199254740993"), "{D}/q14"), 2,
     "the query's column 'mistakes' in row 1 is the integer 9007199254740993",
     "the query\'s column"},
    {"negative mistakes", query(query_with("mistakes", "-1"), "{D}/q15"), 2,
     "the query's column 'mistakes' in row 1 is the integer -1", "the query\'s column"},
    {"a fraction of a mistake", query(query_with("mistakes", "r.mistakes + 0.5"), "{D}/q16"), 2,
     "expected a count of mistakes", "the query's column"},
    {"a blob of mistakes", query(query_with("mistakes", "x'00ff'"), "{D}/q17"), 2,
     "is a blob of 2 bytes"},
    {"whole mistakes as reals",
     query(query_with("mistakes", "CAST(r.mistakes AS REAL)"), "{D}/q18"), 0, "comparison:"},
    {"a test error near 1e308", query(query_with("test_error", "9.9e307"), "{D}/q19"), 2,
     "the query's column 'test_error' in row 1 is the real number 9.9e+307", "the query\'s column"},
    {"a test error above 1", query(query_with("test_error", "1.5"), "{D}/q20"), 2,
     "expected an error rate (a number from 0 to 1) or NULL"},
    {"a point as text", query(query_with("point", "'zero'"), "{D}/q21"), 2,
     "the query's column 'point' in row 1 is text 'zero'", "the query\'s column"},
    {"a point as a real", query(query_with("point", "0.5"), "{D}/q22"), 2,
     "the query's column 'point' in row 1 is the real number 0.5", "the query\'s column"},
    {"a negative repeat", query(query_with("repeat", "-1"), "{D}/q23"), 2,
     "the query's column 'repeat' in row 1 is the integer -1", "the query\'s column"},
    {"a learner of NULL", query(query_with("learner", "NULL"), "{D}/q24"), 2,
     "the query's column 'learner' in row 1 is NULL", "the query\'s column"},
    {"a seed with a leading zero", query(query_with("seed", "'021'"), "{D}/q25"), 2,
     "the query's column 'seed' in row 1 is text '021'", "the query\'s column"},
    {"a seed past 2^64-1", query(query_with("seed", "'18446744073709551616'"), "{D}/q26"), 2,
     "the query's column 'seed' in row 1 is text '18446744073709551616'", "the query\'s column"},
    {"a negative seed", query(query_with("seed", "-21"), "{D}/q27"), 2,
     "the query's column 'seed' in row 1 is the integer -21", "the query\'s column"},
    {"a seed as a real", query(query_with("seed", "21.0"), "{D}/q28"), 2,
     "the query's column 'seed' in row 1 is the real number 21", "the query\'s column"},
    {"runs of two seeds at one point",
     query(query_with("seed", "CASE r.experiment_id WHEN 1 THEN p.seed ELSE '22' END"), "{D}/q29"),
     2, "with seeds 21 and 22", "a paired comparison needs the same seed"},
    {"a seed given as an integer", query(query_with("seed", "CAST(p.seed AS INTEGER)"), "{D}/q30"),
     0, "comparison:"},
    {"a query with --out /dev/null", query(kGood, "/dev/null"), 2,
     "cannot be a folder: '/dev/null' is a device"},
    {"a query into a results folder", query(kGood, "{D}/a/sub"), 2, "is inside the results folder"},
    {"a second statement after the query", query(kGood + "; DELETE FROM runs", "{D}/q31"), 2,
     "the query must be one statement"},
    {"a second statement after an empty one", query(kGood + ";; DELETE FROM runs", "{D}/q46"), 2,
     "the query must be one statement"},
    {"a second SELECT after the query", query(kGood + ";\n SELECT 1", "{D}/q32"), 2,
     "the query must be one statement"},
    {"text that is no statement after the query", query(kGood + "; garbage", "{D}/q33"), 2,
     "the query must be one statement"},
    {"a comment and semicolons after the query", query(kGood + "; -- the end\n;", "{D}/q34"), 0,
     "comparison:"},
    {"ATTACH", query("ATTACH DATABASE '{D}/attached.db' AS x", "{D}/q35"), 2,
     "it asks to attach another database", "the query must only read the database (a SELECT)"},
    {"PRAGMA writable_schema", query("PRAGMA writable_schema=ON", "{D}/q36"), 2,
     "it asks to run PRAGMA writable_schema", "the query must only read the database (a SELECT)"},
    {"a PRAGMA that reads", query("PRAGMA user_version", "{D}/q37"), 2,
     "it asks to run PRAGMA user_version", "the query must only read the database (a SELECT)"},
    {"BEGIN", query("BEGIN", "{D}/q38"), 2, "it asks to begin or end a transaction",
     "the query must only read the database (a SELECT)"},
    {"a temporary table", query("CREATE TEMP TABLE t AS " + kGood, "{D}/q39"), 2,
     "it asks to write to the table", "the query must only read the database (a SELECT)"},
    {"an empty query", query("", "{D}/q40"), 2, "the query is empty"},
    {"a query of a comment only", query("-- only a comment", "{D}/q41"), 2, "the query is empty"},
    {"a query of spaces and a semicolon", query("  ;\n", "{D}/q42"), 2, "the query is empty"},
    {"runs of one learner",
     query("SELECT r.point, r.learner, r.\"repeat\", p.seed, r.mistakes FROM runs r JOIN points p "
           "ON p.experiment_id = r.experiment_id AND p.point = r.point WHERE r.experiment_id = 1",
           "{D}/q43"),
     2, "the query returns the runs of one learner only ('classic')",
     "the query returns the runs of one learner only"},
    {"a query that never ends",
     query("WITH RECURSIVE c(x) AS (SELECT 0 UNION ALL SELECT x+1 FROM c) SELECT x AS point, "
           "'a' AS learner, 0 AS \"repeat\", '1' AS seed, 1 AS mistakes FROM c",
           "{D}/q44"),
     2, "the query returns more than 1000000 runs, the most plab report --query compares"},
    {"a learner name with a NUL",
     query("SELECT 0 AS point, 'a' || char(0) || x AS learner, 0 AS \"repeat\", '1' AS seed, "
           "1 AS mistakes FROM (SELECT 'x' AS x UNION ALL SELECT 'y')",
           "{D}/q45"),
     2,
     "the query's column 'learner' in row 1 is text 'a\\x00x'; expected a learner's name "
     "without control characters",
     "the query's column"},
    {"a learner name with a line break",
     query(query_with("learner", "char(10) || r.learner"), "{D}/q47"), 2, "in row 1 is text '\\x0a",
     "the query's column"},
    {"a table-valued PRAGMA function (it only reads)",
     query(kGood.substr(0, kGood.find(" WHERE")) +
               ", pragma_table_info('runs') t WHERE t.cid = 0 AND r.experiment_id IN (1, 2)",
           "{D}/q48"),
     0, "comparison:"},
    {"the schema version read by pragma_user_version",
     query(kGood.substr(0, kGood.find(" WHERE")) +
               ", pragma_user_version v WHERE v.user_version = 3 AND r.experiment_id IN (1, 2)",
           "{D}/q49"),
     0, "comparison:"},
    {"column names in other case",
     query("SELECT r.point AS POINT, r.learner AS Learner, r.\"repeat\" AS \"REPEAT\", p.seed AS "
           "Seed, r.mistakes AS MISTAKES FROM runs r JOIN points p ON p.experiment_id = "
           "r.experiment_id AND p.point = r.point WHERE r.experiment_id IN (1, 2)",
           "{D}/q50"),
     0, "comparison:"},
    {"a column named twice in other case",
     query("SELECT point, POINT, learner, \"repeat\", seed, mistakes FROM runs", "{D}/q51"), 2,
     "returns the column 'point' twice", "returns the column 'mistakes' twice"},
    {"an unbound parameter",
     query(kGood.substr(0, kGood.find(" ORDER BY")) + " AND r.run > ?", "{D}/q52"), 2,
     "the query has a parameter, '?', which plab report does not fill"},
    {"two named parameters",
     query(kGood.substr(0, kGood.find(" ORDER BY")) + " AND r.run > :low AND r.run < :high",
           "{D}/q53"),
     2,
     "the query has parameters (SQLite numbers the query's parameters up to 2), the first "
     "':low'",
     "which plab report does not fill"},
    {"one numbered parameter, ?5",
     query(kGood.substr(0, kGood.find(" ORDER BY")) + " AND r.run > ?5", "{D}/q45"), 2,
     "the query has a parameter, '?5' (SQLite numbers the query's parameters up to 5)",
     "which plab report does not fill"},
    {"a learner name of spaces only",
     query(query_with("learner", "CASE r.learner WHEN 'classic' THEN ' ' ELSE r.learner END"),
           "{D}/q55"),
     2, "is text ' '; expected a learner's name, not only spaces",
     "expected a learner's name, not only spaces"},
    {"an empty learner name",
     query(query_with("learner", "CASE r.learner WHEN 'classic' THEN '' ELSE r.learner END"),
           "{D}/q54"),
     2, "the query's column 'learner' in row 1 is text ''; expected a learner's name",
     "the query's column"},
    {"a query without --out",
     {"report", "{D}/runs.db", "--query", kGood},
     2,
     "plab report DB --query SQL needs one database and --out OUT",
     "plab report DB --query SQL needs one database and --out OUT for the comparison"},
    // plab report A B --out OUT
    {"a folder with itself",
     {"report", "{D}/a", "{D}/a", "--out", "{D}/r1"},
     2,
     "are the same folder"},
    {"a folder with a link to it",
     {"report", "{D}/a", "{D}/a-link", "--out", "{D}/r2"},
     2,
     "are the same folder"},
    {"two shards of one experiment",
     {"report", "{D}/s0", "{D}/s1", "--out", "{D}/r3"},
     2,
     "is shard 0 of 2"},
    {"a shard with its merge",
     {"report", "{D}/m", "{D}/s1", "--out", "{D}/r4"},
     2,
     "is shard 1 of 2",
     "not a whole experiment"},
    {"folders of two seeds",
     {"report", "{D}/a", "{D}/c", "--out", "{D}/r5"},
     2,
     "do not hold matching runs"},
    {"a database as a folder",
     {"report", "{D}/a", "{D}/runs.db", "--out", "{D}/r6"},
     2,
     "is not a results folder"},
    {"--out /dev/null",
     {"report", "{D}/a", "{D}/b", "--out", "/dev/null"},
     2,
     "cannot be a folder: '/dev/null' is a device"},
    {"--out a FIFO", {"report", "{D}/a", "{D}/b", "--out", "{D}/fifo"}, 2, "is a FIFO"},
    {"--out under a file",
     {"report", "{D}/a", "{D}/b", "--out", "{D}/notes.txt/x"},
     2,
     "is a file; name a folder for the comparison"},
    {"--out inside the first folder",
     {"report", "{D}/a", "{D}/b", "--out", "{D}/a/cmp"},
     2,
     "is inside the results folder"},
    {"--out the second folder",
     {"report", "{D}/a", "{D}/b", "--out", "{D}/b"},
     2,
     "is the results folder"},
    {"--out empty", {"report", "{D}/a", "{D}/b", "--out", ""}, 2, "names no folder"},
    {"--out holding a report",
     {"report", "{D}/a", "{D}/b", "--out", "{D}/has-report"},
     2,
     "already holds a report.md"},
    {"--force without --out", {"report", "{D}/a", "--force"}, 2, "--force is for --out"},
    {"three folders",
     {"report", "{D}/a", "{D}/b", "{D}/c", "--out", "{D}/r7"},
     2,
     "too many positional options"},
};

class HostileExport : public ::testing::TestWithParam<Hostile> {
 protected:
  static void SetUpTestSuite() {
    dir_ = new test::TempDir();
    const test::TempDir& d = *dir_;
    const std::string two = test::kClassicLearner + ", " + test::kEtaLearner;
    run_tiny(d, "a", tiny_config("21", test::kClassicLearner, 3));
    fs::copy(d / "a", d / "a-copy", fs::copy_options::recursive);
    fs::create_directory_symlink(d / "a", d / "a-link");
    run_tiny(d, "b", tiny_config("21", test::kEtaLearner, 3));
    run_tiny(d, "c", tiny_config("22", test::kEtaLearner, 3));
    run_tiny(d, "s0", tiny_config("31", two, 6), {"--shard", "0/2"});
    run_tiny(d, "s1", tiny_config("31", two, 6), {"--shard", "1/2"});
    EXPECT_EQ(
        run_plab({"merge", (d / "m").string(), (d / "s0").string(), (d / "s1").string()}).exit_code,
        0);
    EXPECT_EQ(run_plab({"export", (d / "a").string(), (d / "b").string(), "--sqlite",
                        (d / "runs.db").string()})
                  .exit_code,
              0);
    d.write("notes.txt", "not a database\n");
    d.write("empty.db", "");
    d.write("newline.db", "\n");
    d.write("letter.db", "x");
    d.write("almost.db", std::string("SQLite format 3\0", 15));
    fs::create_directory(d / "empty-dir");
    fs::create_directory(d / "has-report");
    d.write("has-report/report.md", "mine\n");
    EXPECT_EQ(mkfifo((d / "fifo").c_str(), 0600), 0);
    test::sqlite_exec(d / "unrelated.db", "CREATE TABLE notes (text TEXT);");
    test::sqlite_exec(d / "versioned.db", "PRAGMA user_version = 2;");
    test::sqlite_exec(d / "newer.db",
                      "PRAGMA application_id = 1886151010; PRAGMA user_version = 9;"
                      "CREATE TABLE experiments (id INTEGER);");
    std::string old;
    for (const char* t : {"experiments", "plugins", "data_files", "points", "learners", "runs"})
      old += std::string("CREATE TABLE ") + t + " (id INTEGER);";
    test::sqlite_exec(d / "old.db", old);
    // Folders damaged in one place each.
    const auto edit = [&](const std::string& name, const std::string& file, const std::string& from,
                          const std::string& to) {
      fs::copy(d / "a", d / name, fs::copy_options::recursive);
      std::string text = read_file(d / name / file);
      const auto at = text.find(from);
      ASSERT_NE(at, std::string::npos) << from;
      text.replace(at, from.size(), to);
      std::ofstream(d / name / file, std::ios::trunc) << text;
    };
    edit("cut", "manifest.json", "\"status\":\"completed\"", "\"status\":\"interrupted\"");
    edit("edited", "runs.jsonl", "\"mistakes\":", "\"mistakes\": ");
    edit("bad-seed", "manifest.json", "\"seed\":21,\"repeats\":3,\"learners\"",
         "\"seed\":-21,\"repeats\":3,\"learners\"");
    edit("text-seed", "manifest.json", "\"seed\":21,\"repeats\":3,\"learners\"",
         "\"seed\":\"21\",\"repeats\":3,\"learners\"");
    // Databases of plab's version damaged in one place each (runs.db holds a, then b).
    const auto damaged = [&](const std::string& name, const std::string& sql) {
      fs::copy_file(d / "runs.db", d / name);
      test::sqlite_exec(d / name, sql);
    };
    damaged("no-runs.db", "DROP TABLE runs;");
    damaged("no-points.db", "DROP TABLE points;");
    damaged("no-column.db", "ALTER TABLE runs RENAME COLUMN mistakes TO mistakes_renamed;");
    damaged("retyped.db",
            "PRAGMA writable_schema = ON; UPDATE sqlite_master SET sql = replace(sql, "
            "'\"params\" TEXT', '\"params\" BLOB') WHERE name = 'runs';");
    damaged("version-minus-1.db", "PRAGMA user_version = -1;");
    damaged("version-1.db", "PRAGMA user_version = 1;");
    damaged("version-99.db", "PRAGMA user_version = 99;");
    damaged("no-experiment.db", "DELETE FROM experiments WHERE id = 1;");
    damaged("run-deleted.db", "DELETE FROM runs WHERE experiment_id = 1 AND run = 0;");
    damaged("no-point.db", "UPDATE runs SET point = 7 WHERE experiment_id = 1 AND run = 0;");
    damaged("column-edited.db",
            "UPDATE runs SET mistakes = mistakes + 5 WHERE experiment_id = 1 AND run = 0;");
    damaged("seed-edited.db", "UPDATE runs SET seed = '22' WHERE experiment_id = 2;");
    damaged("identity-edited.db", "UPDATE experiments SET identity_sha256 = '00' WHERE id = 1;");
    const std::string first_real =
        " WHERE rowid = (SELECT min(rowid) FROM run_reals WHERE experiment_id = 1 AND run = 0);";
    damaged("real-edited.db", "UPDATE run_reals SET value = value + 1" + first_real);
    damaged("real-deleted.db", "DELETE FROM run_reals" + first_real);
    damaged("real-added.db", "INSERT INTO run_reals VALUES (1, 0, 'zz', 1.5);");
    damaged("fake-run.db",
            "CREATE TEMP TABLE t AS SELECT * FROM runs WHERE experiment_id = 1 AND run = 0; "
            "UPDATE t SET run = 999; INSERT INTO runs SELECT * FROM t; "
            "UPDATE experiments SET runs_added = runs_added + 1 WHERE id = 1;");
    damaged("learner-renamed.db",
            "UPDATE runs SET learner = 'zz' WHERE experiment_id = 1 AND run = 0;");
    damaged("repeat-edited.db",
            "UPDATE runs SET \"repeat\" = 7 WHERE experiment_id = 1 AND run = 0;");
    fs::copy_file(d / "runs.db", d / "csv-over.db");
    damaged("trigger.db", "CREATE TRIGGER tg AFTER INSERT ON runs BEGIN DELETE FROM runs; END;");
    damaged("trigger-experiments.db",
            "CREATE TRIGGER te BEFORE UPDATE ON experiments BEGIN SELECT 1; END;");
    damaged("extra-view.db", "CREATE VIEW mine AS SELECT * FROM runs;");
    damaged("extra-index.db", "CREATE INDEX runs_by_learner ON runs (learner);");
    damaged("extra-table.db", "CREATE TABLE notes (text TEXT);");
    damaged("edited-view.db", "DROP VIEW runs_flat; CREATE VIEW runs_flat AS SELECT * FROM runs;");
    damaged("extra-column.db", "ALTER TABLE runs ADD COLUMN extra TEXT;");
    damaged("no-index.db", "DROP INDEX experiments_by_identity;");
    damaged("analyzed.db", "ANALYZE;");
    damaged("no-view.db", "DROP VIEW runs_flat;");
    damaged("app-id.db", "PRAGMA application_id = 5;");
    fs::copy_file(d / "runs.db", d / "link-target.db");
    fs::create_symlink(d / "link-target.db", d / "linked.db");
    fs::create_symlink(d / "nowhere.db", d / "dangling.db");
    fs::create_directory(d / "db-dir");
    fs::create_directory_symlink(d / "db-dir", d / "linked-dir");
    const std::string whole = read_file(d / "runs.db");
    d.write("truncated.db", whole.substr(0, 100));
    // Every page after the first two overwritten with a pattern SQLite cannot read.
    std::string corrupt = whole;
    for (std::size_t i = 8192; i < corrupt.size(); ++i) corrupt[i] = static_cast<char>(0xa5);
    d.write("corrupt.db", corrupt);
    std::string header = whole;  // page 2's b-tree header: its cell count at bytes 3 and 4
    header[4096 + 3] = header[4096 + 4] = static_cast<char>(0xff);
    d.write("page-header.db", header);
    fs::create_directory(d / "zero-manifest");
    fs::copy(d / "a" / "runs.jsonl", d / "zero-manifest" / "runs.jsonl");
    fs::create_symlink("/dev/zero", d / "zero-manifest" / "manifest.json");
    fs::copy(d / "a", d / "twice-point", fs::copy_options::recursive);
    std::string m = read_file(d / "twice-point" / "manifest.json");
    const auto at = m.find("\"index\":1,");
    ASSERT_NE(at, std::string::npos);
    m.replace(at, 10, "\"index\":0,");
    std::ofstream(d / "twice-point" / "manifest.json", std::ios::trunc) << m;
  }
  static void TearDownTestSuite() {
    delete dir_;
    dir_ = nullptr;
  }
  static test::TempDir* dir_;
};

test::TempDir* HostileExport::dir_ = nullptr;

TEST_P(HostileExport, GetsItsExitCodeAndAClearMessage) {
  const Hostile& c = GetParam();
  std::vector<std::string> args;
  for (std::string a : c.args) {
    for (std::size_t at; (at = a.find("{D}")) != std::string::npos;)
      a.replace(at, 3, dir_->path().string());
    args.push_back(a);
  }
  // A refused export writes nothing: each regular file it names as an output keeps its
  // bytes, and one that did not exist is not made.
  std::vector<std::pair<fs::path, std::string>> outputs;
  for (std::size_t i = 0; i + 1 < args.size(); ++i) {
    if (args[i] != "--sqlite" && args[i] != "--csv") continue;
    std::error_code ec;
    const fs::file_status status = fs::symlink_status(args[i + 1], ec);
    if (fs::is_regular_file(status)) outputs.emplace_back(args[i + 1], read_file(args[i + 1]));
    if (!fs::exists(status)) outputs.emplace_back(args[i + 1], std::string("(absent)"));
  }
  const auto r = run_plab(args);
  EXPECT_EQ(r.exit_code, c.exit_code) << c.what << "\n" << r.err;
  EXPECT_EQ(r.err.find(".tmp-"), std::string::npos) << r.err;
  for (const auto& [file, bytes] : outputs) {
    if (c.exit_code == 0) break;
    std::error_code ec;
    const bool exists = fs::exists(fs::symlink_status(file, ec));
    EXPECT_EQ(exists ? read_file(file) : std::string("(absent)"), bytes) << c.what << ": " << file;
  }
  const std::string& said = c.exit_code == 0 ? r.out : r.err;
  EXPECT_NE(said.find(c.fragment), std::string::npos) << c.what << "\n" << said;
  EXPECT_EQ(r.err.find("internal error"), std::string::npos) << r.err;
  if (c.exit_code != 0) {
    const char* documented = c.documented != nullptr ? c.documented : c.fragment;
    EXPECT_TRUE(test::in_troubleshooting(documented)) << documented;
  }
}

std::string case_name(const ::testing::TestParamInfo<Hostile>& info) {
  std::string name = std::to_string(info.index) + "_";
  for (const char* p = info.param.what; *p != '\0'; ++p)
    name += std::isalnum(static_cast<unsigned char>(*p)) ? *p : '_';
  return name;
}

INSTANTIATE_TEST_SUITE_P(Export, HostileExport, ::testing::ValuesIn(kCases), case_name);

}  // namespace
}  // namespace plab
