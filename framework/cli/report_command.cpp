// plab report DIR: write report.md, report.html and plots/ for a results folder.
#include <cstdio>

#include "cli/options.hpp"
#include "report/report_writer.hpp"
#include "results/folder_audit.hpp"
#include "results/folder_lock.hpp"
#include "results/summary.hpp"

namespace plab::cli {

int report_command(const Args& args) {
  po::options_description options("options");
  options.add_options()("dir", po::value<std::string>()->required(), "a results folder");
  po::positional_options_description positional;
  positional.add("dir", 1);
  po::variables_map vm;
  if (!parse_options("report", "report DIR", args, options, positional, vm)) return 0;
  const std::filesystem::path dir = vm["dir"].as<std::string>();
  // The report is written into DIR: never while a plab writes there (it would describe a
  // half-written folder), and no plab may start writing there until it is done.
  const FolderLock lock =
      FolderLock::shared_if_present(dir, "run plab report when it has finished");
  // Malformed records are named by field first (a data error), then every record must be the
  // one plab wrote: a report never presents an edited record.
  (void)summarize_runs(dir / "runs.jsonl");
  require_record_chain(dir);
  const ReportResult r = write_report(dir);
  for (const std::string& p : r.problems) std::fprintf(stderr, "plab: note: %s\n", p.c_str());
  for (const std::string& n : r.folder_notes) std::fprintf(stderr, "plab: note: %s\n", n.c_str());
  std::printf("report: %s (%zu figures), %s\n", (dir / "report.html").c_str(), r.figures,
              (dir / "report.md").c_str());
  return 0;
}

}  // namespace plab::cli
