// The runs.jsonl record of one run (docs/results-folder.md): what the learner did beside what
// theory promises. This is the record's one definition: its fields, their types, when they
// are null, and the one writer and the one reader of its text. The run step fills it
// (run/record_builder.hpp); this layer computes nothing, it only writes and reads.
//
// Every field is present in every record; fields that do not apply are null, never omitted,
// so that tables can be read without guessing. The exceptions, each said below: bound_note
// and the nonsep_* fields (only when set), the learner's metrics, `w` and the epoch curves (only
// when the protocol records them). The published schema is schema/run_record.schema.json; a test
// checks that its properties are the fields written here and that real output validates against it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <boost/json/object.hpp>

#include "config/config_kinds.hpp"
#include "config/sweep.hpp"
#include "plab/bound.hpp"
#include "results/format/run_status.hpp"

namespace plab {

struct RunRecord {
  // Identity: the sweep point's index, the learner's name in the config and its plugin's
  // declared name, the repeat's index within the point.
  std::size_t point = 0;
  std::string learner;
  std::string plugin;
  std::size_t repeat = 0;
  // The point's sweep values: JSON Pointer of the config -> value ({} without a sweep).
  boost::json::object params;
  // kFloat32 when the point's data set has `precision: "float32"` (its features rounded to
  // float at load; docs/run-records.md). Written only then: float64 records keep their bytes.
  FeaturePrecision precision = FeaturePrecision::kFloat64;
  // "converged" | "not_converged" | "diverged" | "failed" (the plugin threw).
  RunStatus status = RunStatus::kFailed;
  bool converged = false;  // status == kConverged

  // Counts. Null (nullopt) only for a failed run; steps also null for protocols without
  // scans of the data (only mistake-driven orders count them).
  std::optional<std::uint64_t> epochs;
  std::optional<std::uint64_t> steps;
  std::optional<std::uint64_t> mistakes;
  std::optional<std::uint64_t> updates;
  // Fractions of misclassified rows, of the training part and of the held-out part. Null
  // for a run that did not finish (failed, diverged); test_error null without a holdout.
  std::optional<double> train_error;
  std::optional<double> test_error;
  // ‖w‖ of the final weights (null unless finished) and of the initial ones (null if failed).
  std::optional<double> w_norm;
  std::optional<double> w0_norm;

  // The point's data facts and margin certificate (docs/bounds.md). R is null only when it
  // overflowed a double. separable is null when undecided; gamma, w_ref_norm and rho are
  // set only for separable data; rho_upper when an upper bound on ρ was found.
  std::optional<double> R;
  std::optional<bool> separable;
  std::optional<double> gamma;
  std::optional<double> w_ref_norm;
  std::optional<double> rho;
  std::optional<double> rho_upper;

  // The fields of the learner's own certified figures (theory/learner_quantity_unit.hpp:
  // kernel_R = R_K, kernel_separable (null: undecided), kernel_rho ≤ ρ_K ≤ kernel_rho_upper
  // for a kernel_novikoff learner), in the registry's order, written beside the point's and
  // only for a learner holding the figure: other records keep their bytes. A unit's fields
  // are present together or absent together.
  boost::json::object learner_fields;

  // The learner's declared bound evaluated for this run (theory/bounds.hpp BoundReport).
  // All null for a failed run and when the learner declares none; bound_applies is false
  // then. A record may say bound_applies with a null bound: the bound overflowed when
  // computed (see bound_not_computed()).
  std::optional<double> bound;
  std::optional<std::string> bound_kind;
  BoundCount bound_on = BoundCount::kUnset;  // what the bound limits; unset: null
  bool bound_applies = false;
  // Why a bound could not be evaluated. Written only when set: other records keep their bytes.
  std::optional<std::string> bound_note;
  std::optional<double> ratio;  // counted / bound
  std::optional<bool> bound_holds;
  std::optional<double> bound_clean;  // the clean init-aware form, from w0 != 0
  std::optional<double> plain_bound;  // the zero-init form, shown for w0 != 0 (it may fail)
  std::optional<bool> plain_bound_holds;
  std::optional<double> ls_gap;       // linear unit: E(w) - E(ŵ), whole-data runs only
  std::optional<double> ls_distance;  // linear unit: ‖w - ŵ‖

  // The fields the learner's bound form adds (theory/bound_unit.hpp, BoundUnit::record_fields),
  // in the unit's order: written only for a learner declaring that form at a point holding the
  // quantity they come from, so other records keep their bytes. All of a form's fields are
  // present together or absent together.
  boost::json::object form_fields;

