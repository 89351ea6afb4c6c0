#include "results/summary/summary.hpp"

#include <algorithm>
#include <cstdio>
#include <map>
#include <numeric>

#include <boost/json/object.hpp>
#include <boost/math/distributions/students_t.hpp>
#include <cmath>
#include <limits>

#include "base/median.hpp"
#include "results/format/json_text.hpp"
#include "results/format/run_record.hpp"
#include "results/format/runs_reader.hpp"
#include "results/summary/text_table.hpp"
#include "theory/bound_unit.hpp"
#include "theory/bounds.hpp"
#include "theory/kernel_margin_unit.hpp"
#include "theory/learner_quantity_unit.hpp"

namespace plab {

namespace {

// The radius and margin a record's group is shown with when they are not the input space's:
// a learner quantity's (a kernel's R_K and ρ_K) or its form's, and the record's fields
// holding them.
struct RecordGeometry {
  FormGeometry form;
  const boost::json::object* fields = nullptr;
};

std::optional<RecordGeometry> record_geometry(const RunRecord& r) {
  for (const LearnerQuantityUnit* unit : learner_quantity_units()) {
    std::optional<FormGeometry> form = unit->geometry();
    if (form && r.learner_fields.contains(form->radius_field))
      return RecordGeometry{std::move(*form), &r.learner_fields};
  }
  for (const BoundUnit* unit : bound_units()) {
    std::optional<FormGeometry> form = unit->geometry();
    if (form && r.form_fields.contains(form->radius_field))
      return RecordGeometry{std::move(*form), &r.form_fields};
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
  q.median = median_of_sorted(v);
  q.mean = std::accumulate(v.begin(), v.end(), 0.0) / static_cast<double>(n);
  return q;
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
    f.kernel = geometry == kernel_margin_unit().geometry()->label;
    f.margin = at_max ? FitMargin::kMax : FitMargin::kLowerBound;
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

}  // namespace

const char* fit_margin_name(FitMargin margin) {
  return margin == FitMargin::kMax ? "max" : "lower bound";
}

std::optional<FormGeometry> form_geometry(const std::string& label) {
  if (label.empty()) return std::nullopt;
  for (const BoundUnit* unit : bound_units()) {
    std::optional<FormGeometry> form = unit->geometry();
    if (form && form->label == label) return form;
  }
  return std::nullopt;
}

std::optional<FormGeometry> group_geometry(const std::string& label) {
  if (label.empty()) return std::nullopt;
  for (const LearnerQuantityUnit* unit : learner_quantity_units()) {
    std::optional<FormGeometry> geometry = unit->geometry();
    if (geometry && geometry->label == label) return geometry;
  }
  return form_geometry(label);
}

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
          if (const std::optional<RecordGeometry> g = record_geometry(r)) {
            const auto number = [&](const std::string& field) {
              const boost::json::value& v = g->fields->at(field);
              return v.is_null() ? std::nullopt : std::optional<double>(v.to_number<double>());
            };
            a.group.geometry = g->form.label;
            a.group.radius = number(g->form.radius_field).value_or(kOverflow);
            a.group.rho = number(g->form.margin_field);
            if (!g->form.rho_upper_field.empty())
              a.group.rho_upper = number(g->form.rho_upper_field);
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
        if (r.status == RunStatus::kConverged) ++a.group.converged;
        if (r.status == RunStatus::kNotConverged) ++a.group.not_converged;
        if (r.status == RunStatus::kDiverged) ++a.group.diverged;
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

}  // namespace plab
