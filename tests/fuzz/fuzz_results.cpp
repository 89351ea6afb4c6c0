// libFuzzer target: any bytes as a results folder. The input is split at the first line
// "@@ runs.jsonl @@" into manifest.json (before) and runs.jsonl (after), written to a temp
// folder, and read the way `plab verify` and `plab report` read it: the checked records, the
// summary and its tables, the folder audit, the report's data and its text (no figures, so no
// gnuplot). Either that works or a plab::Error explains why; anything else (a crash, a
// sanitizer report, another exception such as Boost.JSON's "not a number") is a bug.
#include <stdlib.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <string>
#include <string_view>

#include "error.hpp"
#include "report/report_writer.hpp"
#include "results/folder_audit.hpp"
#include "results/resume.hpp"
#include "results/summary.hpp"

namespace {

namespace fs = std::filesystem;

constexpr std::string_view kSeparator = "\n@@ runs.jsonl @@\n";

const fs::path& folder() {
  static const fs::path dir = [] {
    std::string pattern = (fs::temp_directory_path() / "plab-fuzz-results-XXXXXX").string();
    if (mkdtemp(pattern.data()) == nullptr) std::abort();
    return fs::path(pattern);
  }();
  return dir;
}

void write(const fs::path& file, std::string_view bytes) {
  std::FILE* f = std::fopen(file.c_str(), "wb");
  if (f == nullptr) std::abort();
  if (!bytes.empty()) std::fwrite(bytes.data(), 1, bytes.size(), f);
  std::fclose(f);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const std::size_t cut = input.find(kSeparator);
  const std::string_view manifest = cut == std::string_view::npos ? input : input.substr(0, cut);
  const std::string_view runs =
      cut == std::string_view::npos ? std::string_view() : input.substr(cut + kSeparator.size());
  const fs::path& dir = folder();
  write(dir / "manifest.json", manifest);
  write(dir / "runs.jsonl", runs);
  try {
    // plab verify
    const boost::json::object m = plab::read_manifest(dir);
    const plab::Summary summary = plab::summarize_runs(dir / "runs.jsonl");
    const plab::FolderAudit audit = plab::audit_folder(dir, m, summary);
    (void)audit.runs_line();
    (void)plab::verification_table(summary);
    // plab run / merge print and write these from the same summary
    (void)plab::summary_table(summary);
    (void)plab::summary_to_csv(summary);
    (void)plab::summary_to_json(summary);
    // plab report
    const plab::ReportData report = plab::load_report_data(dir);
    const plab::Document doc = plab::report_document(report, plab::FigureSet{});
    (void)doc.markdown();
    (void)doc.html("fuzz", dir.string());
  } catch (const plab::Error&) {
    // A clear refusal naming the file, line and field is the expected outcome for most inputs.
  }
  return 0;
}
