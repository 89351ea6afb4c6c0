#include "results/summary.hpp"

#include <algorithm>
#include <cstdio>
#include <map>
#include <numeric>

#include <boost/json/object.hpp>
#include <boost/math/distributions/students_t.hpp>
#include <cmath>
#include <limits>

#include "results/json_text.hpp"
#include "results/run_record.hpp"
#include "results/runs_reader.hpp"
#include "results/text_table.hpp"
#include "theory/bound_unit.hpp"
#include "theory/bounds.hpp"

namespace plab {

namespace {

// The bound form whose geometry a summary group carries (theory/bound_unit.hpp), by label.
std::optional<FormGeometry> form_geometry(const std::string& label) {
  if (label.empty()) return std::nullopt;
  for (const BoundUnit* unit : bound_units()) {
    std::optional<FormGeometry> form = unit->geometry();
    if (form && form->label == label) return form;
  }
  return std::nullopt;
}

// The geometry of the form whose radius field the record holds, if any.
std::optional<FormGeometry> record_geometry(const RunRecord& r) {
  for (const BoundUnit* unit : bound_units()) {
    std::optional<FormGeometry> form = unit->geometry();
    if (form && r.form_fields.contains(form->radius_field)) return form;
  }
  return std::nullopt;
}

struct Accumulator {
  GroupSummary group;
  std::vector<double> mistakes;
  std::vector<double> epochs;
  std::vector<double> ratios;
  std::vector<double> ls_gaps;
  std::vector<double> hinge_ratios;
  std::vector<double> rounds_ratios;
  double train_error_sum = 0;
  std::size_t train_error_count = 0;
};

Quantiles quantiles(std::vector<double>& v) {
  Quantiles q;
  if (v.empty()) return q;
  q.count = v.size();
  std::sort(v.begin(), v.end());
  q.min = v.front();
  q.max = v.back();
  const std::size_t n = v.size();
  q.median = n % 2 == 1 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
  q.mean = std::accumulate(v.begin(), v.end(), 0.0) / static_cast<double>(n);
  return q;
}

std::string format_number(double v, int precision = 4) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*g", precision, v);
  return buffer;
}

// A quantile of a group, "-" when no run of the group has the value.
std::string counted_number(const Quantiles& q, double v) {
  return q.count > 0 ? format_number(v) : "-";
}

boost::json::value quantiles_json(const Quantiles& q) {
  if (q.count == 0) return nullptr;
  return boost::json::object{
      {"min", q.min}, {"median", q.median}, {"mean", q.mean}, {"max", q.max}};
}

// A swept value in a few characters: objects (a whole swept dataset, say) by their file,
// generator or kind; anything else by its JSON text, cut at 24 characters.
std::string short_value(const boost::json::value& v) {
  if (v.is_string()) return std::string(v.get_string());
  if (v.is_object()) {
    const auto& o = v.get_object();
    for (const char* key : {"path", "generator", "kind"}) {
      const auto* field = o.if_contains(key);
      if (field == nullptr || !field->is_string()) continue;
      std::string text(field->get_string());
      if (std::string_view(key) == "path") text = std::filesystem::path(text).stem().string();
      return text;
    }
  }
  std::string text = to_json_text(v);
  return text.size() > 24 ? text.substr(0, 21) + "..." : text;
}

// "/init/kind"="gaussian" → "kind=gaussian", for the table's narrow column.
std::string short_params(const boost::json::value& params) {
  std::string s;
  if (!params.is_object()) return s;
  for (const auto& member : params.get_object()) {
    std::string key(member.key());
    const auto slash = key.rfind('/');
    if (slash != std::string::npos) key = key.substr(slash + 1);
    s += (s.empty() ? "" : " ") + key + "=" + short_value(member.value());
  }
  return s;
}

// Ordinary least squares of log(median mistakes) on log((R/ρ)²) over the points of each
// learner whose margin is certified and whose median is positive; needs 3 distinct x.
std::vector<SlopeFit> fit_slopes(const std::vector<GroupSummary>& groups) {
  std::vector<std::string> learners;
  for (const auto& g : groups) {
    if (std::find(learners.begin(), learners.end(), g.learner) == learners.end())
      learners.push_back(g.learner);
  }
  std::vector<SlopeFit> fits;
  for (const auto& learner : learners) {
    std::vector<double> xs;
    std::vector<double> ys;
    bool at_max = true;
    std::string geometry;
    for (const auto& g : groups) {
      // A form's own geometry (theory/bound_unit.hpp) is not the R²ₑ form's ratio: no slope
      // against it.
      if (g.learner != learner || form_geometry(g.geometry) || !g.rho || *g.rho <= 0 ||
          g.mistakes.median <= 0 || !std::isfinite(g.radius))
        continue;
      geometry = g.geometry;
      at_max = at_max && g.rho_upper && *g.rho_upper <= *g.rho * (1 + 1e-6);
      xs.push_back(std::log(g.radius * g.radius / (*g.rho * *g.rho)));
      ys.push_back(std::log(g.mistakes.median));
    }
    const std::size_t n = xs.size();
    if (n < 3) continue;
    const double mx = std::accumulate(xs.begin(), xs.end(), 0.0) / static_cast<double>(n);
    const double my = std::accumulate(ys.begin(), ys.end(), 0.0) / static_cast<double>(n);
    double sxx = 0, sxy = 0;
    for (std::size_t i = 0; i < n; ++i) {
      sxx += (xs[i] - mx) * (xs[i] - mx);
      sxy += (xs[i] - mx) * (ys[i] - my);
    }
    if (sxx <= 0) continue;
    SlopeFit f;
    f.learner = learner;
    f.kernel = geometry == "kernel";
    f.margin = at_max ? "max" : "lower bound";
    f.points = n;
    f.slope = sxy / sxx;
    f.intercept = my - f.slope * mx;
    double sse = 0;
    for (std::size_t i = 0; i < n; ++i) {
      const double e = ys[i] - f.intercept - f.slope * xs[i];
      sse += e * e;
    }
    const double se = std::sqrt(sse / static_cast<double>(n - 2) / sxx);
    const double t = boost::math::quantile(
        boost::math::complement(boost::math::students_t(static_cast<double>(n - 2)), 0.025));
    f.ci_low = f.slope - t * se;
    f.ci_high = f.slope + t * se;
    fits.push_back(f);
  }
  return fits;
}

// The hinge bound's columns (and its mistake-round form's), shown only when some run
// carries one.
void append_hinge_headers(const Summary& summary, std::vector<std::string>& header) {
  if (summary.any_hinge) {
    for (const char* name :
         {"hinge applies", "hinge max ratio", "hinge median ratio", "hinge violations"})
      header.emplace_back(name);
  }
  if (summary.any_rounds) {
    for (const char* name : {"rounds applies", "rounds max ratio", "rounds median ratio"})
      header.emplace_back(name);
  }
}

std::string ratio_text(const std::optional<double>& ratio) {
  return ratio ? format_number(*ratio, 4) : "-";
}

void append_hinge_cells(const Summary& summary, std::vector<std::string>& row,
                        const GroupSummary& g) {
  if (summary.any_hinge) {
    row.push_back(std::to_string(g.hinge_applies));
    row.push_back(ratio_text(g.hinge_ratio_max));
    row.push_back(ratio_text(g.hinge_ratio_median));
    row.push_back(std::to_string(g.hinge_violations));
  }
  if (summary.any_rounds) {
    row.push_back(std::to_string(g.rounds_applies));
    row.push_back(ratio_text(g.rounds_ratio_max));
    row.push_back(ratio_text(g.rounds_ratio_median));
  }
}

boost::json::value optional_json(const std::optional<double>& v) {
  return v ? boost::json::value(*v) : boost::json::value(nullptr);
}

boost::json::value optional_json(const std::string& s) {
  return s.empty() ? boost::json::value(nullptr) : boost::json::value(s);
}

}  // namespace

