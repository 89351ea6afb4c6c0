// plab export --sqlite DB DIR...: results folders into an SQLite database of runs, to query
// across experiments (docs/sqlite.md).
#include <cstdio>

#include <string>

#include "base/interrupt.hpp"
#include "cli/options.hpp"
#include "error.hpp"
#include "results/sqlite_export.hpp"

namespace plab::cli {

int export_command(const Args& args) {
  po::options_description options("options");
  options.add_options()("sqlite", po::value<std::string>()->required(),
                        "the SQLite database to add to (made if new)")(
      "dirs", po::value<std::vector<std::string>>()->required(), "one or more results folders");
  po::positional_options_description positional;
  positional.add("dirs", -1);
  po::variables_map vm;
  if (!parse_options("export", "export DIR... --sqlite DB", args, options, positional, vm)) {
    return kExitSuccess;
  }
  std::vector<std::filesystem::path> dirs;
  for (const auto& d : vm["dirs"].as<std::vector<std::string>>()) dirs.emplace_back(d);
  const std::filesystem::path db = vm["sqlite"].as<std::string>();
  // Ctrl-C rolls the export back instead of killing it half-way (results/sqlite_export.hpp).
  install_interrupt_handlers();
  std::size_t added = 0;
  std::size_t runs = 0;
  std::size_t skipped = 0;
  for (const ExportedFolder& f : export_to_sqlite(db, dirs)) {
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
  return kExitSuccess;
}

}  // namespace plab::cli
