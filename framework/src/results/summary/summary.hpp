// Aggregates of runs.jsonl per (sweep point, learner): summary.json, summary.csv and the
// table printed at the end of `plab run`.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <boost/json/value.hpp>

#include "theory/bound_unit.hpp"

namespace plab {

// Of the runs that have the value: count 0 (every run of the group failed) prints "-" and
// null, never a plausible 0.
struct Quantiles {
  std::size_t count = 0;
  double min = 0, median = 0, mean = 0, max = 0;
};

struct GroupSummary {
  std::int64_t point = 0;
  std::string learner;
  std::string plugin;
  boost::json::value params;  // the point's sweep values
  std::size_t runs = 0;
  std::size_t converged = 0;
  std::size_t not_converged = 0;
  std::size_t diverged = 0;
  std::size_t failed = 0;
  Quantiles mistakes;  // over runs that did not fail
  Quantiles epochs;
  std::optional<double> train_error_mean;  // over runs with a train_error; none: null
  // The radius and margin the learner's theorem speaks of: "" the input space's R and ρ;
  // otherwise the label of a learner quantity's geometry (theory/learner_quantity_unit.hpp:
  // "kernel" is R_K and ρ_K in the kernel's feature space, kernel_R and kernel_rho) or of a
  // bound form's own (theory/bound_unit.hpp, FormGeometry: "l1" is R∞ and the ℓ₁-margin
  // γ₁). The table marks all but the first.
  std::string geometry;
  double radius = 0;
  std::optional<double> rho;  // certified margin at this point (null: none)
  // An upper bound on the data's best margin ρ* (the svm oracle's nearest hull point): with
  // it, rho is ρ* to within the bracket; without it, rho is only a lower bound on ρ*.
  std::optional<double> rho_upper;
  std::string bound_kind;  // of the first run whose bound applies
  std::size_t bound_applies = 0;
  std::size_t violations = 0;        // runs whose applicable bound failed
  std::size_t plain_violations = 0;  // runs from w₀ ≠ 0 exceeding the zero-init form
  std::optional<double> ratio_max;   // over runs whose bound applies
  std::optional<double> ratio_median;
  std::optional<double> ls_gap_median;  // linear unit
  // The hinge bound past separability (records' nonsep_* fields), for runs that carry one.
  std::string hinge_kind;  // of the first run with a hinge bound
  std::size_t hinge_applies = 0;
  std::size_t hinge_violations = 0;  // also counted in `violations`
  std::optional<double> hinge_ratio_max;
  std::optional<double> hinge_ratio_median;
  // Its mistake-round form (nonsep_rounds_*, with record_sample_mistakes).
  std::size_t rounds_applies = 0;
  std::optional<double> rounds_ratio_max;
  std::optional<double> rounds_ratio_median;
};

// Which margin a slope fit's x uses: kMax when every point's rho is the data's certified best
// margin ρ* (bracketed by rho_upper within 1e-6 relative), else kLowerBound (a teacher's or
// given separator's certified margin, which can sit well below ρ*).
enum class FitMargin { kMax, kLowerBound };

// "max" or "lower bound": summary.json's word for it.
const char* fit_margin_name(FitMargin margin);

// Median mistakes against (R/ρ)² across sweep points, per learner, on log–log axes
// (docs/bounds.md, "Novikoff from zero" predicts a slope of at most 1 for the worst case).
struct SlopeFit {
  std::string learner;
  std::size_t points = 0;
  double slope = 0;
  double intercept = 0;
  double ci_low = 0;  // 95% interval of the slope (Student t, points − 2 degrees of freedom)
  double ci_high = 0;
  FitMargin margin = FitMargin::kLowerBound;
  bool kernel = false;  // fitted against (R_K/ρ_K)² (kernel_novikoff learners)
};

struct Summary {
  std::vector<GroupSummary> groups;  // in canonical order of first appearance
  std::size_t runs = 0;              // complete records in runs.jsonl
  std::size_t failed = 0;
  std::size_t violations = 0;
  std::size_t bounds_not_computed = 0;        // records whose applicable bound is null
  std::optional<std::size_t> torn_line;       // the line number of a torn (partial) last line
  std::vector<std::string> first_violations;  // "point 3, learner x, repeat 7: 12 > 11.5"
  std::vector<SlopeFit> fits;
  // True when some run carries a hinge bound: only then do summary.json, summary.csv and the
  // tables gain the hinge columns, so summaries of separable data read as before.
  bool any_hinge = false;
  bool any_rounds = false;  // likewise for the mistake-round form's columns
};

// Every record is checked (results/format/run_record.hpp): a malformed one is a DataError naming
// file:line and the field.
Summary summarize_runs(const std::filesystem::path& runs_file);

// The geometry of a bound form that a group carries (GroupSummary::geometry,
// theory/bound_unit.hpp), by its label; nullopt for "" and a learner quantity's ("kernel").
std::optional<FormGeometry> form_geometry(const std::string& label);
// The geometry a group carries, a learner quantity's or a form's, by its label; nullopt for "".
std::optional<FormGeometry> group_geometry(const std::string& label);

// summary.json, summary.csv and the tables (results/summary/summary_text.cpp).
boost::json::value summary_to_json(const Summary& summary);
std::string summary_to_csv(const Summary& summary);
// Fixed-width tables for a terminal: the run summary, and the verification view
// (`plab verify`): runs, how many a bound applies to, converged, max and median ratio,
// violations, per (sweep point, learner). With `max_width` > 0 a wider table is split into
// parts of at most that many columns (results/summary/text_table.hpp).
std::string summary_table(const Summary& summary, std::size_t max_width = 0);
// A group's converged runs, with its failed and diverged ones beside: "8 (2 failed)".
std::string converged_text(const GroupSummary& g);
std::string verification_table(const Summary& summary, std::size_t max_width = 0);
// Which margin a slope fit is against, in words ("rho: the data's certified best margin").
std::string fit_margin_text(const SlopeFit& fit);

}  // namespace plab
