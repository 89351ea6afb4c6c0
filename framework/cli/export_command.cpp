// plab export DIR... --sqlite DB --csv FILE: results folders into an SQLite database of runs,
// to query across experiments, and into one CSV table of runs (docs/sqlite.md).
#include <cstdio>
#include <string>

#include "base/interrupt.hpp"
#include "cli/options.hpp"
#include "error.hpp"
#include "results/export/csv_export.hpp"
#include "results/export/sqlite_export.hpp"
#include "results/export/sqlite_file.hpp"
#include "results/folder/enclosing_results_folder.hpp"

namespace plab::cli {

namespace {

// The CSV must not land on its database or in a results folder: renamed over the new
// database it would lose it, and over a folder's runs.jsonl or manifest.json it would destroy
// the records it was made from (results/folder/enclosing_results_folder.hpp). Paths are
// compared after resolving `.`, `..` and links.
void require_csv_apart(const std::filesystem::path& csv, const std::filesystem::path* db) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path target = fs::weakly_canonical(fs::absolute(csv, ec), ec);
  if (db != nullptr) {
    const fs::path base = fs::weakly_canonical(fs::absolute(*db, ec), ec);
    if (target == base)
      throw UsageError("--csv and --sqlite name the same file '" + csv.string() +
                       "': give the CSV and the database names of their own; nothing was written");
    // SQLite owns these names beside the database: it takes a file there for a stale
    // journal or log and deletes or rewrites it when it next opens the database.
    for (const char* side : {"-journal", "-wal", "-shm"}) {
      if (target == fs::path(base.string() + side))
        throw UsageError("--csv '" + csv.string() + "' is the database's own " + (side + 1) +
                         " file, which SQLite deletes or rewrites when it opens '" + db->string() +
                         "': give the CSV a name of its own; nothing was written");
    }
  }
  require_outside_results_folders("--csv", csv);
}

// --force lets the CSV replace a file, never a database: an SQLite file (any, not only one
// plab export wrote) replaced by a CSV would lose what it held.
void require_csv_not_a_database(const std::filesystem::path& csv) {
  if (!has_sqlite_header(csv)) return;
  throw UsageError("--csv '" + csv.string() +
                   "' is an SQLite database, which plab export never replaces with a CSV, with "
                   "--force or without: give the CSV a name of its own; nothing was written");
}

// With --sqlite and --csv the CSV is written first (to a temporary file) and the database
// after, and the CSV is put in place only once the database has committed: a signal or a
// failed write in either step leaves both files as they were. The step's own message names
// only its file, so the other one's fate is added.
template <class Step>
auto telling_of(const std::string& other_file, const Step& step) {
  try {
    return step();
  } catch (const InterruptedError& e) {
    throw InterruptedError(std::string(e.what()) + "; " + other_file, e.exit_code());
  } catch (const WriteError& e) {
    throw WriteError(std::string(e.what()) + "; " + other_file);
  }
}

}  // namespace

int export_command(const Args& args) {
  po::options_description options("options");
  options.add_options()("sqlite", po::value<std::string>(),
                        "the SQLite database to add to (made if new)")(
      "csv", po::value<std::string>(), "a CSV file to write: one row per run")(
      "force", "let --csv replace its file if it exists (a database is never replaced)")(
      "dirs", po::value<std::vector<std::string>>()->required(), "one or more results folders");
  po::positional_options_description positional;
  positional.add("dirs", -1);
  po::variables_map vm;
  if (!parse_options("export", "export DIR... [--sqlite DB] [--csv FILE [--force]]", args, options,
                     positional, vm)) {
    return kExitSuccess;
  }
  if (vm.count("sqlite") == 0 && vm.count("csv") == 0)
    throw UsageError("plab export needs --sqlite DB, --csv FILE or both");
  if (vm.count("force") != 0 && vm.count("csv") == 0)
    throw UsageError(
        "--force is for --csv (it lets the export replace the CSV file); a database given to "
        "--sqlite is added to, never replaced, so --force alone would do nothing");
  // '-' is no standard output here: the CSV is put in place whole, after every folder was read.
  if (vm.count("csv") != 0)
    require_file_name("--csv", vm["csv"].as<std::string>(),
                      "plab export does not write the CSV to standard output");
  std::vector<std::filesystem::path> dirs;
  for (const auto& d : vm["dirs"].as<std::vector<std::string>>()) dirs.emplace_back(d);
  if (vm.count("csv") != 0) {
    const std::filesystem::path db =
        vm.count("sqlite") != 0 ? vm["sqlite"].as<std::string>() : std::string();
    require_csv_apart(vm["csv"].as<std::string>(), vm.count("sqlite") != 0 ? &db : nullptr);
    require_csv_not_a_database(vm["csv"].as<std::string>());
  }
  // Ctrl-C rolls the export back instead of killing it half-way (results/export/sqlite_export.hpp).
  install_interrupt_handlers(SecondSignal::kNoted);
  // The CSV is written first and put in place last: with --sqlite, both or neither.
  CsvExport csv;
  if (vm.count("csv") != 0 && vm.count("sqlite") != 0) {
    csv = telling_of(
        "the database '" + vm["sqlite"].as<std::string>() +
            "' was not opened: it is as it was before",
        [&] { return write_runs_csv(vm["csv"].as<std::string>(), dirs, vm.count("force") != 0); });
  } else if (vm.count("csv") != 0) {
    csv = write_runs_csv(vm["csv"].as<std::string>(), dirs, vm.count("force") != 0);
  }
  if (vm.count("sqlite") == 0) {
    csv.file->commit();
    std::printf("exported %zu runs of %zu folders into %s (%zu columns)", csv.runs, dirs.size(),
                csv.file->path().c_str(), csv.columns);
    if (csv.skipped != 0) std::printf("; %zu runs met again not written twice", csv.skipped);
    std::printf("\n");
    return kExitSuccess;
  }
  const std::filesystem::path db = vm["sqlite"].as<std::string>();
  std::size_t added = 0;
  std::size_t runs = 0;
  std::size_t skipped = 0;
  const std::vector<ExportedFolder> exported =
      csv.file == nullptr ? export_to_sqlite(db, dirs)
                          : telling_of("--csv '" + csv.file->path().string() +
                                           "' was not written either: it is as it was before "
                                           "(absent if it was), its temporary file removed",
                                       [&] { return export_to_sqlite(db, dirs); });
  for (const ExportedFolder& f : exported) {
    std::string where;
    for (const long long id : f.found_in) where += (where.empty() ? "" : ", ") + std::to_string(id);
    where = (f.found_in.size() == 1 ? "experiment " : "experiments ") + where;
    if (f.runs == 0) {
      std::printf("%s: all %zu runs already in %s (%s); not added again\n", f.dir.c_str(),
                  f.skipped, db.c_str(), where.c_str());
    } else {
      std::printf("%s: %zu runs added as experiment %lld", f.dir.c_str(), f.runs, f.experiment_id);
      if (f.skipped != 0)
        std::printf("; %zu runs already in (%s) skipped", f.skipped, where.c_str());
      std::printf("\n");
      ++added;
    }
    runs += f.runs;
    skipped += f.skipped;
  }
  std::printf("exported %zu of %zu folders into %s: %zu runs added, %zu already there\n", added,
              dirs.size(), db.c_str(), runs, skipped);
  if (csv.file != nullptr) {
    csv.file->commit();
    std::printf("and %zu runs into %s (%zu columns)\n", csv.runs, csv.file->path().c_str(),
                csv.columns);
  }
  return kExitSuccess;
}

}  // namespace plab::cli
