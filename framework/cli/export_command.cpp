// plab export --sqlite DB DIR...: results folders into an SQLite database of runs, to query
// across experiments (docs/sqlite.md).
#include <cstdio>

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
  std::size_t added = 0;
  for (const ExportedFolder& f : export_to_sqlite(db, dirs)) {
    if (f.already_present) {
      std::printf("%s: already in %s (experiment %lld); not added again\n", f.dir.c_str(),
                  db.c_str(), f.experiment_id);
    } else {
      std::printf("%s: %zu runs added as experiment %lld\n", f.dir.c_str(), f.runs,
                  f.experiment_id);
      ++added;
    }
  }
  std::printf("exported %zu of %zu folders into %s\n", added, dirs.size(), db.c_str());
  return kExitSuccess;
}

}  // namespace plab::cli
