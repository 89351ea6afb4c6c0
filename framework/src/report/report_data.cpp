#include "report/report_data.hpp"

#include <cmath>
#include <limits>
#include <map>

#include "results/resume.hpp"
#include "results/runs_reader.hpp"

namespace plab {

namespace {

std::optional<double> number(const boost::json::object& r, const char* key) {
  const boost::json::value* v = r.if_contains(key);
  if (v == nullptr || v->is_null()) return std::nullopt;
  return v->to_number<double>();
}

std::vector<double> numbers(const boost::json::object& r, const char* key) {
  std::vector<double> out;
  const boost::json::value* v = r.if_contains(key);
  if (v == nullptr || !v->is_array()) return out;
  for (const auto& x : v->get_array()) {
    out.push_back(x.is_null() ? std::numeric_limits<double>::quiet_NaN() : x.to_number<double>());
  }
  return out;
}

}  // namespace

ReportData load_report_data(const std::filesystem::path& dir) {
  ReportData d;
  d.dir = dir;
  d.manifest = read_manifest(dir);
  d.summary = summarize_runs(dir / "runs.jsonl");
  std::map<std::pair<std::size_t, std::string>, std::size_t> index;
  for (const GroupSummary& g : d.summary.groups) {
    index[{static_cast<std::size_t>(g.point), g.learner}] = d.series.size();
    GroupSeries s;
    s.point = static_cast<std::size_t>(g.point);
    s.learner = g.learner;
    d.series.push_back(std::move(s));
  }
  const double nan = std::numeric_limits<double>::quiet_NaN();
  read_runs(dir / "runs.jsonl", [&](const boost::json::object& r, std::size_t) {
    GroupSeries& s = d.series[index.at(
        {r.at("point").to_number<std::size_t>(), std::string(r.at("learner").as_string())})];
    const auto repeat = r.at("repeat").to_number<std::size_t>();
    const bool failed = r.at("status") == "failed";
    if (s.mistakes_by_repeat.size() <= repeat) {
      s.mistakes_by_repeat.resize(repeat + 1, nan);
      s.test_error_by_repeat.resize(repeat + 1, nan);
    }
    if (!failed) s.mistakes_by_repeat[repeat] = number(r, "mistakes").value_or(nan);
    if (const auto t = number(r, "test_error")) {
      s.test_error_by_repeat[repeat] = *t;
      s.has_test_error = true;
    }
    const auto bound = number(r, "bound");
    const boost::json::value* applies = r.if_contains("bound_applies");
    if (bound && applies != nullptr && applies->is_bool() && applies->get_bool()) {
      const bool on_updates = r.at("bound_on") == "updates";
      const double count = number(r, on_updates ? "updates" : "mistakes").value_or(0.0);
      s.ratios.push_back(count / *bound);
      if (s.counts.size() < kMaxScatter) {
        s.counts.push_back(count);
        s.bounds.push_back(*bound);
      }
    }
    if (repeat == 0) {
      s.epoch_mistakes = numbers(r, "epoch_mistakes");
      s.epoch_loss = numbers(r, "epoch_loss");
    }
  });
  return d;
}

}  // namespace plab
