#include "audit/record_audit.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <vector>

#include <boost/json/parse.hpp>

#include "audit/run_consistency.hpp"
#include "base/random.hpp"
#include "error.hpp"
#include "plab/bound.hpp"
#include "protocols/initial_weights.hpp"
#include "results/format/optional_json.hpp"
#include "results/format/record_fields.hpp"
#include "results/format/run_record.hpp"
#include "theory/bound_forms.hpp"
#include "theory/bound_unit.hpp"
#include "theory/bounds.hpp"
#include "theory/hinge_bound.hpp"

namespace plab {

namespace {

bool same_value(const boost::json::value& recorded, const boost::json::value& recomputed) {
  if (recorded.is_number() && recomputed.is_number()) {
    const double a = recorded.to_number<double>();
    const double b = recomputed.to_number<double>();
    return a == b || std::fabs(a - b) <= 1e-12 * std::max(std::fabs(a), std::fabs(b));
  }
  return recorded == recomputed;
}

boost::json::value flag(const std::optional<bool>& v) {
  return v ? boost::json::value(*v) : boost::json::value(nullptr);
}
boost::json::value text_or_null(const std::string& s) {
  return s.empty() ? boost::json::value(nullptr) : boost::json::value(s);
}

// The bound the engine computed for this run (run/record_builder.cpp), from what verify
// recomputed itself. Not for a failed run: it computed none.
// The run's initial weights, drawn as the engine draws them (parallel_runner.cpp).
std::vector<double> initial_weights(const RunRecord& r, const AuditedPoint& p,
                                    const AuditedLearner& learner) {
  std::vector<double> w0(learner.weights, 0.0);
  Rng rng(derive_seed(p.config.seed, r.point, r.repeat, StreamPurpose::kInitialWeights));
  fill_initial_weights(p.config.init, rng, w0);
  return w0;
}

BoundReport recompute_bound(const RunRecord& r, const AuditedPoint& p,
                            const AuditedLearner& learner, const std::vector<double>& w0) {
  BoundInputs in;
  in.declared = *learner.declared;
  in.theory = &p.theory;
  in.data = &p.data->data;
  in.initial_weights = w0;
  in.mistakes = r.mistakes.value_or(0);  // set: the record is not a failed run's
  in.updates = r.updates.value_or(0);
  in.learner_quantities = &learner.quantities;
  return evaluate_bound(in);
}

// The hinge bound past separability (theory/hinge_bound.hpp) as the engine computes it for
// this run, from the candidates verify re-certified; none at a separable point.
// The hinge bounds' inputs for this run as the engine forms them; nullopt at a separable point
// (no candidates). `w0` must outlive them.
std::optional<HingeBoundInputs> audited_hinge_inputs(const RunRecord& r, const AuditedPoint& p,
                                                     const AuditedLearner& learner,
                                                     const std::vector<double>& w0) {
  if (p.theory.margin.separable.value_or(false)) return std::nullopt;
  HingeBoundInputs in;
  in.declared = *learner.declared;
  in.radius = p.theory.radius;
  in.rows = p.data->data.rows();
  in.candidates = &p.theory.hinge_candidates;
  in.initial_weights = w0;
  in.epochs = r.epochs.value_or(0);
  in.counted = r.counted_as(learner.declared->counts == BoundCount::kUpdates);
  in.each_sample_once_per_epoch = !p.config.protocol.mistake_driven();
  return in;
}

// The mistake-round form from the record's own per-sample counts, where the engine computes
// it (record_builder.cpp: counts over the whole data, not under holdout).
MistakeRoundReport recompute_rounds_bound(const RunRecord& r, const AuditedPoint& p,
                                          const std::optional<HingeBoundInputs>& in) {
  if (!in || !r.sample_mistakes || p.config.protocol.kind == ProtocolKind::kHoldout ||
      r.sample_mistakes->size() != p.data->data.rows())
    return {};
  return evaluate_mistake_round_bound(*in, *r.sample_mistakes);
}

// Fields written together or not at all: all present with the recomputed values, or all
// absent when verify computes none (`present` false).
void check_all_or_none(const RecordFields& r, const std::string& where, bool present,
                       const std::vector<std::pair<const char*, boost::json::value>>& expected,
                       AuditReport& report,
                       const char* absent_why = "absent (no hinge bound applies)") {
  for (const auto& [key, value] : expected) {
    if (!present) {
      if (r.has(key)) report.differ(where, key, r.any(key), absent_why);
    } else if (!r.has(key)) {
      report.differ(where, key, "absent", value);
    } else if (!same_value(r.any(key), value)) {
      report.differ(where, key, r.any(key), value);
    }
  }
}

void check_rounds_fields(const RecordFields& r, const std::string& where,
                         const MistakeRoundReport& m, AuditReport& report) {
  check_all_or_none(
      r, where, m.bound.has_value(),
      {{"nonsep_rounds_bound", number_or_null(m.bound)},
       {"nonsep_rounds_kind", text_or_null(m.kind)},
       {"nonsep_rounds_ratio", number_or_null(m.ratio)},
       {"nonsep_rounds_holds", flag(m.holds)},
       {"nonsep_rounds_candidate", m.bound ? boost::json::value(m.candidate) : nullptr},
       {"nonsep_rounds_L", m.bound ? boost::json::value(m.loss) : nullptr}},
      report);
}

// The record's nonsep_* fields against the recomputed hinge bound: all present with the
// same values, or all absent when verify computes none.
void check_hinge_fields(const RecordFields& r, const std::string& where, const HingeBoundReport& h,
                        AuditReport& report) {
  const std::vector<std::pair<const char*, boost::json::value>> expected = {
      {"nonsep_bound", number_or_null(h.bound)},
      {"nonsep_bound_kind", text_or_null(h.kind)},
      {"nonsep_ratio", number_or_null(h.ratio)},
      {"nonsep_bound_holds", flag(h.holds)},
      {"nonsep_candidate", h.bound ? boost::json::value(h.candidate) : nullptr},
      {"nonsep_C", h.bound ? boost::json::value(h.c) : nullptr},
      {"nonsep_v_norm", h.bound ? boost::json::value(h.v_norm) : nullptr},
      {"nonsep_hinge_norm", h.bound ? boost::json::value(h.hinge_norm) : nullptr}};
  check_all_or_none(r, where, h.bound.has_value(), expected, report);
}

// The fields the learner's bound form adds (theory/bound_unit.hpp), from the quantities verify
// re-certified: present with those values where the unit writes them, absent otherwise.
void check_form_fields(const RecordFields& r, const std::string& where, const AuditedPoint& p,
                       const BoundDeclaration& declared, AuditReport& report) {
  for (const BoundUnit* unit : bound_units()) {
    const std::optional<boost::json::object> values =
        unit->form() == declared.form ? unit->record_values(p.theory, declared, p.data->data)
                                      : std::nullopt;
    std::vector<std::pair<const char*, boost::json::value>> expected;
    const std::vector<FieldSpec> fields = unit->record_fields();
    expected.reserve(fields.size());
    for (const FieldSpec& field : fields) {
      expected.emplace_back(field.name.c_str(),
                            values ? values->at(field.name) : boost::json::value(nullptr));
    }
    check_all_or_none(r, where, values.has_value(), expected, report, unit->absent_reason());
  }
}

// The fields of the learner's own figures (theory/learner_quantity_unit.hpp), from those verify
// re-certified: present with those values for a learner holding the figure, absent otherwise.
void check_learner_fields(const RecordFields& r, const std::string& where,
                          const LearnerQuantities& quantities, AuditReport& report) {
  for (const LearnerQuantityUnit* unit : learner_quantity_units()) {
    const CertifiedQuantity* q = find_learner_quantity(quantities, unit->key());
    const boost::json::object values =
        q != nullptr ? unit->record_values(*q) : boost::json::object();
    std::vector<std::pair<const char*, boost::json::value>> expected;
    const std::vector<FieldSpec> fields = unit->record_fields();
    expected.reserve(fields.size());
    for (const FieldSpec& field : fields) {
      expected.emplace_back(field.name.c_str(),
                            q != nullptr ? values.at(field.name) : boost::json::value(nullptr));
    }
    check_all_or_none(r, where, q != nullptr, expected, report,
                      "absent (not a learner whose bound form needs it)");
  }
}

// Fields that hold a value only where plab's record builder (run/record_builder.cpp)
// writes one: a record holding one elsewhere is not one plab wrote. Judged from the status,
// the protocol and the learner's declared bound form, without the plugin.
void audit_written_fields(const RunRecord& rec, const RecordFields& r, const std::string& where,
                          const AuditedPoint& p, AuditReport& report) {
  const auto must_be_null = [&](const char* key, const char* why) {
    if (!r.any(key).is_null()) report.differ(where, key, r.any(key), why);
  };
  const bool finished = !rec.failed() && rec.status != RunStatus::kDiverged;
  const bool holdout = p.config.protocol.kind == ProtocolKind::kHoldout;
  if (!holdout) must_be_null("test_error", "null (no holdout: no test set)");
  if (!p.config.protocol.record_sample_mistakes && r.has("sample_mistakes"))
    report.differ(where, "sample_mistakes", r.any("sample_mistakes"),
                  "absent (the config does not record_sample_mistakes)");
  if (!finished) must_be_null("loss", "null (a run that did not finish has no final loss)");
  // A failed run says why (the plugin threw, the weights became non-finite) and drew no
  // initial weights the record could measure; only a failed or diverged run has an error.
  if (rec.failed()) {
    if (!rec.error) report.differ(where, "error", nullptr, "a message (why the run failed)");
    must_be_null("w0_norm", "null (a failed run)");
  } else if (rec.status != RunStatus::kDiverged) {
    must_be_null("error", "null (only a failed or diverged run has an error)");
  }
  // ls_gap and ls_distance: a least-squares learner's finished run on the whole data only.
  const auto l = p.learners.find(rec.learner);
  if (l == p.learners.end() || !l->second.declared) return;
  if (l->second.declared->form != BoundForm::kLeastSquares || !finished || holdout) {
    const char* why = "null (only a least-squares learner's finished run on the whole data has it)";
    must_be_null("ls_gap", why);
    must_be_null("ls_distance", why);
  }
}

// The bounds verify recomputed for a record, where it could: the declared one and the hinge
// bound past separability.
struct RecomputedBounds {
  std::optional<double> bound;
  std::optional<double> nonsep;
  std::optional<double> rounds;
};

// `rec` is the record read and checked; `r` its raw fields, compared value for value.
RecomputedBounds audit_record(const RunRecord& rec, const RecordFields& r, const std::string& where,
                              const AuditedPoint& p, AuditReport& report) {
  const auto check = [&](const char* key, const boost::json::value& recomputed) {
    const boost::json::value& recorded = r.any(key);
    if (!same_value(recorded, recomputed)) report.differ(where, key, recorded, recomputed);
  };
  const MarginCertificate& m = p.theory.margin;
  const bool separable = m.separable.value_or(false);
  check("params", p.params);
  // Written for float32 data only (results/format/run_record.hpp): absent is read as null here.
  const boost::json::value precision = r.has("precision") ? r.any("precision") : nullptr;
  const boost::json::value expected = precision_marker(p.data->data);
  if (precision != expected) report.differ(where, "precision", precision, expected);
  check("R", std::isfinite(p.theory.radius) ? boost::json::value(p.theory.radius) : nullptr);
  check("separable", flag(m.separable));
  check("gamma", separable ? boost::json::value(m.gamma) : nullptr);
  check("w_ref_norm", separable ? boost::json::value(m.reference_norm) : nullptr);
  check("rho", separable ? boost::json::value(m.rho) : nullptr);
  check("rho_upper", number_or_null(m.rho_upper));

  const RunStatus status = rec.status;
  check("converged", status == RunStatus::kConverged);
  audit_written_fields(rec, r, where, p, report);
  check_run_against_config(rec, r, where, p, report);
  if (status == RunStatus::kFailed || status == RunStatus::kDiverged) {
    // Only a run that finished has final weights and errors (run/record_builder.cpp).
    for (const char* key : {"train_error", "test_error", "w_norm"}) check(key, nullptr);
  }
  if (status == RunStatus::kFailed) {
    // A failed run ran no epoch the record could count, and the engine computed no bound.
    for (const char* key : {"epochs", "mistakes", "updates"}) check(key, nullptr);
    check("bound_applies", false);
    check("bound", nullptr);
    return {};
  }
  const std::string& learner_name = rec.learner;
  const auto l = p.learners.find(learner_name);
  if (l == p.learners.end()) {
    report.differ(where, "learner", r.any("learner"), "a learner of the point in manifest.json");
    return {};
  }
  check("plugin", l->second.plugin.c_str());
  check_learner_fields(r, where, l->second.quantities, report);
  if (!l->second.declared || l->second.weights == 0) {  // said in not_rechecked
    report.bounds_not_judged += rec.bound_not_computed();
    return {};
  }
  const std::vector<double> w0 = initial_weights(rec, p, l->second);
  check("w0_norm", euclidean_norm(w0));
  const BoundReport b = recompute_bound(rec, p, l->second, w0);
  // plab wrote `bound_applies: true` with a null bound when the bound overflowed: such a
  // record is counted apart and not judged (summary.hpp), but only if verify cannot compute
  // that bound either (today's plab says so in a note and does not apply it). A null where
  // verify computes a finite bound is a difference.
  if (rec.bound_not_computed() && !b.bound && (b.applies || !b.note.empty())) {
    ++report.bounds_not_judged;
    return {};
  }
  check("bound_applies", b.applies);
  check("bound_kind", text_or_null(b.kind));
  check("bound_on", text_or_null(bound_count_name(b.counts)));
  check("bound", number_or_null(b.bound));
  check("ratio", number_or_null(b.ratio));
  check("bound_holds", flag(b.holds));
  check("bound_clean", number_or_null(b.clean));
  check("plain_bound", number_or_null(b.plain));
  check("plain_bound_holds", flag(b.plain_holds));
  check_form_fields(r, where, p, *l->second.declared, report);
  const std::optional<HingeBoundInputs> inputs = audited_hinge_inputs(rec, p, l->second, w0);
  const HingeBoundReport hinge = inputs ? evaluate_hinge_bound(*inputs) : HingeBoundReport{};
  check_hinge_fields(r, where, hinge, report);
  const MistakeRoundReport rounds = recompute_rounds_bound(rec, p, inputs);
  check_rounds_fields(r, where, rounds, report);
  return {b.bound, hinge.bound, rounds.bound};
}

// A record whose count exceeds its recorded applicable bound (as summary.cpp judges it),
// with where, what and both bounds.
void note_violation(const RunRecord& rec, const std::string& where,
                    const RecomputedBounds& recomputed, AuditReport& report) {
  const std::string run = "point " + std::to_string(rec.point) + ", learner " + rec.learner +
                          ", repeat " + std::to_string(rec.repeat);
  // The hinge bound past separability, as recorded (its recomputation is compared above).
  const auto mistakes = static_cast<double>(rec.mistakes.value_or(0));
  if (rec.nonsep_bound && !within_bound(mistakes, *rec.nonsep_bound)) {
    report.violations.push_back({where, run, "mistakes (nonsep_bound)", rec.mistakes.value_or(0),
                                 *rec.nonsep_bound, recomputed.nonsep});
  }
  if (rec.nonsep_rounds_bound && !within_bound(mistakes, *rec.nonsep_rounds_bound)) {
    report.violations.push_back({where, run, "mistakes (nonsep_rounds_bound)",
                                 rec.mistakes.value_or(0), *rec.nonsep_rounds_bound,
                                 recomputed.rounds});
  }
  if (!rec.bound_judged() || within_bound(static_cast<double>(rec.counted()), *rec.bound)) return;
  report.violations.push_back(
      {where, run, bound_count_name(rec.bound_on), rec.counted(), *rec.bound, recomputed.bound});
}

}  // namespace

void audit_records(const std::filesystem::path& runs_file,
                   const std::map<std::size_t, AuditedPoint>& points,
                   std::optional<std::size_t> torn_line, bool large_sweep, AuditReport& report) {
  std::ifstream in(runs_file, std::ios::binary);
  bool old_manifest = false;
  std::size_t unlisted = 0;
  std::size_t number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    if (torn_line && number == *torn_line) break;
    const std::string where = runs_file.string() + ":" + std::to_string(number);
    boost::system::error_code error;
    const boost::json::value v = boost::json::parse(line, error);
    if (error || !v.is_object()) throw DataError(where + " is not a JSON object");
    const RecordFields r(v.as_object(), where);
    const RunRecord rec = read_run_record(v.as_object(), where);
    const auto p = points.find(rec.point);
    if (p == points.end()) {
      // A large sweep's manifest lists only some points (run/manifest_builder.cpp): a record of
      // another point has no recorded theory to recompute against.
      if (large_sweep) {
        ++unlisted;
        report.bounds_not_judged += rec.bound_not_computed();
        note_violation(rec, where, {}, report);
        continue;
      }
      report.differ(where, "point", r.any("point"), "a point listed in manifest.json");
      continue;
    }
    for (const auto& [name, learner] : p->second.learners)
      old_manifest = old_manifest || !learner.declared || learner.weights == 0;
    note_violation(rec, where, audit_record(rec, r, where, p->second, report), report);
    ++report.records;
  }
  if (unlisted > 0) {
    report.not_rechecked.push_back(
        std::to_string(unlisted) +
        " record(s) of sweep points this large sweep's manifest does not list (it lists only "
        "the points of one folder's runs): only count <= bound was checked for them");
  }
  if (old_manifest) {
    report.not_rechecked.emplace_back(
        "bounds: the manifest does not record the learners' declared bounds (a folder written "
        "before plugins declared them); only count <= bound was checked");
  }
}

}  // namespace plab
