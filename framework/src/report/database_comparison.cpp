#include "report/database_comparison.hpp"

#include <algorithm>
#include <map>
#include <new>
#include <set>
#include <utility>

#include "error.hpp"
#include "report/comparison_section.hpp"
#include "report/comparison_target.hpp"
#include "report/paired_comparison.hpp"
#include "results/export/sqlite_query.hpp"
#include "results/export/sqlite_query_statement.hpp"

namespace plab {

namespace {

// The runs as report series: sweep points in order, learners in the order the query first
// returns them (the first is the baseline).
ReportData series_of(const std::vector<QueriedRun>& runs) {
  std::map<std::int64_t, std::uint64_t> seed_of_point;
  std::map<std::pair<std::int64_t, std::string>, std::size_t> order;
  for (const QueriedRun& r : runs) {
    if (r.point < 0 || r.repeat < 0)
      throw UsageError("the query returns point " + std::to_string(r.point) + ", repeat " +
                       std::to_string(r.repeat) + ": points and repeats are counts from 0");
    const auto [seed, inserted] = seed_of_point.emplace(r.point, r.seed);
    if (!inserted && seed->second != r.seed)
      throw UsageError("the query returns runs of sweep point " + std::to_string(r.point) +
                       " with seeds " + std::to_string(seed->second) + " and " +
                       std::to_string(r.seed) +
                       "; a paired comparison needs the same seed (select experiments of one "
                       "config, joined on points.seed and points.params)");
    order.emplace(std::make_pair(r.point, r.learner), order.size());
  }
  std::vector<std::pair<std::pair<std::int64_t, std::string>, std::size_t>> keys(order.begin(),
                                                                                 order.end());
  std::sort(keys.begin(), keys.end(), [](const auto& x, const auto& y) {
    return x.first.first != y.first.first ? x.first.first < y.first.first : x.second < y.second;
  });
  ReportData d;
  std::map<std::pair<std::int64_t, std::string>, std::size_t> index;
  for (const auto& key : keys) {
    index[key.first] = d.series.size();
    GroupSeries s;
    s.point = static_cast<std::size_t>(key.first.first);
    s.learner = key.first.second;
    d.series.push_back(std::move(s));
  }
  for (const QueriedRun& r : runs) {
    GroupSeries& s = d.series[index.at({r.point, r.learner})];
    const auto repeat = static_cast<std::size_t>(r.repeat);
    if (r.mistakes) s.mistakes_by_repeat[repeat] = *r.mistakes;
    if (r.test_error) {
      s.test_error_by_repeat[repeat] = *r.test_error;
      s.has_test_error = true;
    }
  }
  return d;
}

// A comparison of one learner compares nothing: said, instead of a report without one.
void require_two_learners(const ReportData& data) {
  std::set<std::string> learners;
  for (const GroupSeries& s : data.series) learners.insert(s.learner);
  if (learners.size() < 2)
    throw UsageError("the query returns the runs of one learner only ('" +
                     (learners.empty() ? std::string() : *learners.begin()) +
                     "'); a comparison needs two or more: select the runs of another learner "
                     "too (or name the learners of two experiments apart in the query)");
}

}  // namespace

ReportResult write_query_report(const std::filesystem::path& db, const std::string& sql,
                                const std::filesystem::path& out, bool force) {
  refuse_input_written_over(out, db);
  check_comparison_target(out, force);
  std::vector<QueriedRun> runs;
  ReportData data;
  try {
    runs = query_runs(db, sql);
    if (runs.empty()) throw UsageError("the query returns no runs from '" + db.string() + "'");
    data = series_of(runs);
  } catch (const std::bad_alloc&) {
    throw_query_out_of_memory(db);
  }
  require_two_learners(data);
  Document doc;
  const std::string title = "perceptron-lab comparison: " + db.filename().string();
  doc.heading(title, 1);
  doc.paragraph("The runs the query below returns from '" + db.string() + "' (" +
                std::to_string(runs.size()) +
                " runs), compared as if one folder held them all: the query decides which "
                "runs pair, by sweep point and repeat, so it should select experiments of the "
                "same data, seed and sweep (docs/sqlite.md).");
  doc.paragraph("Query: " + sql);
  comparison_section(compare_learners(data), doc);
  write_comparison(out, doc, title);
  return {};
}

}  // namespace plab
