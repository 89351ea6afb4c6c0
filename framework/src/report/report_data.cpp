#include "report/report_data.hpp"

#include <map>

#include "results/format/json_text.hpp"
#include "results/format/manifest_reader.hpp"
#include "results/format/record_fields.hpp"
#include "results/format/run_record.hpp"
#include "results/format/runs_reader.hpp"

namespace plab {

namespace {

// Every manifest field the report reads, checked once, so that a hand-edited manifest is a
// DataError naming the field rather than an exception from inside the report. Returns each
// point's oracle, read into its kind.
std::vector<MarginSource> check_manifest(const boost::json::object& manifest,
                                         const std::filesystem::path& dir) {
  std::vector<MarginSource> oracles;
  const RecordFields m(manifest, (dir / "manifest.json").string());
  for (const char* key : {"name", "status", "config_file", "start_time", "end_time"}) m.any(key);
  m.object("config");
  const RecordFields context = m.object("context");
  for (const char* key : {"plab_version", "git_commit", "compiler", "build_type", "boost_version",
                          "host", "threads", "command_line"}) {
    context.any(key);
  }
  context.boolean("git_dirty");
  for (const RecordFields& p : m.objects("plugins")) {
    p.any("name");
    p.any("version");
    p.string("sha256");
  }
  for (const RecordFields& p : m.objects("points")) {
    p.count("index");
    p.any("params");
    const RecordFields data = p.object("dataset");
    for (const char* key : {"rows", "cols", "task"}) data.any(key);
    const RecordFields t = p.object("theory");
    t.number_or_null("R");
    t.number_or_null("rho_upper");
    for (const char* key : {"method", "reason"}) t.any(key);
    const std::optional<MarginSource> oracle = kind_of_word(kMarginSourceWords, t.string("oracle"));
    if (!oracle) t.wrong("oracle", t.any("oracle"), R"("svm", "teacher", "given" or "none")");
    oracles.push_back(*oracle);
    if (t.boolean_or_null("separable") == true) t.number("rho");
    if (t.has("least_squares")) t.object("least_squares").number("loss");
  }
  return oracles;
}

}  // namespace

std::string point_name(std::int64_t point, const boost::json::value& params) {
  std::string values;
  if (params.is_object()) {
    for (const auto& m : params.get_object())
      values +=
          (values.empty() ? "" : ", ") + std::string(m.key()) + " = " + to_json_text(m.value());
  }
  return "point " + std::to_string(point) + (values.empty() ? "" : " (" + values + ")");
}

ReportData load_report_data(const std::filesystem::path& dir) {
  ReportData d;
  d.dir = dir;
  d.manifest = read_manifest(dir);
  d.oracles = check_manifest(d.manifest, dir);
  const std::filesystem::path runs_file = dir / "runs.jsonl";
  d.summary = summarize_runs(runs_file);
  d.audit = audit_folder(dir, d.manifest, d.summary);
  std::map<std::pair<std::size_t, std::string>, std::size_t> index;
  for (const GroupSummary& g : d.summary.groups) {
    index[{static_cast<std::size_t>(g.point), g.learner}] = d.series.size();
    GroupSeries s;
    s.point = static_cast<std::size_t>(g.point);
    s.learner = g.learner;
    d.series.push_back(std::move(s));
  }
  read_runs(runs_file, [&](const boost::json::object& record, std::size_t line) {
    const std::string where = runs_file.string() + ":" + std::to_string(line);
    const RunRecord r = read_run_record(record, where);
    GroupSeries& s = d.series[index.at({r.point, r.learner})];
    if (!r.failed() && r.mistakes)
      s.mistakes_by_repeat[r.repeat] = static_cast<double>(*r.mistakes);
    if (r.test_error) {
      s.test_error_by_repeat[r.repeat] = *r.test_error;
      s.has_test_error = true;
    }
    if (r.bound_judged() && !r.failed()) {
      const auto count = static_cast<double>(r.counted());
      s.ratios.push_back(count / *r.bound);
      if (s.counts.size() < kMaxScatter) {
        s.counts.push_back(count);
        s.bounds.push_back(*r.bound);
      }
    }
    if (r.nonsep_bound && r.epochs && !r.failed() && s.hinge_runs.size() < kMaxScatter) {
      s.hinge_runs.push_back(
          {static_cast<double>(*r.epochs), static_cast<double>(r.counted()), *r.nonsep_bound});
    }
    if (r.repeat == 0) s.first_epochs = r.epochs, s.first_updates = r.updates;
    if (r.repeat < kMaxFinalWeights) {
      const RunRecord full = read_run_record(record, where, RecordDetail::kFull);
      if (r.repeat == 0) {
        s.epoch_mistakes.assign(full.epoch_mistakes.begin(), full.epoch_mistakes.end());
        s.epoch_loss = full.epoch_loss;
        if (full.sample_mistakes) s.sample_mistakes = *full.sample_mistakes;
      }
      if (full.w) s.final_weights[r.repeat] = *full.w;
    }
  });
  return d;
}

}  // namespace plab