Summary summarize_runs(const std::filesystem::path& runs_file) {
  std::vector<Accumulator> acc;
  std::map<std::pair<std::size_t, std::string>, std::size_t> index;
  Summary summary;
  const RunsFileInfo info =
      read_runs(runs_file, [&](const boost::json::object& record, std::size_t line) {
        const std::string where = runs_file.string() + ":" + std::to_string(line);
        const RunRecord r = read_run_record(record, where);
        auto [it, inserted] = index.try_emplace({r.point, r.learner}, acc.size());
        if (inserted) {
          Accumulator a;
          a.group.point = static_cast<std::int64_t>(r.point);
          a.group.learner = r.learner;
          a.group.plugin = r.plugin;
          a.group.params = r.params;
          // R is null in a record only when it overflowed a double: never show it as 0.
          constexpr double kOverflow = std::numeric_limits<double>::infinity();
          if (r.has_kernel) {
            a.group.geometry = "kernel";
            a.group.radius = r.kernel_R.value_or(kOverflow);
            a.group.rho = r.kernel_rho;
            a.group.rho_upper = r.kernel_rho_upper;
          } else if (const std::optional<FormGeometry> form = record_geometry(r)) {
            a.group.geometry = form->label;
            a.group.radius = r.form_fields.at(form->radius_field).to_number<double>();
            const boost::json::value& margin = r.form_fields.at(form->margin_field);
            if (!margin.is_null()) a.group.rho = margin.to_number<double>();
          } else {
            a.group.radius = r.R.value_or(kOverflow);
            a.group.rho = r.rho;
            a.group.rho_upper = r.rho_upper;
          }
          acc.push_back(std::move(a));
        }
        Accumulator& a = acc[it->second];
        ++a.group.runs;
        ++summary.runs;
        if (r.status == "converged") ++a.group.converged;
        if (r.status == "not_converged") ++a.group.not_converged;
        if (r.status == "diverged") ++a.group.diverged;
        if (r.failed()) {
          ++a.group.failed;
          ++summary.failed;
          return;
        }
        if (r.bound_not_computed()) ++summary.bounds_not_computed;
        if (r.bound_judged()) {
          ++a.group.bound_applies;
          if (a.group.bound_kind.empty()) a.group.bound_kind = *r.bound_kind;
          // A ratio is null only when count/bound is not finite: no plausible 0 for it.
          if (r.ratio) a.ratios.push_back(*r.ratio);
          // Recomputed from the record's own count and bound, not read from bound_holds: a
          // record edited by hand or written by a buggy build is still judged correctly.
          const auto counted = static_cast<double>(r.counted());
          if (!within_bound(counted, *r.bound)) {
            ++a.group.violations;
            ++summary.violations;
            if (summary.first_violations.size() < 10) {
              const char* what = r.bound_on_updates() ? "updates" : "mistakes";
              summary.first_violations.push_back(
                  "point " + std::to_string(r.point) + ", learner " + r.learner + ", repeat " +
                  std::to_string(r.repeat) + ": " + to_json_text(record.at(what)) + " " + what +
                  " > bound " + to_json_text(record.at("bound")));
            }
          }
          if (r.plain_bound_holds == false) ++a.group.plain_violations;
        }
        // The hinge bound past separability is proved too: a count above it is a violation.
        if (r.nonsep_bound) {
          summary.any_hinge = true;
          ++a.group.hinge_applies;
          if (a.group.hinge_kind.empty()) a.group.hinge_kind = r.nonsep_bound_kind.value_or("");
          if (r.nonsep_ratio) a.hinge_ratios.push_back(*r.nonsep_ratio);
        }
        if (r.nonsep_rounds_bound) {
          summary.any_rounds = true;
          ++a.group.rounds_applies;
          if (r.nonsep_rounds_ratio) a.rounds_ratios.push_back(*r.nonsep_rounds_ratio);
        }
        // So is its mistake-round form (with record_sample_mistakes).
        const auto hinge_violation = [&](const std::optional<double>& bound, const char* field) {
          if (!bound || within_bound(static_cast<double>(r.mistakes.value_or(0)), *bound)) return;
          ++a.group.hinge_violations;
          ++a.group.violations;
          ++summary.violations;
          if (summary.first_violations.size() < 10) {
            summary.first_violations.push_back(
                "point " + std::to_string(r.point) + ", learner " + r.learner + ", repeat " +
                std::to_string(r.repeat) + ": " + to_json_text(record.at("mistakes")) +
                " mistakes > " + field + " " + to_json_text(record.at(field)));
          }
        };
        hinge_violation(r.nonsep_bound, "nonsep_bound");
        hinge_violation(r.nonsep_rounds_bound, "nonsep_rounds_bound");
        if (r.ls_gap) a.ls_gaps.push_back(*r.ls_gap);
        a.mistakes.push_back(static_cast<double>(r.mistakes.value_or(0)));
        a.epochs.push_back(static_cast<double>(r.epochs.value_or(0)));
        if (r.train_error) {
          a.train_error_sum += *r.train_error;
          ++a.train_error_count;
        }
      });
  if (info.torn_tail) summary.torn_line = info.records + 1;
  for (Accumulator& a : acc) {
    a.group.mistakes = quantiles(a.mistakes);
    a.group.epochs = quantiles(a.epochs);
    if (!a.ratios.empty()) {
      const Quantiles q = quantiles(a.ratios);
      a.group.ratio_max = q.max;
      a.group.ratio_median = q.median;
    }
    if (!a.hinge_ratios.empty()) {
      const Quantiles q = quantiles(a.hinge_ratios);
      a.group.hinge_ratio_max = q.max;
      a.group.hinge_ratio_median = q.median;
    }
    if (!a.rounds_ratios.empty()) {
      const Quantiles q = quantiles(a.rounds_ratios);
      a.group.rounds_ratio_max = q.max;
      a.group.rounds_ratio_median = q.median;
    }
    if (!a.ls_gaps.empty()) a.group.ls_gap_median = quantiles(a.ls_gaps).median;
    if (a.train_error_count > 0) {
      a.group.train_error_mean = a.train_error_sum / static_cast<double>(a.train_error_count);
    }
    summary.groups.push_back(std::move(a.group));
  }
  summary.fits = fit_slopes(summary.groups);
  return summary;
}

