#include "results/run_record.hpp"

#include <boost/json/object.hpp>
#include <boost/json/parse.hpp>

#include "results/json_text.hpp"
#include "theory/bounds.hpp"

namespace plab {

namespace {

// Names the record uses itself; a learner metric with one of these names gets a prefix.
bool is_reserved(const std::string& name) {
  static const char* const kReserved[] = {"point",
                                          "learner",
                                          "plugin",
                                          "repeat",
                                          "params",
                                          "status",
                                          "converged",
                                          "epochs",
                                          "steps",
                                          "mistakes",
                                          "updates",
                                          "train_error",
                                          "test_error",
                                          "w_norm",
                                          "w0_norm",
                                          "R",
                                          "separable",
                                          "gamma",
                                          "w_ref_norm",
                                          "rho",
                                          "rho_upper",
                                          "bound",
                                          "bound_kind",
                                          "bound_on",
                                          "bound_applies",
                                          "ratio",
                                          "bound_holds",
                                          "bound_clean",
                                          "plain_bound",
                                          "plain_bound_holds",
                                          "ls_gap",
                                          "ls_distance",
                                          "loss",
                                          "error",
                                          "w",
                                          "epoch_mistakes",
                                          "epoch_loss"};
  for (const char* r : kReserved) {
    if (name == r) return true;
  }
  return false;
}

boost::json::value sweep_values(const SweepPoint& point) {
  boost::json::object values;
  for (const auto& [pointer, value] : point.assignments)
    values[pointer] = boost::json::parse(value.dump());
  return values;
}

}  // namespace

std::string format_run_record(const Experiment& experiment, const RunId& id,
                              const RunOutcome& outcome) {
  const PreparedPoint& point = experiment.points[id.point];
  const PreparedLearner& learner = point.learners[id.learner];
  const bool ran = outcome.status != RunStatus::kFailed;
  const bool finished = ran && outcome.status != RunStatus::kDiverged;

  boost::json::object r;
  r["point"] = id.point;
  r["learner"] = learner.name;
  r["plugin"] = learner.plugin->descriptor().name;
  r["repeat"] = id.repeat;
  r["params"] = sweep_values(point.sweep);
  r["status"] = status_name(outcome.status);
  r["converged"] = outcome.status == RunStatus::kConverged;
  r["epochs"] = ran ? boost::json::value(outcome.epochs) : nullptr;
  r["steps"] = outcome.has_steps ? boost::json::value(outcome.steps) : nullptr;
  r["mistakes"] = ran ? boost::json::value(outcome.mistakes) : nullptr;
  r["updates"] = ran ? boost::json::value(outcome.updates) : nullptr;
  // Errors are fractions of the rows they are measured on (the training part for holdout).
  r["train_error"] = finished && outcome.train_rows > 0
                         ? boost::json::value(static_cast<double>(outcome.train_errors) /
                                              static_cast<double>(outcome.train_rows))
                         : nullptr;
  r["test_error"] = finished && outcome.has_test && outcome.test_rows > 0
                        ? boost::json::value(static_cast<double>(outcome.test_errors) /
                                             static_cast<double>(outcome.test_rows))
                        : nullptr;
  r["w_norm"] = finished ? boost::json::value(outcome.w_norm) : nullptr;
  r["w0_norm"] = ran ? boost::json::value(outcome.w0_norm) : nullptr;
  const MarginCertificate& margin = point.theory->margin;
  const bool separable = margin.separable.value_or(false);
  BoundReport bound;
  if (ran) {
    BoundInputs in;
    in.declared = learner.bound;
    in.theory = point.theory.get();
    in.data = point.data.get();
    in.initial_weights = outcome.initial_weights;
    // The least-squares reference is for the whole data set: no gap for a holdout run.
    if (finished && !outcome.has_test) in.final_weights = outcome.final_weights;
    in.mistakes = outcome.mistakes;
    in.updates = outcome.updates;
    bound = evaluate_bound(in);
  }
  auto number = [](const std::optional<double>& v) {
    return v ? boost::json::value(*v) : boost::json::value(nullptr);
  };
  auto flag = [](const std::optional<bool>& v) {
    return v ? boost::json::value(*v) : boost::json::value(nullptr);
  };
  r["R"] = point.theory->radius;
  r["separable"] = flag(margin.separable);
  r["gamma"] = separable ? boost::json::value(margin.gamma) : nullptr;
  r["w_ref_norm"] = separable ? boost::json::value(margin.reference_norm) : nullptr;
  r["rho"] = separable ? boost::json::value(margin.rho) : nullptr;
  r["rho_upper"] = number(margin.rho_upper);
  r["bound"] = number(bound.bound);
  r["bound_kind"] =
      bound.kind.empty() ? boost::json::value(nullptr) : boost::json::value(bound.kind);
  r["bound_on"] =
      bound.counts.empty() ? boost::json::value(nullptr) : boost::json::value(bound.counts);
  r["bound_applies"] = bound.applies;
  r["ratio"] = number(bound.ratio);
  r["bound_holds"] = flag(bound.holds);
  r["bound_clean"] = number(bound.clean);
  r["plain_bound"] = number(bound.plain);
  r["plain_bound_holds"] = flag(bound.plain_holds);
  r["ls_gap"] = number(bound.ls_gap);
  r["ls_distance"] = number(bound.ls_distance);
  // `loss` is a standard field (null for learners without one); other metrics follow.
  r["loss"] = nullptr;
  for (const auto& [name, value] : outcome.metrics) {
    if (name == "loss") {
      r["loss"] = finished ? boost::json::value(value) : nullptr;
      continue;
    }
    r[is_reserved(name) ? "metric_" + name : name] = value;
  }
  r["error"] =
      outcome.error.empty() ? boost::json::value(nullptr) : boost::json::value(outcome.error);
  if (point.config.protocol.record_weights) {
    boost::json::array w;
    for (double v : outcome.final_weights) w.emplace_back(v);
    r["w"] = finished ? boost::json::value(std::move(w)) : nullptr;
  }
  if (point.config.protocol.record_curve) {
    boost::json::array mistakes;
    boost::json::array loss;
    for (std::uint64_t m : outcome.epoch_mistakes) mistakes.emplace_back(m);
    for (double e : outcome.epoch_loss) loss.emplace_back(e);  // NaN prints as null
    r["epoch_mistakes"] = std::move(mistakes);
    r["epoch_loss"] = std::move(loss);
  }
  std::string line;
  append_json(line, r);
  line += '\n';
  return line;
}

std::string format_timing(const Experiment& experiment, const RunId& id, double seconds,
                          double train_seconds) {
  boost::json::object t;
  t["point"] = id.point;
  t["learner"] = experiment.points[id.point].learners[id.learner].name;
  t["repeat"] = id.repeat;
  t["seconds"] = seconds;
  t["train_seconds"] = train_seconds;
  std::string line;
  append_json(line, t);
  line += '\n';
  return line;
}

std::string trajectory_prefix(const Experiment& experiment, const RunId& id) {
  boost::json::object t;
  t["point"] = id.point;
  t["learner"] = experiment.points[id.point].learners[id.learner].name;
  t["repeat"] = id.repeat;
  std::string text;
  append_json(text, t);
  text.pop_back();  // reopen the object: the recorder appends epoch, sample and w
  return text;
}

}  // namespace plab
