#include "results/format/run_record.hpp"

#include <algorithm>
#include <limits>
#include <unordered_set>

#include <boost/json/array.hpp>
#include <boost/json/parse.hpp>

#include "error.hpp"
#include "results/format/json_object_text.hpp"
#include "results/format/json_text.hpp"
#include "results/format/record_fields.hpp"
#include "theory/bound_forms.hpp"
#include "theory/bound_unit.hpp"
#include "theory/learner_quantity_unit.hpp"

namespace plab {

namespace {

// A unit's record fields: all of them, typed as the unit says, or none.
void read_unit_fields(const std::vector<FieldSpec>& fields, const RecordFields& f,
                      boost::json::object& out) {
  if (!std::any_of(fields.begin(), fields.end(),
                   [&](const FieldSpec& field) { return f.has(field.name); }))
    return;
  for (const FieldSpec& field : fields) {
    switch (field.type) {
      case FieldType::kNumber:
        out[field.name] = f.number(field.name);
        break;
      case FieldType::kNumberOrNull: {
        const std::optional<double> v = f.number_or_null(field.name);
        out[field.name] = v ? boost::json::value(*v) : boost::json::value(nullptr);
        break;
      }
      case FieldType::kCount:
        out[field.name] = static_cast<std::uint64_t>(f.count(field.name));
        break;
      case FieldType::kFlagOrNull: {
        const std::optional<bool> v = f.boolean_or_null(field.name);
        out[field.name] = v ? boost::json::value(*v) : boost::json::value(nullptr);
        break;
      }
    }
  }
}

// The bound form's own fields and the learner quantities' (bound_unit, learner_quantity_unit).
void read_unit_fields(RunRecord& r, const RecordFields& f) {
  for (const BoundUnit* unit : bound_units())
    read_unit_fields(unit->record_fields(), f, r.form_fields);
  for (const LearnerQuantityUnit* unit : learner_quantity_units())
    read_unit_fields(unit->record_fields(), f, r.learner_fields);
}

// Asked for every member of every record read (summaries read a whole runs.jsonl): a hash set.
bool is_record_field(std::string_view name) {
  static const std::unordered_set<std::string_view> kFields(run_record_fields().begin(),
                                                            run_record_fields().end());
  return kFields.contains(name);
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
    // Only float32 is written: float64 is the field's absence.
    if (kind_of_word(kPrecisionWords, f.string("precision")) != FeaturePrecision::kFloat32)
      f.wrong("precision", f.any("precision"), "\"float32\"");
    r.precision = FeaturePrecision::kFloat32;
  }
  const std::optional<RunStatus> status = parse_run_status(f.string("status"));
  if (!status) {
    f.wrong("status", f.any("status"), R"("converged", "not_converged", "diverged" or "failed")");
  }
  r.status = *status;
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
  std::optional<std::string> bound_on;
  if (r.bound_applies) {
    r.bound_kind = f.string("bound_kind");
    bound_on = f.string("bound_on");
  } else {
    r.bound_kind = f.string_or_null("bound_kind");
    bound_on = f.string_or_null("bound_on");
  }
  if (bound_on) {
    const std::optional<BoundCount> count = parse_bound_count(*bound_on);
    if (!count) f.wrong("bound_on", f.any("bound_on"), R"("mistakes" or "updates")");
    r.bound_on = *count;
  }
  // plab itself wrote `bound_applies: true` with a null bound when a bound overflowed (null
  // is how JSON holds a non-finite number): not judged, so its count is not required.
  if (r.bound_judged() && !(r.bound_on_updates() ? r.updates : r.mistakes))
    f.wrong(*bound_on, f.any(*bound_on), "a count (the bound applies to it)");
  if (f.has("bound_note")) r.bound_note = f.string("bound_note");
  r.plain_bound_holds = f.boolean_or_null("plain_bound_holds");
  r.ls_gap = f.number_or_null("ls_gap");
  r.bound_holds = f.boolean_or_null("bound_holds");
  r.bound_clean = f.number_or_null("bound_clean");
  r.plain_bound = f.number_or_null("plain_bound");
  r.ls_distance = norm_or_null(f, "ls_distance");
  read_unit_fields(r, f);
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
  // The bound forms' own fields sit between the least-squares figures and the hinge bound's.
  static const std::vector<std::string> kFormFields = [] {
    std::vector<std::string> names;
    for (const BoundUnit* unit : bound_units()) {
      for (const FieldSpec& field : unit->record_fields()) names.push_back(field.name);
    }
    return names;
  }();
  // The learner quantities' fields sit after the point's margin bracket.
  static const std::vector<std::string> kLearnerFields = [] {
    std::vector<std::string> names;
    for (const LearnerQuantityUnit* unit : learner_quantity_units()) {
      for (const FieldSpec& field : unit->record_fields()) names.push_back(field.name);
    }
    return names;
  }();
  static const std::vector<std::string_view> kFields = [] {
    std::vector<std::string_view> fields{
        "point",       "learner",    "plugin", "repeat",   "params",   "precision",
        "status",      "converged",  "epochs", "steps",    "mistakes", "updates",
        "train_error", "test_error", "w_norm", "w0_norm",  "R",        "separable",
        "gamma",       "w_ref_norm", "rho",    "rho_upper"};
    fields.insert(fields.end(), kLearnerFields.begin(), kLearnerFields.end());
    fields.insert(fields.end(), {"bound", "bound_kind", "bound_on", "bound_applies", "bound_note",
                                 "ratio", "bound_holds", "bound_clean", "plain_bound",
                                 "plain_bound_holds", "ls_gap", "ls_distance"});
    fields.insert(fields.end(), kFormFields.begin(), kFormFields.end());
    fields.insert(fields.end(), {"nonsep_bound",
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
                                 "sample_mistakes"});
    return fields;
  }();
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
  std::string line;
  line.reserve(1024);
  JsonObjectText o(line);
  o.count("point", record.point);
  o.string("learner", record.learner);
  o.string("plugin", record.plugin);
  o.count("repeat", record.repeat);
  o.object("params", record.params);
  if (record.precision == FeaturePrecision::kFloat32)
    o.string("precision", precision_name(record.precision));
  o.string("status", status_name(record.status));
  o.flag("converged", record.converged);
  o.count("epochs", record.epochs);
  o.count("steps", record.steps);
  o.count("mistakes", record.mistakes);
  o.count("updates", record.updates);
  o.number("train_error", record.train_error);
  o.number("test_error", record.test_error);
  o.number("w_norm", record.w_norm);
  o.number("w0_norm", record.w0_norm);
  o.number("R", record.R);
  o.flag("separable", record.separable);
  o.number("gamma", record.gamma);
  o.number("w_ref_norm", record.w_ref_norm);
  o.number("rho", record.rho);
  o.number("rho_upper", record.rho_upper);
  for (const auto& [key, value] : record.learner_fields) o.value(key, value);
  o.number("bound", record.bound);
  o.text("bound_kind", record.bound_kind);
  o.text("bound_on", record.bound_on == BoundCount::kUnset
                         ? std::nullopt
                         : std::optional<std::string>(bound_count_name(record.bound_on)));
  o.flag("bound_applies", record.bound_applies);
  if (record.bound_note) o.string("bound_note", *record.bound_note);
  o.number("ratio", record.ratio);
  o.flag("bound_holds", record.bound_holds);
  o.number("bound_clean", record.bound_clean);
  o.number("plain_bound", record.plain_bound);
  o.flag("plain_bound_holds", record.plain_bound_holds);
  o.number("ls_gap", record.ls_gap);
  o.number("ls_distance", record.ls_distance);
  for (const auto& [key, value] : record.form_fields) o.value(key, value);
  if (record.nonsep_bound) {
    o.number("nonsep_bound", record.nonsep_bound);
    o.text("nonsep_bound_kind", record.nonsep_bound_kind);
    o.number("nonsep_ratio", record.nonsep_ratio);
    o.flag("nonsep_bound_holds", record.nonsep_bound_holds);
    o.count("nonsep_candidate", record.nonsep_candidate);
    o.number("nonsep_C", record.nonsep_C);
    o.number("nonsep_v_norm", record.nonsep_v_norm);
    o.number("nonsep_hinge_norm", record.nonsep_hinge_norm);
  }
  if (record.nonsep_rounds_bound) {
    o.number("nonsep_rounds_bound", record.nonsep_rounds_bound);
    o.text("nonsep_rounds_kind", record.nonsep_rounds_kind);
    o.number("nonsep_rounds_ratio", record.nonsep_rounds_ratio);
    o.flag("nonsep_rounds_holds", record.nonsep_rounds_holds);
    o.count("nonsep_rounds_candidate", record.nonsep_rounds_candidate);
    o.number("nonsep_rounds_L", record.nonsep_rounds_L);
  }
  o.number("loss", record.loss);
  // A metric named twice keeps its first place and its last value, as it always has.
  const auto& metrics = record.metrics;
  for (std::size_t i = 0; i < metrics.size(); ++i) {
    const auto named = [&](const auto& m) { return m.first == metrics[i].first; };
    if (std::any_of(metrics.begin(), metrics.begin() + static_cast<std::ptrdiff_t>(i), named))
      continue;
    const auto last = std::find_if(metrics.rbegin(), metrics.rend(), named);
    o.number(metrics[i].first, last->second);
  }
  o.text("error", record.error);
  if (record.weights_recorded) {
    if (record.w) {
      o.numbers("w", *record.w);
    } else {
      o.null("w");
    }
  }
  if (record.curve_recorded) {
    o.counts("epoch_mistakes", record.epoch_mistakes);
    o.numbers("epoch_loss", record.epoch_loss);  // NaN prints as null
  }
  if (record.sample_mistakes_recorded) {
    if (record.sample_mistakes) {
      o.counts("sample_mistakes", *record.sample_mistakes);
    } else {
      o.null("sample_mistakes");
    }
  }
  o.close();
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
