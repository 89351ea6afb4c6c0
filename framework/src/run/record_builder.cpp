#include "run/record_builder.hpp"

#include "theory/bound_unit.hpp"
#include "theory/bounds.hpp"
#include "theory/hinge_bound.hpp"
#include "theory/learner_quantity_unit.hpp"

namespace plab {

namespace {

std::optional<std::string> unless_empty(const std::string& s) {
  return s.empty() ? std::nullopt : std::optional<std::string>(s);
}

// The learner's declared bound for this run; nothing for a run that failed.
BoundReport run_bound(const PreparedPoint& point, const PreparedLearner& learner,
                      const RunOutcome& outcome, bool finished) {
  BoundInputs in;
  in.declared = learner.bound;
  in.theory = point.theory.get();
  in.data = point.data.get();
  in.initial_weights = outcome.initial_weights;
  // The least-squares reference is for the whole data set: no gap for a holdout run.
  if (finished && !outcome.has_test) in.final_weights = outcome.final_weights;
  in.mistakes = outcome.mistakes;
  in.updates = outcome.updates;
  in.learner_quantities = &learner.quantities;
  return evaluate_bound(in);
}

// The hinge bound past separability for this run's T = epochs (theory/hinge_bound.hpp).
HingeBoundInputs hinge_inputs(const PreparedPoint& point, const PreparedLearner& learner,
                              const RunOutcome& outcome) {
  HingeBoundInputs in;
  in.declared = learner.bound;
  in.radius = point.theory->radius;
  in.rows = point.data->rows();
  in.candidates = &point.theory->hinge_candidates;
  in.initial_weights = outcome.initial_weights;
  in.epochs = outcome.epochs;
  in.counted = learner.bound.counts == BoundCount::kUpdates ? outcome.updates : outcome.mistakes;
  in.each_sample_once_per_epoch = !point.config.protocol.mistake_driven();
  return in;
}

// The counts index the rows trained on: the whole data except under holdout.
bool counts_cover_the_data(const PreparedPoint& point, const RunOutcome& outcome) {
  return outcome.has_sample_mistakes && point.config.protocol.kind != ProtocolKind::kHoldout &&
         outcome.sample_mistakes.size() == point.data->rows();
}

}  // namespace

RunRecord build_run_record(const Experiment& experiment, const RunId& id,
                           const RunOutcome& outcome) {
  const PreparedPoint& point = experiment.point(id.point);
  const PreparedLearner& learner = point.learners[id.learner];
  const bool ran = outcome.status != RunStatus::kFailed;
  const bool finished = ran && outcome.status != RunStatus::kDiverged;

  RunRecord r;
  r.point = id.point;
  r.learner = learner.name;
  r.plugin = learner.plugin->descriptor().name;
  r.repeat = id.repeat;
  r.params = record_params(point.sweep);
  if (point.data->float32()) r.precision = FeaturePrecision::kFloat32;
  r.status = outcome.status;
  r.converged = outcome.status == RunStatus::kConverged;
  if (ran) {
    r.epochs = outcome.epochs;
    r.mistakes = outcome.mistakes;
    r.updates = outcome.updates;
    r.w0_norm = outcome.w0_norm;
  }
  if (outcome.has_steps) r.steps = outcome.steps;
  // Errors are fractions of the rows they are measured on (the training part for holdout).
  if (finished && outcome.train_rows > 0) {
    r.train_error =
        static_cast<double>(outcome.train_errors) / static_cast<double>(outcome.train_rows);
  }
  if (finished && outcome.has_test && outcome.test_rows > 0) {
    r.test_error =
        static_cast<double>(outcome.test_errors) / static_cast<double>(outcome.test_rows);
  }
  if (finished) r.w_norm = outcome.w_norm;

  const MarginCertificate& margin = point.theory->margin;
  const bool separable = margin.separable.value_or(false);
  r.R = point.theory->radius;  // written null if it overflowed
  r.separable = margin.separable;
  if (separable) {
    r.gamma = margin.gamma;
    r.w_ref_norm = margin.reference_norm;
    r.rho = margin.rho;
  }
  r.rho_upper = margin.rho_upper;
  for (const LearnerQuantityUnit* unit : learner_quantity_units()) {
    if (const CertifiedQuantity* q = find_learner_quantity(learner.quantities, unit->key())) {
      for (const auto& field : unit->record_values(*q))
        r.learner_fields[field.key()] = field.value();
    }
  }

  const BoundReport bound = ran ? run_bound(point, learner, outcome, finished) : BoundReport{};
  r.bound = bound.bound;
  r.bound_kind = unless_empty(bound.kind);
  r.bound_on = bound.counts;
  r.bound_applies = bound.applies;
  r.bound_note = unless_empty(bound.note);
  r.ratio = bound.ratio;
  r.bound_holds = bound.holds;
  r.bound_clean = bound.clean;
  r.plain_bound = bound.plain;
  r.plain_bound_holds = bound.plain_holds;
  r.ls_gap = bound.ls_gap;
  r.ls_distance = bound.ls_distance;
  if (const BoundUnit* unit = find_bound_unit(learner.bound.form)) {
    if (auto fields = unit->record_values(*point.theory, learner.bound, *point.data)) {
      r.form_fields = std::move(*fields);
    }
  }
  if (ran) {
    const HingeBoundInputs inputs = hinge_inputs(point, learner, outcome);
    const HingeBoundReport hinge = evaluate_hinge_bound(inputs);
    if (hinge.bound) {
      r.nonsep_bound = hinge.bound;
      r.nonsep_bound_kind = hinge.kind;
      r.nonsep_ratio = hinge.ratio;
      r.nonsep_bound_holds = hinge.holds;
      r.nonsep_candidate = hinge.candidate;
      r.nonsep_C = hinge.c;
      r.nonsep_v_norm = hinge.v_norm;
      r.nonsep_hinge_norm = hinge.hinge_norm;
    }
    if (counts_cover_the_data(point, outcome)) {
      const MistakeRoundReport rounds =
          evaluate_mistake_round_bound(inputs, outcome.sample_mistakes);
      if (rounds.bound) {
        r.nonsep_rounds_bound = rounds.bound;
        r.nonsep_rounds_kind = rounds.kind;
        r.nonsep_rounds_ratio = rounds.ratio;
        r.nonsep_rounds_holds = rounds.holds;
        r.nonsep_rounds_candidate = rounds.candidate;
        r.nonsep_rounds_L = rounds.loss;
      }
    }
  }

  // `loss` is a standard field (null for learners without one); other metrics follow.
  for (const auto& [name, value] : outcome.metrics) {
    if (name == "loss") {
      r.loss = finished ? std::optional<double>(value) : std::nullopt;
      continue;
    }
    r.metrics.emplace_back(record_metric_name(name), value);
  }
  r.error = unless_empty(outcome.error);
  r.weights_recorded = point.config.protocol.record_weights;
  if (r.weights_recorded && finished) r.w = outcome.final_weights;
  r.sample_mistakes_recorded = point.config.protocol.record_sample_mistakes;
  if (r.sample_mistakes_recorded && ran && !outcome.sample_mistakes.empty())
    r.sample_mistakes = outcome.sample_mistakes;
  r.curve_recorded = point.config.protocol.record_curve;
  if (r.curve_recorded) {
    r.epoch_mistakes = outcome.epoch_mistakes;
    r.epoch_loss = outcome.epoch_loss;
  }
  return r;
}

std::string trajectory_prefix(const Experiment& experiment, const RunId& id) {
  return trajectory_prefix(id.point, experiment.point(id.point).learners[id.learner].name,
                           id.repeat);
}

}  // namespace plab
