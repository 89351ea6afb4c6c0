// One unit per bound form and one per certified quantity (R, the margin bracket, the hinge
// candidates, a form's own quantity), and the registry the engine iterates (docs/bounds.md,
// "Bound forms as units").
//
// A bound unit says which certified quantities it needs, evaluates itself for one run (every
// rounding toward a larger bound), names the record fields it adds, and describes itself for
// `plab describe` and the summary. A quantity unit computes its figure once per sweep point,
// writes it into the manifest's `theory`, re-certifies it for `plab verify` from what the
// manifest stores and describes itself. The record builder, the manifest, verify and the
// summary ask the registry and never name a form or a quantity: one added to the registry (a
// test build registers its own) is evaluated, recorded and checked without them changing.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include <boost/json/object.hpp>
#include <boost/json/value.hpp>

#include "config/config_kinds.hpp"
#include "plab/descriptor.hpp"
#include "theory/work_limit.hpp"

namespace plab {

class Dataset;
struct BoundInputs;
struct BoundReport;
struct PointTheory;

// A figure certified once per sweep point (an ℓ₁-margin, …), held by PointTheory under its
// unit's key and variant.
class CertifiedQuantity {
 public:
  virtual ~CertifiedQuantity() = default;
};

// One quantity a form needs: the unit's key and one of its variants.
struct QuantityRequest {
  std::string key;
  std::string variant;
  bool operator<(const QuantityRequest& o) const {
    return std::tie(key, variant) < std::tie(o.key, o.variant);
  }
};

// What a quantity unit may read of the point when it computes its figure.
struct QuantityContext {
  // The rows the theory runs on: a dense copy of sparse data within kTheoryDenseValues
  // (theory/point_theory.hpp), the sparse rows themselves beyond it.
  const Dataset* data = nullptr;
  MarginSource margin_kind = MarginSource::kSvm;  // theory.margin
  std::vector<double> vector;   // the teacher's or given u, when margin_kind names one
  double budget_seconds = 0.0;  // the oracle's clock limit (a safety stop)
  std::uint64_t work_budget = kDefaultOracleWork;  // theory.oracle_work
  bool hinge_needed = false;  // a learner's form is covered by the hinge bounds
  // What the learners' forms need (BoundUnit::needs); nullptr: nothing.
  const std::set<QuantityRequest>* requested = nullptr;
};

// The manifest's stored fields of one quantity, read back for plab verify. The engine's
// implementation names the field in every error (results/format/record_fields.hpp).
class StoredFields {
 public:
  virtual ~StoredFields() = default;
  virtual bool has(std::string_view key) const = 0;
  virtual const boost::json::value& any(std::string_view key) const = 0;
  virtual double number(std::string_view key) const = 0;
  virtual std::optional<double> number_or_null(std::string_view key) const = 0;
  virtual bool boolean(std::string_view key) const = 0;
  virtual std::optional<bool> boolean_or_null(std::string_view key) const = 0;
  virtual std::optional<std::string> string_or_null(std::string_view key) const = 0;
  virtual std::vector<double> vector(std::string_view key, std::size_t max_length) const = 0;
  // The same vector as a correctly rounding parser reads it (Boost.JSON 1.81 may read a
  // double one ulp off): what a margin of 1e-6 needs to be re-certified to its last digits.
  virtual std::vector<double> precise_vector(std::string_view key,
                                             std::size_t max_length) const = 0;
  // An array of [point, weight] pairs, the weights read by the correctly rounding parser.
  virtual std::vector<std::pair<std::size_t, double>> weight_pairs(std::string_view key) const = 0;
  virtual std::unique_ptr<StoredFields> object(std::string_view key) const = 0;
  virtual std::vector<std::unique_ptr<StoredFields>> objects(std::string_view key) const = 0;
};

// A stored field that differs from what verify recomputed: its name inside the quantity, the
// stored value and the recomputed one.
using ReportDifference = std::function<void(const std::string& field, const boost::json::value&,
                                            const boost::json::value&)>;

// What plab verify gives a unit to re-certify its figure at one sweep point
// (audit/point_theory_audit.cpp implements it).
class QuantityAudit {
 public:
  virtual ~QuantityAudit() = default;
  // The rows as the engine computed on them (QuantityContext::data) and as read.
  virtual const Dataset& data() const = 0;
  virtual const Dataset& loaded_data() const = 0;
  virtual const StoredFields& theory() const = 0;  // the manifest's points/I/theory
  virtual std::string path() const = 0;            // "points/I/theory/", for messages
  // The most entries a vector of the manifest's theory can have on this data.
  virtual std::size_t longest_vector() const = 0;
  // A difference in the field at `field` under the point's theory.
  virtual void differ(const std::string& field, const boost::json::value& recorded,
                      const boost::json::value& recomputed) = 0;
  virtual void not_rechecked(const std::string& what) = 0;
  // A rho_upper stored without the hull point behind it (an older plab): kept, counted.
  virtual void rho_upper_unchecked() = 0;
  // The stored non-separability certificate proved again on the data (the point's
  // `separable` is false), each difference reported.
  virtual void check_non_separability() = 0;
};

using VectorJson = std::function<boost::json::value(const std::vector<double>&)>;

// A certified figure of a sweep point: R, the margin oracle's bracket, the hinge candidates,
// a form's own quantity. The engine computes, writes and re-checks every registered unit in
// the registry's order and names none.
class QuantityUnit {
 public:
  virtual ~QuantityUnit() = default;
  virtual std::string key() const = 0;  // the manifest's theory member (or its first)
  // plab describe: what is certified and how it is rounded.
  virtual const char* description() const = 0;
  // The figure computed into `theory` (the units before this one already have).
  virtual void compute_into(const QuantityContext& context, PointTheory& theory) const = 0;
  // Its members appended to the manifest's `theory`; `vector_json` writes a long vector in
  // the manifest's form.
  virtual void write(const PointTheory& theory, boost::json::object& out,
                     const VectorJson& vector_json) const = 0;
  // The stored figure re-certified from the data into `theory`, each difference reported.
  // What verify finds is what the records' bounds are judged by.
  virtual void recheck(QuantityAudit& audit, PointTheory& theory) const = 0;
};

// A quantity some forms need (BoundUnit::needs), in named variants: computed only when
// requested, never under `theory.margin: "none"` nor beyond the dense copy's limit, held in
// PointTheory::quantities and written under theory.<key>.<variant>.
class VariantQuantityUnit : public QuantityUnit {
 public:
  virtual std::vector<std::string> variants() const = 0;  // their order in the manifest
  virtual std::shared_ptr<const CertifiedQuantity> compute(const QuantityContext& context,
                                                           const std::string& variant) const = 0;
  // The manifest's fields of one variant.
  virtual boost::json::object json(const CertifiedQuantity& quantity,
                                   const VectorJson& vector_json) const = 0;
  // The stored quantity re-certified from the data as read, each difference reported.
  virtual std::shared_ptr<const CertifiedQuantity> recertify(
      const Dataset& data, const std::string& variant, const StoredFields& stored,
      std::size_t longest_vector, const ReportDifference& differ) const = 0;

