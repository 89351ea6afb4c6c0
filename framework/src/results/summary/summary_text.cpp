// summary.json, summary.csv and the terminal tables of a Summary (results/summary/summary.hpp).
#include <cstdio>
#include <filesystem>

#include <boost/json/object.hpp>
#include <cmath>

#include "base/number_text.hpp"
#include "results/format/json_text.hpp"
#include "results/summary/summary.hpp"
#include "results/summary/text_table.hpp"
#include "theory/learner_quantity_unit.hpp"

namespace plab {

namespace {

// A quantile of a group, "-" when no run of the group has the value.
std::string counted_number(const Quantiles& q, double v) {
  return q.count > 0 ? significant(v) : "-";
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
  return ratio ? significant(*ratio, 4) : "-";
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
                                       {"rho", fit_margin_name(f.margin)},
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
  const std::optional<FormGeometry> form = group_geometry(g.geometry);
  return cell + " " + (radius ? form->radius_mark : form->margin_mark);
}

std::string fit_margin_text(const SlopeFit& fit) {
  return fit.margin == FitMargin::kMax ? "rho: the data's certified best margin"
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
         std::to_string(g.converged), g.ratio_max ? significant(*g.ratio_max, 4) : "-",
         g.ratio_median ? significant(*g.ratio_median, 4) : "-",
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
         g.train_error_mean ? significant(*g.train_error_mean, 3) : "-",
         geometry_mark(g, std::isfinite(g.radius) ? significant(g.radius) : "overflow", true),
         geometry_mark(g, g.rho ? significant(*g.rho) : "-", false)});
    append_hinge_cells(summary, rows.back(), g);
  }
  std::string out = render_table(rows, max_width);
  if (std::any_of(summary.groups.begin(), summary.groups.end(),
                  [](const GroupSummary& g) { return !g.geometry.empty(); })) {
    std::string notes;
    const auto add = [&](const std::optional<FormGeometry>& g) {
      if (g) notes += (notes.empty() ? "" : "; ") + g->note;
    };
    for (const LearnerQuantityUnit* unit : learner_quantity_units()) add(unit->geometry());
    for (const BoundUnit* unit : bound_units()) add(unit->geometry());
    out += notes;
    out += " (the quantities each learner's bound uses)\n";
  }
  for (const SlopeFit& f : summary.fits) {
    out += std::string("log-log slope of median mistakes against ") +
           (f.kernel ? "(R_K/rho_K)^2" : "(R/rho)^2") + " for " + f.learner + " (" +
           fit_margin_text(f) + "): " + significant(f.slope, 3) + " (95% CI " +
           significant(f.ci_low, 3) + " to " + significant(f.ci_high, 3) + ", " +
           std::to_string(f.points) + " points)\n";
  }
  return out;
}

}  // namespace plab
