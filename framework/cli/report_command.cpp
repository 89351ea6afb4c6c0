// plab report DIR: write report.md, report.html and plots/ for a results folder.
// plab report A B --out OUT: the paired comparison of A's and B's learners, into OUT.
// plab report DB --query SQL --out OUT: the same of the runs a query returns from DB.
#include <cstdio>
#include <string>
#include <vector>

#include "base/input_file.hpp"
#include "base/interrupt.hpp"
#include "cli/claim_output.hpp"
#include "cli/options.hpp"
#include "error.hpp"
#include "report/cross_folder.hpp"
#include "report/database_comparison.hpp"
#include "report/report_writer.hpp"
#include "results/folder/folder_audit.hpp"
#include "results/folder/folder_lock.hpp"
#include "results/format/manifest_reader.hpp"
#include "results/summary/summary.hpp"

namespace plab::cli {

namespace {

// Malformed records are named by field first (a data error), then every record must be the
// one plab wrote: a report never presents an edited record.
void require_intact(const std::filesystem::path& dir) {
  // A FIFO or device in place of a file the report reads would block it or feed it endless
  // bytes: refused (exit 2) before anything is read or written.
  for (const char* name : {"timings.jsonl", "trajectory.jsonl"}) refuse_irregular_input(dir / name);
  (void)summarize_runs(dir / "runs.jsonl");
  require_record_chain(dir);
}

void print_notes(const ReportResult& r) {
  for (const std::string& p : r.problems) std::fprintf(stderr, "plab: note: %s\n", p.c_str());
  for (const std::string& n : r.folder_notes) std::fprintf(stderr, "plab: note: %s\n", n.c_str());
}

int cross_report(const std::filesystem::path& a, const std::filesystem::path& b,
                 const std::filesystem::path& out, bool force) {
  const FolderLock lock_a =
      FolderLock::shared_if_present(a, "run plab report when it has finished");
  const FolderLock lock_b =
      FolderLock::shared_if_present(b, "run plab report when it has finished");
  (void)read_manifest(a);  // a file or a database given as a folder is named as such
  (void)read_manifest(b);
  require_intact(a);
  require_intact(b);
  const ReportResult r = write_cross_report(a, b, out, force);
  print_notes(r);
  std::printf("comparison: %s, %s\n", (out / "report.html").c_str(), (out / "report.md").c_str());
  return 0;
}

}  // namespace

int report_command(const Args& args) {
  const std::string synopsis = "report DIR [DIR2]";
  po::options_description options("options");
  options.add_options()("dir", po::value<std::vector<std::string>>()->required(),
                        "a results folder")(
      "out", po::value<std::string>(),
      "with two folders, or a database and --query: where the comparison is written")(
      "query", po::value<std::string>(),
      "with an SQLite file of plab export: the runs to compare (docs/reports.md)")(
      "force", po::bool_switch(), "with --out: replace a comparison report already in OUT");
  po::positional_options_description positional;
  positional.add("dir", 2);
  po::variables_map vm;
  if (!parse_options("report", synopsis, args, options, positional, vm)) return 0;
  const auto dirs = vm["dir"].as<std::vector<std::string>>();
  const bool force = vm["force"].as<bool>();
  // A query or a report may take long: a signal stops it before anything is written (exit 130,
  // or 128 + N), with a sentence, instead of killing plab half-way.
  install_interrupt_handlers(SecondSignal::kNoted);
  if (force && vm.count("out") == 0)
    throw UsageError(
        "--force is for --out (it lets a comparison replace the report in OUT); "
        "plab report DIR always rewrites DIR's own report");
  if (vm.count("query") != 0) {
    if (dirs.size() != 1 || vm.count("out") == 0)
      throw UsageError(
          "plab report DB --query SQL needs one database and --out OUT for the comparison");
    const std::filesystem::path out = vm["out"].as<std::string>();
    print_notes(write_query_report(dirs[0], vm["query"].as<std::string>(), out, force));
    std::printf("comparison: %s, %s\n", (out / "report.html").c_str(), (out / "report.md").c_str());
    return 0;
  }
  if (dirs.size() == 2) {
    if (vm.count("out") == 0)
      throw UsageError(
          "plab report with two folders needs --out OUT for the comparison; usage: plab report "
          "A B --out OUT (see plab report --help)");
    return cross_report(dirs[0], dirs[1], vm["out"].as<std::string>(), force);
  }
  if (vm.count("out") != 0) {
    // A file given with --out and no --query is most likely a database whose query was left
    // out: say so, rather than speak of folders only.
    std::error_code ec;
    const bool file = std::filesystem::is_regular_file(dirs[0], ec);
    throw UsageError(
        "--out is for the comparison of two folders (plab report A B --out OUT) or of the runs "
        "a query selects from a database (plab report DB --query SQL --out OUT); " +
        (file ? "'" + dirs[0] + "' is a file: to compare a database's runs, give --query SQL"
              : std::string("plab report DIR writes into DIR")));
  }
  const std::filesystem::path dir = dirs[0];
  // The report is written into DIR: never while a plab writes there (it would describe a
  // half-written folder), and no plab may start writing there until it is done.
  const FolderLock lock =
      FolderLock::shared_if_present(dir, "run plab report when it has finished");
  require_intact(dir);
  const ReportResult r = write_report(dir);
  print_notes(r);
  print_verdicts(r.claims);
  std::printf("report: %s (%zu figures), %s\n", (dir / "report.html").c_str(), r.figures,
              (dir / "report.md").c_str());
  return 0;
}

}  // namespace plab::cli
