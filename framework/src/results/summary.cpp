#include "results/summary.hpp"

#include <algorithm>
#include <cstdio>
#include <map>
#include <numeric>

#include <boost/json/object.hpp>

#include "results/json_text.hpp"
#include "results/runs_reader.hpp"

namespace plab {

namespace {

struct Accumulator {
  GroupSummary group;
  std::vector<double> mistakes;
  std::vector<double> epochs;
  double train_error_sum = 0;
  std::size_t train_error_count = 0;
};

Quantiles quantiles(std::vector<double>& v) {
  Quantiles q;
  if (v.empty()) return q;
  std::sort(v.begin(), v.end());
  q.min = v.front();
  q.max = v.back();
  const std::size_t n = v.size();
  q.median = n % 2 == 1 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
  q.mean = std::accumulate(v.begin(), v.end(), 0.0) / static_cast<double>(n);
  return q;
}

double number_or(const boost::json::value* v, double fallback) {
  if (v == nullptr || v->is_null()) return fallback;
  return v->to_number<double>();
}

std::string format_number(double v, int precision = 4) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*g", precision, v);
  return buffer;
}

boost::json::object quantiles_json(const Quantiles& q) {
  return boost::json::object{
      {"min", q.min}, {"median", q.median}, {"mean", q.mean}, {"max", q.max}};
}

// "/init/kind"="gaussian" → "kind=gaussian", for the table's narrow column.
std::string short_params(const boost::json::value& params) {
  std::string s;
  if (!params.is_object()) return s;
  for (const auto& member : params.get_object()) {
    std::string key(member.key());
    const auto slash = key.rfind('/');
    if (slash != std::string::npos) key = key.substr(slash + 1);
    std::string value = to_json_text(member.value());
    if (value.size() >= 2 && value.front() == '"') value = value.substr(1, value.size() - 2);
    s += (s.empty() ? "" : " ") + key + "=" + value;
  }
  return s;
}

}  // namespace

Summary summarize_runs(const std::filesystem::path& runs_file) {
  std::vector<Accumulator> acc;
  std::map<std::pair<std::int64_t, std::string>, std::size_t> index;
  Summary summary;
  read_runs(runs_file, [&](const boost::json::object& r, std::size_t) {
    const std::int64_t point = r.at("point").to_number<std::int64_t>();
    const std::string learner(r.at("learner").as_string());
    auto [it, inserted] = index.try_emplace({point, learner}, acc.size());
    if (inserted) {
      Accumulator a;
      a.group.point = point;
      a.group.learner = learner;
      a.group.plugin = std::string(r.at("plugin").as_string());
      a.group.params = r.at("params");
      a.group.radius = number_or(r.if_contains("R"), 0.0);
      acc.push_back(std::move(a));
    }
    Accumulator& a = acc[it->second];
    ++a.group.runs;
    ++summary.runs;
    const std::string status(r.at("status").as_string());
    if (status == "converged") ++a.group.converged;
    if (status == "not_converged") ++a.group.not_converged;
    if (status == "diverged") ++a.group.diverged;
    if (status == "failed") {
      ++a.group.failed;
      ++summary.failed;
      return;
    }
    a.mistakes.push_back(number_or(r.if_contains("mistakes"), 0.0));
    a.epochs.push_back(number_or(r.if_contains("epochs"), 0.0));
    const boost::json::value* te = r.if_contains("train_error");
    if (te != nullptr && !te->is_null()) {
      a.train_error_sum += te->to_number<double>();
      ++a.train_error_count;
    }
  });
  for (Accumulator& a : acc) {
    a.group.mistakes = quantiles(a.mistakes);
    a.group.epochs = quantiles(a.epochs);
    a.group.train_error_mean = a.train_error_count == 0
                                   ? 0.0
                                   : a.train_error_sum / static_cast<double>(a.train_error_count);
    summary.groups.push_back(std::move(a.group));
  }
  return summary;
}

boost::json::value summary_to_json(const Summary& summary) {
  boost::json::array groups;
  for (const GroupSummary& g : summary.groups) {
    groups.push_back(boost::json::object{
        {"point", g.point},
        {"learner", g.learner},
        {"plugin", g.plugin},
        {"params", g.params},
        {"runs", g.runs},
        {"converged", g.converged},
        {"not_converged", g.not_converged},
        {"diverged", g.diverged},
        {"failed", g.failed},
        {"mistakes", quantiles_json(g.mistakes)},
        {"epochs", quantiles_json(g.epochs)},
        {"train_error_mean", g.train_error_mean},
        {"R", g.radius},
    });
  }
  return boost::json::object{{"schema_version", 1},
                             {"runs", summary.runs},
                             {"failed", summary.failed},
                             {"groups", std::move(groups)}};
}

std::string summary_to_csv(const Summary& summary) {
  std::string csv =
      "point,learner,plugin,params,runs,converged,not_converged,diverged,failed,"
      "mistakes_min,mistakes_median,mistakes_mean,mistakes_max,epochs_median,epochs_mean,"
      "epochs_max,train_error_mean,R\n";
  auto quoted = [](std::string s) {
    std::string out = "\"";
    for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
  };
  for (const GroupSummary& g : summary.groups) {
    std::string row = std::to_string(g.point) + "," + quoted(g.learner) + "," + quoted(g.plugin) +
                      "," + quoted(to_json_text(g.params)) + "," + std::to_string(g.runs) + "," +
                      std::to_string(g.converged) + "," + std::to_string(g.not_converged) + "," +
                      std::to_string(g.diverged) + "," + std::to_string(g.failed);
    for (double v : {g.mistakes.min, g.mistakes.median, g.mistakes.mean, g.mistakes.max,
                     g.epochs.median, g.epochs.mean, g.epochs.max, g.train_error_mean, g.radius}) {
      row += ",";
      append_json_number(row, v);
    }
    csv += row + "\n";
  }
  return csv;
}

std::string summary_table(const Summary& summary) {
  std::vector<std::vector<std::string>> rows;
  rows.push_back({"point", "sweep", "learner", "runs", "converged", "mistakes med", "mean", "max",
                  "epochs med", "train err", "R"});
  for (const GroupSummary& g : summary.groups) {
    std::string converged = std::to_string(g.converged);
    if (g.failed > 0) converged += " (" + std::to_string(g.failed) + " failed)";
    if (g.diverged > 0) converged += " (" + std::to_string(g.diverged) + " diverged)";
    rows.push_back({std::to_string(g.point), short_params(g.params), g.learner,
                    std::to_string(g.runs), converged, format_number(g.mistakes.median),
                    format_number(g.mistakes.mean), format_number(g.mistakes.max),
                    format_number(g.epochs.median), format_number(g.train_error_mean, 3),
                    format_number(g.radius)});
  }
  std::vector<std::size_t> width(rows.front().size(), 0);
  for (const auto& row : rows) {
    for (std::size_t c = 0; c < row.size(); ++c) width[c] = std::max(width[c], row[c].size());
  }
  std::string out;
  for (std::size_t r = 0; r < rows.size(); ++r) {
    for (std::size_t c = 0; c < rows[r].size(); ++c) {
      const bool left = c == 1 || c == 2;
      const std::string pad(width[c] - rows[r][c].size(), ' ');
      out += (c == 0 ? "" : "  ") + (left ? rows[r][c] + pad : pad + rows[r][c]);
    }
    while (!out.empty() && out.back() == ' ') out.pop_back();
    out += "\n";
    if (r == 0) {
      std::size_t total = 0;
      for (std::size_t w : width) total += w + 2;
      out += std::string(total - 2, '-') + "\n";
    }
  }
  return out;
}

}  // namespace plab
