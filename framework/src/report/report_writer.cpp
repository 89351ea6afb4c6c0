#include "report/report_writer.hpp"

#include <cmath>
#include <cstdio>

#include "analysis/claims_file.hpp"
#include "base/interrupt.hpp"
#include "base/number_text.hpp"
#include "report/comparison_section.hpp"
#include "report/conclusion.hpp"
#include "report/hinge_section.hpp"
#include "report/paired_comparison.hpp"
#include "results/folder/results_folder.hpp"
#include "results/format/json_text.hpp"

namespace plab {

namespace {

std::string text_of(const boost::json::value& v) {
  if (v.is_string()) return std::string(v.get_string());
  if (v.is_null()) return "-";
  return to_json_text(v);
}

std::string sweep_text(const boost::json::value& params) {
  std::string s;
  if (!params.is_object()) return s;
  for (const auto& m : params.get_object()) {
    std::string value = to_json_text(m.value());
    if (value.size() > 40) value = value.substr(0, 37) + "...";
    s += (s.empty() ? "" : ", ") + std::string(m.key()) + " = " + value;
  }
  return s;
}

// R is null in the manifest only when it overflowed a double (norms are scaled, so finite
// data has a finite R below that): say so, as the summary table does, never 0 or a failure.
std::string radius_text(const boost::json::value& r) {
  return r.is_number() ? significant(r.to_number<double>(), 6) : "overflow";
}

// The experiment's tags and note (manifest.json), under the title: what the user said it is.
void annotations(const ReportData& d, Document& doc) {
  std::string tags;
  if (const auto* t = d.manifest.if_contains("tags"); t && t->is_array()) {
    for (const auto& tag : t->get_array()) tags += (tags.empty() ? "" : ", ") + text_of(tag);
  }
  if (!tags.empty()) doc.paragraph("Tags: " + tags);
  if (const auto* n = d.manifest.if_contains("note"); n && n->is_string()) {
    doc.paragraph("Note: " + text_of(*n));
  }
}

// A partial or inconsistent folder is said before any number is read from it: a shard or an
// interrupted folder in words first, so that its report never reads as the whole experiment.
void folder_warnings(const ReportData& d, Document& doc) {
  if (d.audit.partial()) doc.paragraph(d.audit.partial_headline(d.dir));
  for (const std::string& i : d.audit.inconsistencies)
    doc.paragraph("Warning: the folder is inconsistent: " + i + ".");
  for (const std::string& n : d.audit.notes) doc.paragraph("Note: " + n + ".");
}

void conclusion(const ReportData& d, Document& doc) {
  doc.heading("Conclusion" + d.audit.partial_mark());
  std::string text;
  for (const std::string& sentence : conclusion_sentences(d))
    text += (text.empty() ? "" : " ") + sentence;
  doc.paragraph(text);
}

// Provenance comes last and folded: a reader needs it to reproduce or audit, not to read.
void what_was_run(const ReportData& d, Document& doc) {
  const auto& m = d.manifest;
  const auto& ctx = m.at("context").as_object();
  doc.fold_start("What was run (provenance)");
  std::string plugins;
  for (const auto& p : m.at("plugins").as_array()) {
    const auto& o = p.as_object();
    plugins += (plugins.empty() ? "" : ", ") + text_of(o.at("name")) + " " +
               text_of(o.at("version")) + " (sha256 " +
               std::string(o.at("sha256").as_string()).substr(0, 12) + "…)";
  }
  const auto& config = m.at("config").as_object();
  doc.table({{"item", "value"},
             {"experiment", text_of(m.at("name"))},
             {"status", text_of(m.at("status"))},
             {"config file", text_of(m.at("config_file"))},
             {"seed", config.contains("seed") ? text_of(config.at("seed")) : "0"},
             {"runs", d.audit.runs_line()},
             {"sweep points", m.contains("sweep_points")  // a large sweep lists a window
                                  ? text_of(m.at("sweep_points"))
                                  : std::to_string(m.at("points").as_array().size())},
             {"protocol", config.contains("protocol") ? to_json_text(config.at("protocol")) : "{}"},
             {"init", config.contains("init") ? to_json_text(config.at("init")) : "{}"},
             {"plugins", plugins},
             {"plab", text_of(ctx.at("plab_version")) + ", git " + text_of(ctx.at("git_commit")) +
                          (ctx.at("git_dirty").as_bool() ? " (dirty)" : "")},
             {"build", text_of(ctx.at("compiler")) + ", " + text_of(ctx.at("build_type")) +
                           ", Boost " + text_of(ctx.at("boost_version"))},
             {"host, threads", text_of(ctx.at("host")) + ", " + text_of(ctx.at("threads"))},
             {"started, ended", text_of(m.at("start_time")) + " to " + text_of(m.at("end_time"))},
             {"command", text_of(ctx.at("command_line"))}});
  doc.fold_end();
}

void data_and_theory(const ReportData& d, Document& doc) {
  doc.heading("Data and the margin oracle");
  doc.paragraph(
      "R is the largest norm of an augmented sample. The oracle's separator has a margin "
      "certified by recomputing it on the data (rho); rho_upper is a proved upper bound "
      "on the best possible margin (a point of the convex hull), so the bracket "
      "[rho, rho_upper] contains the true optimum.");
  std::vector<std::vector<std::string>> rows = {{"point", "sweep", "rows", "cols", "task", "R",
                                                 "oracle", "separable", "rho (certified)",
                                                 "rho_upper", "method / reason"}};
  const boost::json::array& points = d.manifest.at("points").as_array();
  for (std::size_t i = 0; i < points.size(); ++i) {
    const auto& p = points[i].as_object();
    const auto& data = p.at("dataset").as_object();
    const auto& t = p.at("theory").as_object();
    const bool separable = t.at("separable").is_bool() && t.at("separable").as_bool();
    rows.push_back(
        {text_of(p.at("index")), sweep_text(p.at("params")), text_of(data.at("rows")),
         text_of(data.at("cols")), text_of(data.at("task")), radius_text(t.at("R")),
         margin_source_name(d.oracles[i]),
         // null: the oracle was not asked ("none"), or it could not decide.
         !t.at("separable").is_null()          ? text_of(t.at("separable"))
         : d.oracles[i] == MarginSource::kNone ? "-"
                                               : "undecided",
         separable ? significant(t.at("rho").to_number<double>(), 10) : "-",
         t.at("rho_upper").is_null() ? "-" : significant(t.at("rho_upper").to_number<double>(), 10),
         separable ? text_of(t.at("method")) : text_of(t.at("reason"))});
  }
  doc.table(std::move(rows));
}

void results_table(const ReportData& d, Document& doc) {
  doc.heading("Results per sweep point and learner" + d.audit.partial_mark());
  doc.paragraph(
      "Mistakes are counted over all epochs. The bound is the learner's guarantee for "
      "each run (docs/bounds.md); the ratio divides the count it limits by it. "
      "A violation is a run above an applicable bound; '(plain: k)' counts runs from a "
      "non-zero start that exceeded the zero-start form, which is allowed.");
  std::vector<std::vector<std::string>> rows = {{"point", "sweep", "learner", "runs", "converged",
                                                 "mistakes median", "mean ± 95% CI", "max",
                                                 "test error", "bound", "max ratio", "violations"}};
  for (std::size_t i = 0; i < d.summary.groups.size(); ++i) {
    const GroupSummary& g = d.summary.groups[i];
    const GroupSeries& s = d.series[i];
    std::vector<double> mistakes;
    for (const auto& [repeat, v] : s.mistakes_by_repeat) mistakes.push_back(v);
    const MeanInterval mean = mean_ci95(mistakes);
    std::vector<double> test;
    for (const auto& [repeat, v] : s.test_error_by_repeat) test.push_back(v);
    const MeanInterval test_mean = mean_ci95(test);
    rows.push_back(
        {std::to_string(g.point), sweep_text(g.params), g.learner, std::to_string(g.runs),
         converged_text(g), g.mistakes.count > 0 ? significant(g.mistakes.median) : "-",
         mistakes.empty() ? "-" : significant(mean.mean) + " ± " + significant(mean.half_width, 3),
         g.mistakes.count > 0 ? significant(g.mistakes.max) : "-",
         test.empty()
             ? "-"
             : significant(test_mean.mean, 3) + " ± " + significant(test_mean.half_width, 2),
         g.bound_kind.empty() ? "-" : g.bound_kind,
         g.ratio_max ? significant(*g.ratio_max, 4) : "-",
         std::to_string(g.violations) +
             (g.plain_violations > 0 ? " (plain: " + std::to_string(g.plain_violations) + ")"
                                     : "")});
  }
  doc.table(std::move(rows));
  for (const SlopeFit& f : d.summary.fits) {
    doc.paragraph("Across the sweep, the median mistakes of '" + f.learner +
                  "' grow like ((R/rho)^2)^" + significant(f.slope, 3) + " (" + fit_margin_text(f) +
                  "; log-log least squares over " + std::to_string(f.points) +
                  " points; 95% CI of the exponent " + significant(f.ci_low, 3) + " to " +
                  significant(f.ci_high, 3) + "). The bound is the exponent 1.");
  }
}

}  // namespace

Document report_document(const ReportData& data, const FigureSet& figures) {
  Document doc;
  const std::string title = "perceptron-lab report: " + text_of(data.manifest.at("name"));
  doc.heading(title, 1);
  annotations(data, doc);
  folder_warnings(data, doc);
  conclusion(data, doc);
  if (!figures.figures.empty() || !figures.problems.empty()) doc.heading("Figures");
  for (const Figure& f : figures.figures) doc.figure(f.caption, f.svg, f.png);
  for (const std::string& p : figures.problems) doc.paragraph("Figure not drawn: " + p);
  if (!figures.step_through_html.empty()) doc.html_only(figures.step_through_html);
  data_and_theory(data, doc);
  results_table(data, doc);
  hinge_bound_section(data, doc);
  comparison_section(compare_learners(data), doc);
  what_was_run(data, doc);
  return doc;
}

ReportResult write_report(const std::filesystem::path& dir) {
  ReportData data = load_report_data(dir);
  if (auto verdicts = check_folder_claims(dir)) data.claims = std::move(*verdicts);
  const FigureSet figures = draw_figures(data);
  // A signal stops the figures (plot_writer.cpp); the report is then not written, so no
  // report.md or report.html describes figures that were never drawn.
  throw_if_interrupted("writing the report of '" + dir.string() + "'",
                       "report.md and report.html were not written (any from before are as "
                       "they were; plots/ may hold figures drawn before the signal); run plab "
                       "report again");
  const Document doc = report_document(data, figures);
  const std::string title = "perceptron-lab report: " + text_of(data.manifest.at("name"));
  write_file_atomically(dir / "report.md", doc.markdown());
  write_file_atomically(dir / "report.html", doc.html(title, dir.string()));
  ReportResult result{figures.figures.size(), figures.problems, {}, data.claims};
  for (const std::string& i : data.audit.inconsistencies)
    result.folder_notes.push_back("the folder is inconsistent: " + i);
  for (const std::string& n : data.audit.notes) result.folder_notes.push_back(n);
  return result;
}

}  // namespace plab