boost::json::value summary_to_json(const Summary& summary) {
  boost::json::array groups;
  for (const GroupSummary& g : summary.groups) {
    boost::json::object group{
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
        {"train_error_mean", g.train_error_mean ? boost::json::value(*g.train_error_mean)
                                                : boost::json::value(nullptr)},
        {"R", g.radius},
        {"rho", g.rho ? boost::json::value(*g.rho) : boost::json::value(nullptr)},
        {"bound_kind",
         g.bound_kind.empty() ? boost::json::value(nullptr) : boost::json::value(g.bound_kind)},
        {"bound_applies", g.bound_applies},
        {"violations", g.violations},
        {"plain_bound_violations", g.plain_violations},
        {"ratio_max", g.ratio_max ? boost::json::value(*g.ratio_max) : boost::json::value(nullptr)},
        {"ratio_median",
         g.ratio_median ? boost::json::value(*g.ratio_median) : boost::json::value(nullptr)},
        {"ls_gap_median",
         g.ls_gap_median ? boost::json::value(*g.ls_gap_median) : boost::json::value(nullptr)},
    };
    // Written only for a kernel learner or a form with its own geometry: R and rho are then
    // R_K, ρ_K or the form's (R∞, γ₁ for the ℓ₁-margin).
    if (!g.geometry.empty()) group["geometry"] = g.geometry;
    if (summary.any_hinge) {
      group["hinge_bound_kind"] = optional_json(g.hinge_kind);
      group["hinge_bound_applies"] = g.hinge_applies;
      group["hinge_violations"] = g.hinge_violations;
      group["hinge_ratio_max"] = optional_json(g.hinge_ratio_max);
      group["hinge_ratio_median"] = optional_json(g.hinge_ratio_median);
    }
    if (summary.any_rounds) {
      group["rounds_bound_applies"] = g.rounds_applies;
      group["rounds_ratio_max"] = optional_json(g.rounds_ratio_max);
      group["rounds_ratio_median"] = optional_json(g.rounds_ratio_median);
    }
    groups.push_back(std::move(group));
  }
  boost::json::array fits;
  for (const SlopeFit& f : summary.fits) {
    fits.push_back(boost::json::object{{"learner", f.learner},
                                       {"points", f.points},
                                       {"x", f.kernel ? "log((R_K/rho_K)^2)" : "log((R/rho)^2)"},
                                       {"rho", f.margin},
                                       {"y", "log(median mistakes)"},
                                       {"slope", f.slope},
                                       {"intercept", f.intercept},
                                       {"slope_ci95", boost::json::array{f.ci_low, f.ci_high}}});
  }
  return boost::json::object{{"schema_version", 1},         {"runs", summary.runs},
                             {"failed", summary.failed},    {"violations", summary.violations},
                             {"groups", std::move(groups)}, {"slope_fits", std::move(fits)}};
}

