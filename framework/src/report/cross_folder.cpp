#include "report/cross_folder.hpp"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "error.hpp"
#include "report/comparison_section.hpp"
#include "report/comparison_target.hpp"
#include "report/paired_comparison.hpp"
#include "results/format/json_text.hpp"
#include "results/format/manifest_reader.hpp"

namespace plab {

namespace {

const boost::json::array& points_of(const ReportData& d) {
  return d.manifest.at("points").as_array();
}

// The data a folder's runs saw: the bytes of every data file (by digest; paths may differ
// between machines) and the data set's settings other than its path.
std::string data_identity(const ReportData& d) {
  std::vector<std::string> digests;
  if (const auto* files = d.manifest.if_contains("data_files"); files && files->is_array()) {
    for (const auto& f : files->as_array())
      if (f.is_object() && f.as_object().contains("sha256"))
        digests.push_back(to_json_text(f.as_object().at("sha256")));
  }
  std::sort(digests.begin(), digests.end());
  std::string text;
  for (const std::string& s : digests) text += s + " ";
  boost::json::object dataset;
  if (const auto* c = d.manifest.at("config").as_object().if_contains("dataset");
      c && c->is_object()) {
    dataset = c->as_object();
    dataset.erase("path");
  }
  return text + to_json_text(dataset);
}

std::string member_text(const boost::json::object& point, const char* key) {
  const auto* v = point.if_contains(key);
  return v ? to_json_text(*v) : "(none)";
}

// The first way the two folders' runs differ, or nothing when they match.
std::optional<std::string> first_difference(const ReportData& a, const ReportData& b) {
  if (data_identity(a) != data_identity(b))
    return "their data differ (data file digests or settings)";
  const auto& pa = points_of(a);
  const auto& pb = points_of(b);
  if (pa.size() != pb.size())
    return "the first has " + std::to_string(pa.size()) + " sweep points and the second " +
           std::to_string(pb.size());
  for (std::size_t i = 0; i < pa.size(); ++i) {
    const auto& x = pa[i].as_object();
    const auto& y = pb[i].as_object();
    for (const char* key : {"params", "seed", "repeats", "dataset"}) {
      const std::string u = member_text(x, key);
      const std::string v = member_text(y, key);
      if (u != v)
        return "sweep point " + std::to_string(i) + " has " + key + " " + u + " in the first and " +
               v + " in the second";
    }
  }
  return std::nullopt;
}

// The same folder twice (by another path, or through a link) compares runs with themselves.
void refuse_same_folder(const std::filesystem::path& a, const std::filesystem::path& b) {
  std::error_code ec;
  if (std::filesystem::equivalent(a, b, ec) && !ec) {
    throw UsageError("'" + a.string() + "' and '" + b.string() +
                     "' are the same folder; a comparison needs two folders of runs");
  }
}

}  // namespace

ReportData combine_for_comparison(const ReportData& a, const ReportData& b) {
  if (const auto why = first_difference(a, b)) {
    throw UsageError("'" + a.dir.string() + "' and '" + b.dir.string() +
                     "' do not hold matching runs: " + *why +
                     "; a paired comparison across folders needs the same data, seed, sweep "
                     "points and repeats (run one config twice, changing only /learners)");
  }
  ReportData combined;
  combined.dir = a.dir;
  combined.manifest = a.manifest;
  const std::string b_name = b.dir.filename().string();
  for (std::size_t point = 0; point < points_of(a).size(); ++point) {
    for (const GroupSeries& s : a.series)
      if (s.point == point) combined.series.push_back(s);
    for (const GroupSeries& s : b.series) {
      if (s.point != point) continue;
      GroupSeries renamed = s;
      const bool clash = std::any_of(a.series.begin(), a.series.end(), [&](const GroupSeries& x) {
        return x.point == point && x.learner == s.learner;
      });
      if (clash) renamed.learner += " (" + b_name + ")";
      combined.series.push_back(std::move(renamed));
    }
  }
  return combined;
}

ReportResult write_cross_report(const std::filesystem::path& a, const std::filesystem::path& b,
                                const std::filesystem::path& out, bool force) {
  check_comparison_target(out, force);
  refuse_same_folder(a, b);
  const ReportData da = load_report_data(a);
  const ReportData db = load_report_data(b);
  // Two shards of one experiment have no run in common to pair, and a shard against a whole
  // folder would pair only its slice.
  refuse_shard(a, da.manifest, "compare the merged folders");
  refuse_shard(b, db.manifest, "compare the merged folders");
  const ReportData combined = combine_for_comparison(da, db);
  Document doc;
  const std::string title = "perceptron-lab comparison: " + to_json_text(da.manifest.at("name")) +
                            " and " + to_json_text(db.manifest.at("name"));
  doc.heading(title, 1);
  ReportResult result;
  for (const ReportData* d : {&da, &db}) {
    for (const std::string& i : d->audit.inconsistencies) {
      doc.paragraph("Warning: '" + d->dir.string() + "' is inconsistent: " + i + ".");
      result.folder_notes.push_back("'" + d->dir.string() + "' is inconsistent: " + i);
    }
    for (const std::string& n : d->audit.notes) {
      doc.paragraph("Note: '" + d->dir.string() + "': " + n + ".");
      result.folder_notes.push_back("'" + d->dir.string() + "': " + n);
    }
  }
  doc.paragraph(
      "The two folders hold runs of the same data, seed, sweep points and repeats, so repeat r "
      "of a point gave the learners of both folders the same start, order and split: they are "
      "compared as if one folder held them all. Learners of the second folder whose name the "
      "first also has carry the second folder's name.");
  std::vector<std::vector<std::string>> rows = {{"folder", "experiment", "learners", "runs"}};
  for (const ReportData* d : {&da, &db}) {
    std::string learners;
    for (const GroupSeries& s : d->series)
      if (s.point == 0) learners += (learners.empty() ? "" : ", ") + s.learner;
    rows.push_back(
        {d->dir.string(), to_json_text(d->manifest.at("name")), learners, d->audit.runs_line()});
  }
  doc.table(std::move(rows));
  comparison_section(compare_learners(combined), doc);
  write_comparison(out, doc, title);
  return result;
}

}  // namespace plab