  void compute_into(const QuantityContext& context, PointTheory& theory) const override;
  void write(const PointTheory& theory, boost::json::object& out,
             const VectorJson& vector_json) const override;
  void recheck(QuantityAudit& audit, PointTheory& theory) const override;
};

// How a record field of a form is typed (results/format/run_record.cpp reads it so).
enum class FieldType { kNumber, kNumberOrNull, kCount, kFlagOrNull };

struct FieldSpec {
  std::string name;
  FieldType type = FieldType::kNumber;
};

// The radius and margin a form's theorem speaks of when they are not the input space's R
// and ρ: the record fields holding them and how the summary marks and explains them.
struct FormGeometry {
  std::string label;            // summary.json's "geometry"
  std::string radius_field;     // a record field of the form
  std::string margin_field;     // a record field of the form (null: none certified)
  std::string radius_mark;      // after the R cell
  std::string margin_mark;      // after the rho cell
  std::string note;             // "marked …: …", the summary's legend
  std::string rho_upper_field;  // a record field bounding the margin from above ("": none)
};

class BoundUnit {
 public:
  virtual ~BoundUnit() = default;
  virtual BoundForm form() const = 0;
  virtual const char* name() const = 0;         // the bound_kind stem
  virtual const char* description() const = 0;  // plab describe: the theorem in words
  // Whether the form carries a mistake bound (false for none and least_squares).
  virtual bool has_bound() const { return true; }
  // The step is η times a sum of labelled samples (the R²ₑ forms): what the initial weights'
  // range check assumes (protocols/initial_weights.cpp).
  virtual bool additive_step() const { return has_bound(); }
  // A multi-class form (the others are binary).
  virtual bool multiclass() const { return false; }
  // Which counted quantity the proof bounds, and the words for what it accepts.
  virtual bool counts_accepted(BoundCount counts) const {
    return counts == BoundCount::kMistakes || counts == BoundCount::kUpdates;
  }
  virtual const char* counts_text() const { return "mistakes or updates"; }
  // The declaration's optional fields the form uses: `tau`, `balanced`, `kernel`.
  virtual bool has_tau() const { return false; }
  virtual bool has_variants() const { return false; }
  virtual bool has_kernel() const { return false; }
  // Checks of the declaration's own fields beyond the shared ones (bound_forms.cpp); "" when
  // they hold.
  virtual std::string declaration_problem(const BoundDeclaration&) const { return ""; }
  virtual std::string declared_text(const BoundDeclaration&) const { return ""; }
  virtual std::vector<QuantityRequest> needs(const BoundDeclaration&) const { return {}; }
  // The per-learner quantities it needs, by key (theory/learner_quantity_unit.hpp).
  virtual std::vector<std::string> learner_needs(const BoundDeclaration&) const { return {}; }
  virtual BoundReport evaluate(const BoundInputs& in) const = 0;
  // Fields the form adds to a run record, in order, and their values for this point (nothing
  // when the point lacks the quantity): the record builder writes them and verify compares
  // them with the values recomputed from what it re-certified.
  virtual std::vector<FieldSpec> record_fields() const { return {}; }
  virtual std::optional<boost::json::object> record_values(const PointTheory&,
                                                           const BoundDeclaration&,
                                                           const Dataset&) const {
    return std::nullopt;
  }
  // Verify's reason when the fields are absent.
  virtual const char* absent_reason() const { return "absent (no quantity at this point)"; }
  virtual std::optional<FormGeometry> geometry() const { return std::nullopt; }
};

// The registry: the built-in units (theory/bound_registry.cpp) and any registered after.
const std::vector<const BoundUnit*>& bound_units();
const std::vector<const QuantityUnit*>& quantity_units();
const BoundUnit* find_bound_unit(BoundForm form);  // nullptr: a form this plab does not know
const QuantityUnit* find_quantity_unit(const std::string& key);
// For a build that adds a form (a test's): call before any run; the unit lives as long as
// the program.
void register_bound_unit(const BoundUnit& unit);
void register_quantity_unit(const QuantityUnit& unit);

// The quantities a point holds, by request.
using PointQuantities = std::map<QuantityRequest, std::shared_ptr<const CertifiedQuantity>>;

}  // namespace plab