std::string summary_to_csv(const Summary& summary) {
  std::string csv =
      "point,learner,plugin,params,runs,converged,not_converged,diverged,failed,"
      "mistakes_min,mistakes_median,mistakes_mean,mistakes_max,epochs_median,epochs_mean,"
      "epochs_max,train_error_mean,R,rho,bound_kind,bound_applies,violations,"
      "plain_bound_violations,ratio_max,ratio_median,ls_gap_median";
  if (summary.any_hinge) {
    csv +=
        ",hinge_bound_kind,hinge_bound_applies,hinge_violations,hinge_ratio_max,"
        "hinge_ratio_median";
  }
  if (summary.any_rounds) csv += ",rounds_bound_applies,rounds_ratio_max,rounds_ratio_median";
  csv += "\n";
  auto quoted = [](const std::string& s) {
    std::string out = "\"";
    for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
  };
  for (const GroupSummary& g : summary.groups) {
    std::string row = std::to_string(g.point) + "," + quoted(g.learner) + "," + quoted(g.plugin) +
                      "," + quoted(to_json_text(g.params)) + "," + std::to_string(g.runs) + "," +
                      std::to_string(g.converged) + "," + std::to_string(g.not_converged) + "," +
                      std::to_string(g.diverged) + "," + std::to_string(g.failed);
    auto optional = [&row](const std::optional<double>& v) {
      row += ",";
      if (v) append_json_number(row, *v);
    };
    const auto counted = [](const Quantiles& q, double v) {
      return q.count > 0 ? std::optional<double>(v) : std::nullopt;
    };
    for (const std::optional<double>& v :
         {counted(g.mistakes, g.mistakes.min), counted(g.mistakes, g.mistakes.median),
          counted(g.mistakes, g.mistakes.mean), counted(g.mistakes, g.mistakes.max),
          counted(g.epochs, g.epochs.median), counted(g.epochs, g.epochs.mean),
          counted(g.epochs, g.epochs.max), g.train_error_mean, std::optional<double>(g.radius)}) {
      optional(v);
    }
    optional(g.rho);
    row += "," + g.bound_kind + "," + std::to_string(g.bound_applies) + "," +
           std::to_string(g.violations) + "," + std::to_string(g.plain_violations);
    optional(g.ratio_max);
    optional(g.ratio_median);
    optional(g.ls_gap_median);
    if (summary.any_hinge) {
      row += "," + g.hinge_kind + "," + std::to_string(g.hinge_applies) + "," +
             std::to_string(g.hinge_violations);
      optional(g.hinge_ratio_max);
      optional(g.hinge_ratio_median);
    }
    if (summary.any_rounds) {
      row += "," + std::to_string(g.rounds_applies);
      optional(g.rounds_ratio_max);
      optional(g.rounds_ratio_median);
    }
    csv += row + "\n";
  }
  return csv;
}

