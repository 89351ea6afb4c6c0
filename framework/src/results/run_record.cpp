#include "results/run_record.hpp"

#include <algorithm>
#include <limits>

#include <boost/json/array.hpp>
#include <boost/json/parse.hpp>

#include "error.hpp"
#include "results/json_text.hpp"
#include "results/record_fields.hpp"

namespace plab {

namespace {

boost::json::value number(const std::optional<double>& v) {
  return v ? boost::json::value(*v) : boost::json::value(nullptr);
}
boost::json::value count(const std::optional<std::uint64_t>& v) {
  return v ? boost::json::value(*v) : boost::json::value(nullptr);
}
boost::json::value flag(const std::optional<bool>& v) {
  return v ? boost::json::value(*v) : boost::json::value(nullptr);
}
boost::json::value text(const std::optional<std::string>& v) {
  return v ? boost::json::value(*v) : boost::json::value(nullptr);
}

bool is_record_field(std::string_view name) {
  const auto& fields = run_record_fields();
  return std::find(fields.begin(), fields.end(), name) != fields.end();
}

// A number, or null read as NaN (a non-finite value written by plab).
double number_or_nan(const RecordFields& f, const std::string& name, const boost::json::value& v,
                     const char* expected) {
  if (v.is_null()) return std::numeric_limits<double>::quiet_NaN();
  if (!v.is_number()) f.wrong(name, v, expected);
  return v.to_number<double>();
}

std::vector<double> numbers_or_nan(const RecordFields& f, std::string_view key,
                                   const boost::json::array& a) {
  std::vector<double> out;
  out.reserve(a.size());
  for (std::size_t i = 0; i < a.size(); ++i)
    out.push_back(
        number_or_nan(f, std::string(key) + "/" + std::to_string(i), a[i], "a number or null"));
  return out;
}

void read_curves(RunRecord& r, const RecordFields& f) {
  if (f.has("epoch_mistakes") && !f.any("epoch_mistakes").is_null()) {
    const boost::json::array& a = f.array("epoch_mistakes");
    r.epoch_mistakes.reserve(a.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
      const auto c = as_count(a[i]);
      if (!c)
        f.wrong("epoch_mistakes/" + std::to_string(i), a[i],
                "a count (an integer from 0 to 2^63-1)");
      r.epoch_mistakes.push_back(*c);
    }
  }
  if (f.has("epoch_loss") && !f.any("epoch_loss").is_null())
    r.epoch_loss = numbers_or_nan(f, "epoch_loss", f.array("epoch_loss"));
}

// Per-sample counts are read in full even for summaries: the mistake-round bound's audit
// needs them, and they are one count per row.
void read_sample_counts(RunRecord& r, const RecordFields& f) {
  r.sample_mistakes_recorded = f.has("sample_mistakes");
  if (!r.sample_mistakes_recorded || f.any("sample_mistakes").is_null()) return;
  const boost::json::array& a = f.array("sample_mistakes");
  std::vector<std::uint64_t> counts;
  counts.reserve(a.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    const auto c = as_count(a[i]);
    if (!c)
      f.wrong("sample_mistakes/" + std::to_string(i), a[i],
              "a count (an integer from 0 to 2^63-1)");
    counts.push_back(*c);
  }
  r.sample_mistakes = std::move(counts);
}

// The fields read before any other, in the order the checks have always run: a record with
// several faults is named by the same field as before.
void read_identity_and_counts(RunRecord& r, const RecordFields& f) {
  r.point = f.count("point");
  r.repeat = f.count("repeat");
  r.learner = f.string("learner");
  r.plugin = f.string("plugin");
  const boost::json::value& params = f.any("params");
  if (!params.is_object()) f.wrong("params", params, "an object (the sweep values)");
  r.params = params.get_object();
  if (f.has("precision")) {
    r.precision = f.string("precision");
    if (*r.precision != "float32") f.wrong("precision", f.any("precision"), "\"float32\"");
  }
  r.status = f.string("status");
  if (r.status != "converged" && r.status != "not_converged" && r.status != "diverged" &&
      r.status != "failed") {
    f.wrong("status", f.any("status"), R"("converged", "not_converged", "diverged" or "failed")");
  }
  if (r.failed()) {
    r.epochs = f.count_or_null("epochs");
    r.mistakes = f.count_or_null("mistakes");
    r.updates = f.count_or_null("updates");
  } else {
    // A run that ran has counted its epochs, mistakes and updates.
    r.epochs = f.count("epochs");
    r.mistakes = f.count("mistakes");
    r.updates = f.count("updates");
  }
}

// A number or null that plab writes only within [low, high] (configs/run_record.schema.json):
// a fraction of rows, a norm. Outside, the record is not one plab wrote.
std::optional<double> bounded_or_null(const RecordFields& f, std::string_view key, double low,
                                      double high, const char* expected) {
  const std::optional<double> v = f.number_or_null(key);
  if (v && !(*v >= low && *v <= high)) f.wrong(key, f.any(key), expected);
  return v;
}

std::optional<double> fraction_or_null(const RecordFields& f, std::string_view key) {
  return bounded_or_null(f, key, 0.0, 1.0, "null or a fraction from 0 to 1");
}

std::optional<double> norm_or_null(const RecordFields& f, std::string_view key) {
  return bounded_or_null(f, key, 0.0, std::numeric_limits<double>::infinity(),
                         "null or a number >= 0 (a norm)");
}

void read_bound(RunRecord& r, const RecordFields& f) {
  r.bound_applies = f.boolean("bound_applies");
  r.ratio = f.number_or_null("ratio");
  r.bound = f.number_or_null("bound");
  if (r.bound_applies) {
    r.bound_kind = f.string("bound_kind");
    r.bound_on = f.string("bound_on");
  } else {
    r.bound_kind = f.string_or_null("bound_kind");
    r.bound_on = f.string_or_null("bound_on");
  }
  if (r.bound_on && *r.bound_on != "mistakes" && *r.bound_on != "updates")
    f.wrong("bound_on", f.any("bound_on"), R"("mistakes" or "updates")");
  // plab itself wrote `bound_applies: true` with a null bound when a bound overflowed (null
  // is how JSON holds a non-finite number): not judged, so its count is not required.
  if (r.bound_judged() && !(r.bound_on_updates() ? r.updates : r.mistakes))
    f.wrong(*r.bound_on, f.any(*r.bound_on), "a count (the bound applies to it)");
  if (f.has("bound_note")) r.bound_note = f.string("bound_note");
  r.plain_bound_holds = f.boolean_or_null("plain_bound_holds");
  r.ls_gap = f.number_or_null("ls_gap");
  r.bound_holds = f.boolean_or_null("bound_holds");
  r.bound_clean = f.number_or_null("bound_clean");
  r.plain_bound = f.number_or_null("plain_bound");
  r.ls_distance = norm_or_null(f, "ls_distance");
  // Winnow's inputs: all three or none (run_record.hpp).
  if (f.has("winnow_weights")) {
    r.winnow_weights = f.count("winnow_weights");
    r.gamma1 = f.number_or_null("gamma1");
    r.R_inf = f.number("R_inf");
  }
  // The hinge bound: all its fields or none (run_record.hpp).
  if (f.has("nonsep_bound")) {
    r.nonsep_bound = f.number("nonsep_bound");
    r.nonsep_bound_kind = f.string("nonsep_bound_kind");
    r.nonsep_ratio = f.number("nonsep_ratio");
    r.nonsep_bound_holds = f.boolean("nonsep_bound_holds");
    r.nonsep_candidate = f.count("nonsep_candidate");
    r.nonsep_C = f.number("nonsep_C");
    r.nonsep_v_norm = norm_or_null(f, "nonsep_v_norm");
    r.nonsep_hinge_norm = norm_or_null(f, "nonsep_hinge_norm");
    for (const char* key : {"nonsep_v_norm", "nonsep_hinge_norm"}) {
      if (f.any(key).is_null()) f.wrong(key, f.any(key), "a number >= 0 (a norm)");
    }
  }
  if (f.has("nonsep_rounds_bound")) {
    r.nonsep_rounds_bound = f.number("nonsep_rounds_bound");
    r.nonsep_rounds_kind = f.string("nonsep_rounds_kind");
    r.nonsep_rounds_ratio = f.number("nonsep_rounds_ratio");
    r.nonsep_rounds_holds = f.boolean("nonsep_rounds_holds");
    r.nonsep_rounds_candidate = f.count("nonsep_rounds_candidate");
    r.nonsep_rounds_L = f.number("nonsep_rounds_L");
  }
}

}  // namespace

std::uint64_t RunRecord::counted() const {
  return (bound_on_updates() ? updates : mistakes).value_or(0);
}

const std::vector<std::string_view>& run_record_fields() {
  static const std::vector<std::string_view> kFields = {"point",
                                                        "learner",
                                                        "plugin",
                                                        "repeat",
                                                        "params",
                                                        "precision",
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
                                                        "kernel_R",
                                                        "kernel_separable",
                                                        "kernel_rho",
                                                        "kernel_rho_upper",
                                                        "bound",
                                                        "bound_kind",
                                                        "bound_on",
                                                        "bound_applies",
                                                        "bound_note",
                                                        "ratio",
                                                        "bound_holds",
                                                        "bound_clean",
                                                        "plain_bound",
                                                        "plain_bound_holds",
                                                        "ls_gap",
                                                        "ls_distance",
                                                        "gamma1",
                                                        "R_inf",
                                                        "winnow_weights",
                                                        "nonsep_bound",
                                                        "nonsep_bound_kind",
                                                        "nonsep_ratio",
                                                        "nonsep_bound_holds",
                                                        "nonsep_candidate",
                                                        "nonsep_C",
                                                        "nonsep_v_norm",
                                                        "nonsep_hinge_norm",
                                                        "nonsep_rounds_bound",
                                                        "nonsep_rounds_kind",
                                                        "nonsep_rounds_ratio",
                                                        "nonsep_rounds_holds",
                                                        "nonsep_rounds_candidate",
                                                        "nonsep_rounds_L",
                                                        "loss",
                                                        "error",
                                                        "w",
                                                        "epoch_mistakes",
                                                        "epoch_loss",
                                                        "sample_mistakes"};
  return kFields;
}

std::string record_metric_name(const std::string& metric) {
  return is_record_field(metric) ? "metric_" + metric : metric;
}

boost::json::object record_params(const SweepPoint& point) {
  boost::json::object values;
  for (const auto& [pointer, value] : point.assignments)
    values[pointer] = boost::json::parse(value.dump());
  return values;
}

std::string write_run_record(const RunRecord& record) {
  boost::json::object r;
  r["point"] = record.point;
  r["learner"] = record.learner;
  r["plugin"] = record.plugin;
  r["repeat"] = record.repeat;
  r["params"] = record.params;
  if (record.precision) r["precision"] = *record.precision;
  r["status"] = record.status;
  r["converged"] = record.converged;
  r["epochs"] = count(record.epochs);
  r["steps"] = count(record.steps);
  r["mistakes"] = count(record.mistakes);
  r["updates"] = count(record.updates);
  r["train_error"] = number(record.train_error);
  r["test_error"] = number(record.test_error);
  r["w_norm"] = number(record.w_norm);
  r["w0_norm"] = number(record.w0_norm);
  r["R"] = number(record.R);
  r["separable"] = flag(record.separable);
  r["gamma"] = number(record.gamma);
  r["w_ref_norm"] = number(record.w_ref_norm);
  r["rho"] = number(record.rho);
  r["rho_upper"] = number(record.rho_upper);
  if (record.has_kernel) {
    r["kernel_R"] = number(record.kernel_R);
    r["kernel_separable"] = flag(record.kernel_separable);
    r["kernel_rho"] = number(record.kernel_rho);
    r["kernel_rho_upper"] = number(record.kernel_rho_upper);
  }
  r["bound"] = number(record.bound);
  r["bound_kind"] = text(record.bound_kind);
  r["bound_on"] = text(record.bound_on);
  r["bound_applies"] = record.bound_applies;
  if (record.bound_note) r["bound_note"] = *record.bound_note;
  r["ratio"] = number(record.ratio);
  r["bound_holds"] = flag(record.bound_holds);
  r["bound_clean"] = number(record.bound_clean);
  r["plain_bound"] = number(record.plain_bound);
  r["plain_bound_holds"] = flag(record.plain_bound_holds);
  r["ls_gap"] = number(record.ls_gap);
  r["ls_distance"] = number(record.ls_distance);
  if (record.winnow_weights) {
    r["gamma1"] = number(record.gamma1);
    r["R_inf"] = number(record.R_inf);
    r["winnow_weights"] = count(record.winnow_weights);
  }
  if (record.nonsep_bound) {
    r["nonsep_bound"] = *record.nonsep_bound;
    r["nonsep_bound_kind"] = text(record.nonsep_bound_kind);
    r["nonsep_ratio"] = number(record.nonsep_ratio);
    r["nonsep_bound_holds"] = flag(record.nonsep_bound_holds);
    r["nonsep_candidate"] = count(record.nonsep_candidate);
    r["nonsep_C"] = number(record.nonsep_C);
    r["nonsep_v_norm"] = number(record.nonsep_v_norm);
    r["nonsep_hinge_norm"] = number(record.nonsep_hinge_norm);
  }
  if (record.nonsep_rounds_bound) {
    r["nonsep_rounds_bound"] = *record.nonsep_rounds_bound;
    r["nonsep_rounds_kind"] = text(record.nonsep_rounds_kind);
    r["nonsep_rounds_ratio"] = number(record.nonsep_rounds_ratio);
    r["nonsep_rounds_holds"] = flag(record.nonsep_rounds_holds);
    r["nonsep_rounds_candidate"] = count(record.nonsep_rounds_candidate);
    r["nonsep_rounds_L"] = number(record.nonsep_rounds_L);
  }
  r["loss"] = number(record.loss);
  // A metric named twice keeps its first place and its last value, as it always has.
  for (const auto& [name, value] : record.metrics) r[name] = value;
  r["error"] = text(record.error);
  if (record.weights_recorded) {
    boost::json::value w = nullptr;
    if (record.w) {
      boost::json::array a;
      for (double v : *record.w) a.emplace_back(v);
      w = std::move(a);
    }
    r["w"] = std::move(w);
  }
  if (record.curve_recorded) {
    boost::json::array mistakes;
    boost::json::array loss;
    for (std::uint64_t m : record.epoch_mistakes) mistakes.emplace_back(m);
    for (double e : record.epoch_loss) loss.emplace_back(e);  // NaN prints as null
    r["epoch_mistakes"] = std::move(mistakes);
    r["epoch_loss"] = std::move(loss);
  }
  if (record.sample_mistakes_recorded) {
    boost::json::value counts = nullptr;
    if (record.sample_mistakes) {
      boost::json::array a;
      for (std::uint64_t m : *record.sample_mistakes) a.emplace_back(m);
      counts = std::move(a);
    }
    r["sample_mistakes"] = std::move(counts);
  }
  std::string line;
  append_json(line, r);
  line += '\n';
  return line;
}

namespace {

RunRecord read_checked(const boost::json::object& record, const std::string& where,
                       RecordDetail detail) {
  const RecordFields f(record, where);
  RunRecord r;
  read_identity_and_counts(r, f);
  r.train_error = fraction_or_null(f, "train_error");
  r.test_error = fraction_or_null(f, "test_error");
  r.R = f.number_or_null("R");
  r.rho = f.number_or_null("rho");
  read_bound(r, f);
  r.converged = f.boolean("converged");
  r.steps = f.count_or_null("steps");
  r.w_norm = norm_or_null(f, "w_norm");
  r.w0_norm = norm_or_null(f, "w0_norm");
  r.separable = f.boolean_or_null("separable");
  r.gamma = f.number_or_null("gamma");
  r.w_ref_norm = f.number_or_null("w_ref_norm");
  r.rho_upper = f.number_or_null("rho_upper");
  // The kernel facts: all four fields or none (a kernel_novikoff learner's record).
  if (f.has("kernel_R")) {
    r.has_kernel = true;
    r.kernel_R = f.number_or_null("kernel_R");
    r.kernel_separable = f.boolean_or_null("kernel_separable");
    r.kernel_rho = f.number_or_null("kernel_rho");
    r.kernel_rho_upper = f.number_or_null("kernel_rho_upper");
  }
  r.loss = f.number_or_null("loss");
  r.error = f.string_or_null("error");
  // Fields the record does not use itself are the learner's metrics, in the file's order.
  for (const auto& [key, value] : record) {
    if (is_record_field(key)) continue;
    const std::string name(key);
    r.metrics.emplace_back(name,
                           number_or_nan(f, name, value, "a number or null (a learner metric)"));
  }
  r.weights_recorded = f.has("w");
  r.curve_recorded = f.has("epoch_mistakes") || f.has("epoch_loss");
  read_sample_counts(r, f);
  if (detail == RecordDetail::kFull) {
    if (r.weights_recorded && !f.any("w").is_null()) r.w = numbers_or_nan(f, "w", f.array("w"));
    if (r.curve_recorded) read_curves(r, f);
  }
  return r;
}

}  // namespace

RunRecord read_run_record(const boost::json::object& record, const std::string& where,
                          RecordDetail detail) {
  try {
    return read_checked(record, where, detail);
  } catch (const InconsistentRecordError&) {
    throw;
  } catch (const DataError& e) {
    throw InconsistentRecordError(e.what());
  }
}

std::string trajectory_prefix(std::size_t point, const std::string& learner, std::size_t repeat) {
  boost::json::object t;
  t["point"] = point;
  t["learner"] = learner;
  t["repeat"] = repeat;
  std::string text;
  append_json(text, t);
  text.pop_back();  // reopen the object: the recorder appends epoch, sample and w
  return text;
}

}  // namespace plab