  // The hinge (Freund–Schapire) bound past separability for this run's T = epochs
  // (theory/hinge_bound.hpp, docs/bounds.md): the smallest over the point's certified
  // candidates (manifest theory.hinge_candidates, index nonsep_candidate), its kind
  // ("hinge_sequence" | "hinge_sequence_init"), count / it, whether the count is within it,
  // and the candidate's C, ‖v‖ and ‖h₁(v)‖ (both rounded up). Written only when set (points
  // not certified separable, learners and orders the form covers): other records keep
  // their bytes. All eight are present together or absent together.
  std::optional<double> nonsep_bound;
  std::optional<std::string> nonsep_bound_kind;
  std::optional<double> nonsep_ratio;
  std::optional<bool> nonsep_bound_holds;
  std::optional<std::uint64_t> nonsep_candidate;
  std::optional<double> nonsep_C;
  std::optional<double> nonsep_v_norm;
  std::optional<double> nonsep_hinge_norm;
  // The hinge bound's mistake-round form (theory/hinge_bound.hpp, evaluate_mistake_round_bound)
  // from the run's per-sample counts: the smallest over the candidates, its kind
  // ("hinge_rounds" | "hinge_rounds_init"), count / it, whether the count is within it, the
  // candidate's index and L = Σ mᵢhᵢ(v) (rounded up). Only with record_sample_mistakes, where
  // the form applies; all six present together or absent together.
  std::optional<double> nonsep_rounds_bound;
  std::optional<std::string> nonsep_rounds_kind;
  std::optional<double> nonsep_rounds_ratio;
  std::optional<bool> nonsep_rounds_holds;
  std::optional<std::uint64_t> nonsep_rounds_candidate;
  std::optional<double> nonsep_rounds_L;

  // The learner's `loss` metric; null for learners without one and unless finished.
  std::optional<double> loss;
  // The learner's other metrics in its order, named as written: a name the record uses
  // itself gets the prefix "metric_" (record_metric_name). A value that is not finite is
  // written null and read back as NaN.
  std::vector<std::pair<std::string, double>> metrics;
  // What went wrong (failed) or where it diverged; null otherwise.
  std::optional<std::string> error;

  // With protocol.record_weights only (weights_recorded): the final weights, row after row;
  // null when the run did not finish. Non-finite entries read back as NaN.
  bool weights_recorded = false;
  std::optional<std::vector<double>> w;
  // With protocol.record_curve only (curve_recorded): mistakes and loss per epoch, the loss
  // NaN (null) where the learner has none.
  bool curve_recorded = false;
  std::vector<std::uint64_t> epoch_mistakes;
  std::vector<double> epoch_loss;
  // With protocol.record_sample_mistakes only (sample_mistakes_recorded): the updates each
  // training row caused; nullopt (null) where the learner's updates name no row (batch) or
  // the run failed.
  bool sample_mistakes_recorded = false;
  std::optional<std::vector<std::uint64_t>> sample_mistakes;

  bool failed() const { return status == RunStatus::kFailed; }
  // The record says the bound applies but holds null for it (it overflowed when computed):
  // such a bound judges nothing, and summaries count it apart.
  bool bound_not_computed() const { return bound_applies && !bound; }
  // The bound applies and has a value: the record can be judged by it.
  bool bound_judged() const { return bound_applies && bound.has_value(); }
  bool bound_on_updates() const { return bound_on == BoundCount::kUpdates; }
  // What the bound limits: mistakes or updates (0 for a failed run).
  std::uint64_t counted() const;
  std::uint64_t counted_as(bool updates) const {
    return (updates ? this->updates : mistakes).value_or(0);
  }
};

// Every field name the record itself uses, in the order it writes them (the optional ones
// included). A learner metric never takes one of these names (record_metric_name).
const std::vector<std::string_view>& run_record_fields();

// The field name of a learner's metric: its own, or "metric_" + it when the record uses it.
std::string record_metric_name(const std::string& metric);

// One line of runs.jsonl, newline included. A pure function of the record.
// The point's sweep values as a record holds them in `params` (pointer -> value; {} without
// a sweep): the run step writes them, plab verify recomputes them from the recorded config.
boost::json::object record_params(const SweepPoint& point);

std::string write_run_record(const RunRecord& record);

// How much of a record to read: the epoch curves and `w` are long, and most readers need
// only the scalar fields. Fields not read are left empty and not checked.
enum class RecordDetail { kScalars, kFull };

// Reads and checks one record parsed from a runs.jsonl line. `where` is "FILE:LINE". A
// record plab could not have written (a field missing, of the wrong type, a negative count,
// null where the run's status requires a number) is a DataError naming file:line, the
// field, what was expected and what was found (results/format/record_fields.hpp).
RunRecord read_run_record(const boost::json::object& record, const std::string& where,
                          RecordDetail detail = RecordDetail::kScalars);

// timings.jsonl has its own typed line: results/folder/run_timing.hpp.
// The start of a trajectory.jsonl line for a run: {"point":…,"learner":…,"repeat":…
std::string trajectory_prefix(std::size_t point, const std::string& learner, std::size_t repeat);

}  // namespace plab