// A radius or margin cell, marked when it is not the input space's (GroupSummary::geometry).
std::string geometry_mark(const GroupSummary& g, std::string cell, bool radius) {
  if (g.geometry.empty() || cell == "-") return cell;
  if (g.geometry == "kernel") return cell + " K";
  const std::optional<FormGeometry> form = form_geometry(g.geometry);
  return cell + " " + (radius ? form->radius_mark : form->margin_mark);
}

std::string fit_margin_text(const SlopeFit& fit) {
  return fit.margin == "max" ? "rho: the data's certified best margin"
                             : "rho: a certified lower bound on the best margin";
}

std::string verification_table(const Summary& summary, std::size_t max_width) {
  std::vector<std::vector<std::string>> rows;
  rows.push_back({"point", "sweep", "learner", "runs", "bound", "applies", "converged", "max ratio",
                  "median ratio", "violations"});
  append_hinge_headers(summary, rows.back());
  for (const GroupSummary& g : summary.groups) {
    rows.push_back(
        {std::to_string(g.point), short_params(g.params), g.learner, std::to_string(g.runs),
         g.bound_kind.empty() ? "-" : g.bound_kind, std::to_string(g.bound_applies),
         std::to_string(g.converged), g.ratio_max ? format_number(*g.ratio_max, 4) : "-",
         g.ratio_median ? format_number(*g.ratio_median, 4) : "-",
         std::to_string(g.violations) +
             (g.plain_violations > 0 ? " (plain bound: " + std::to_string(g.plain_violations) + ")"
                                     : "")});
    append_hinge_cells(summary, rows.back(), g);
  }
  return render_table(rows, max_width);
}

