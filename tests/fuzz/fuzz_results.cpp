// libFuzzer target: any bytes as a results folder. The input is split at the first line
// "@@ runs.jsonl @@" into manifest.json (before) and runs.jsonl (after), and runs.jsonl at
// the first line "@@ runs.sha256 @@" into runs.jsonl and the digest chain runs.sha256 (no
// such file without that line), written to a temp folder, and read the way `plab verify` and
// `plab report` read it: the checked records, the summary and its tables, the folder audit,
// the report's data and its text (no figures, so no gnuplot). Then `plab run --resume` is
// prepared on it: the manifest's version and config, the plugin and data files, the shard,
// the digest chain and the records, against a fixed experiment (kConfig, the config of the
// corpus's resume_* seeds, so that mutations of them reach the records). Either that works
// or a plab::Error explains why; anything else (a crash, a sanitizer report, another
// exception such as Boost.JSON's "not a number") is a bug.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <string>
#include <string_view>

#include "config/experiment_source.hpp"
#include "error.hpp"
#include "fuzz_files.hpp"
#include "report/report_writer.hpp"
#include "results/folder/folder_audit.hpp"
#include "results/format/manifest_reader.hpp"
#include "results/summary/summary.hpp"
#include "run/experiment.hpp"
#include "run/resume.hpp"
#include "run/resume_check.hpp"

namespace {

namespace fs = std::filesystem;

constexpr std::string_view kSeparator = "\n@@ runs.jsonl @@\n";
constexpr std::string_view kDigestSeparator = "\n@@ runs.sha256 @@\n";

// The experiment of the resume_* seeds (tests/fuzz/corpus/results): 2 learners x 2 repeats.
constexpr std::string_view kConfig = R"({"name":"seed","seed":1,"repeats":2,
 "dataset":{"kind":"inline","x":[[1,2],[2,1],[-1,-1],[-2,0]],"y":["a","a","b","b"],
            "positive":["a"]},
 "learners":[{"name":"p","plugin":"perceptron"},
             {"name":"e","plugin":"eta_perceptron","params":{"eta":0.5}}],
 "protocol":{"kind":"convergence","max_epochs":20,"record_curve":true}})";

const fs::path& folder() {
  static const fs::path dir = plab::fuzz::make_temp_folder("plab-fuzz-results");
  return dir;
}

using plab::fuzz::write_bytes;

// Prepared once: loading plugins for every input would make the fuzzer crawl. The plugins
// are found next to the fuzz binary (build-fuzz/lib/plab/plugins) or in PLAB_PLUGIN_PATH.
const plab::Experiment& experiment() {
  static const plab::Experiment e = [] {
    const fs::path config = plab::fuzz::make_temp_folder("plab-fuzz-config") / "config.json";
    write_bytes(config, kConfig);
    try {
      return plab::prepare_experiment(plab::load_experiment_source(config, {}),
                                      plab::PrepareOptions{});
    } catch (const plab::Error& error) {
      std::fprintf(stderr, "fuzz_results: cannot prepare the fixed experiment: %s\n", error.what());
      std::abort();
    }
  }();
  return e;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const plab::fuzz::Cut folder_parts = plab::fuzz::cut_at(input, kSeparator);
  const std::string_view manifest = folder_parts.before;
  const plab::fuzz::Cut records = plab::fuzz::cut_at(folder_parts.after, kDigestSeparator);
  const fs::path& dir = folder();
  const plab::Experiment& e = experiment();
  std::error_code ec;
  fs::remove(dir / "runs.sha256", ec);
  fs::remove(dir / "timings.jsonl", ec);  // the resume below writes it
  if (records.found) write_bytes(dir / "runs.sha256", records.after);
  write_bytes(dir / "manifest.json", manifest);
  write_bytes(dir / "runs.jsonl", records.before);
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
  try {
    // plab run --resume DIR, up to the first new run (it truncates the files: last)
    const boost::json::object m = plab::read_manifest(dir);
    try {
      plab::check_same_plab_version(dir, m);
    } catch (const plab::Error&) {  // go on: the seeds may be of another version
    }
    (void)plab::source_from_manifest(dir, m);
    try {
      plab::check_resume_files(dir, e, m);
    } catch (const plab::Error&) {  // go on: the seeds' plugins are those of another build
    }
    (void)plab::resume_records(dir, e, m);
  } catch (const plab::Error&) {
  }
  return 0;
}