std::string converged_text(const GroupSummary& g) {
  std::string text = std::to_string(g.converged);
  if (g.failed > 0) text += " (" + std::to_string(g.failed) + " failed)";
  if (g.diverged > 0) text += " (" + std::to_string(g.diverged) + " diverged)";
  return text;
}

std::string summary_table(const Summary& summary, std::size_t max_width) {
  std::vector<std::vector<std::string>> rows;
  rows.push_back({"point", "sweep", "learner", "runs", "converged", "mistakes med", "mean", "max",
                  "epochs med", "train err", "R", "rho"});
  append_hinge_headers(summary, rows.back());
  for (const GroupSummary& g : summary.groups) {
    rows.push_back(
        {std::to_string(g.point), short_params(g.params), g.learner, std::to_string(g.runs),
         converged_text(g), counted_number(g.mistakes, g.mistakes.median),
         counted_number(g.mistakes, g.mistakes.mean), counted_number(g.mistakes, g.mistakes.max),
         counted_number(g.epochs, g.epochs.median),
         g.train_error_mean ? format_number(*g.train_error_mean, 3) : "-",
         geometry_mark(g, std::isfinite(g.radius) ? format_number(g.radius) : "overflow", true),
         geometry_mark(g, g.rho ? format_number(*g.rho) : "-", false)});
    append_hinge_cells(summary, rows.back(), g);
  }
  std::string out = render_table(rows, max_width);
  if (std::any_of(summary.groups.begin(), summary.groups.end(),
                  [](const GroupSummary& g) { return !g.geometry.empty(); })) {
    out += "R, rho marked K: in the kernel's feature space (R_K, rho_K)";
    for (const BoundUnit* unit : bound_units()) {
      if (const std::optional<FormGeometry> form = unit->geometry()) out += "; " + form->note;
    }
    out += " (the quantities each learner's bound uses)\n";
  }
  for (const SlopeFit& f : summary.fits) {
    out += std::string("log-log slope of median mistakes against ") +
           (f.kernel ? "(R_K/rho_K)^2" : "(R/rho)^2") + " for " + f.learner + " (" +
           fit_margin_text(f) + "): " + format_number(f.slope, 3) + " (95% CI " +
           format_number(f.ci_low, 3) + " to " + format_number(f.ci_high, 3) + ", " +
           std::to_string(f.points) + " points)\n";
  }
  return out;
}

}  // namespace plab
