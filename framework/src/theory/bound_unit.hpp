// One unit per bound form and one per certified quantity a form needs, and the registry the
// engine iterates (docs/bounds.md, "Bound forms as units").
//
// A bound unit says which certified quantities it needs, evaluates itself for one run (every
// rounding toward a larger bound), names the record fields it adds, and describes itself for
// `plab describe` and the summary. A quantity unit computes its figure once per sweep point,
// writes it into the manifest's `theory` and re-certifies it for `plab verify` from what the
// manifest stores. The record builder, the manifest, verify and the summary ask the registry
// and never name a form: a form added to the registry (a test build registers one of its
// own) is evaluated, recorded and checked without any of them changing.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include <boost/json/object.hpp>
#include <boost/json/value.hpp>

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
  const Dataset* data = nullptr;
  std::string margin_kind;      // theory.margin: "svm", "teacher", "given" (never "none")
  std::vector<double> vector;   // the teacher's or given u, when margin_kind names one
  double budget_seconds = 0.0;  // the oracle's clock limit (a safety stop)
  std::uint64_t work_budget = kDefaultOracleWork;  // theory.oracle_work
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
  virtual std::optional<std::string> string_or_null(std::string_view key) const = 0;
  virtual std::vector<double> vector(std::string_view key, std::size_t max_length) const = 0;
};

// A stored field that differs from what verify recomputed: its name inside the quantity, the
// stored value and the recomputed one.
using ReportDifference = std::function<void(const std::string& field, const boost::json::value&,
                                            const boost::json::value&)>;

class QuantityUnit {
 public:
  virtual ~QuantityUnit() = default;
  virtual std::string key() const = 0;                    // the manifest's theory member
  virtual std::vector<std::string> variants() const = 0;  // their order in the manifest
  virtual std::shared_ptr<const CertifiedQuantity> compute(const QuantityContext& context,
                                                           const std::string& variant) const = 0;
  // The manifest's fields; `vector_json` writes a long vector in the manifest's form.
  virtual boost::json::object json(
      const CertifiedQuantity& quantity,
      const std::function<boost::json::value(const std::vector<double>&)>& vector_json) const = 0;
  // The stored quantity re-certified from the data, each difference reported.
  virtual std::shared_ptr<const CertifiedQuantity> recertify(
      const Dataset& data, const std::string& variant, const StoredFields& stored,
      std::size_t longest_vector, const ReportDifference& differ) const = 0;
};

// How a record field of a form is typed (results/format/run_record.cpp reads it so).
enum class FieldType { kNumber, kNumberOrNull, kCount };

struct FieldSpec {
  std::string name;
  FieldType type = FieldType::kNumber;
};

// The radius and margin a form's theorem speaks of when they are not the input space's R
// and ρ: the record fields holding them and how the summary marks and explains them.
struct FormGeometry {
  std::string label;         // summary.json's "geometry"
  std::string radius_field;  // a record field of the form
  std::string margin_field;  // a record field of the form (null: none certified)
  std::string radius_mark;   // after the R cell
  std::string margin_mark;   // after the rho cell
  std::string note;          // "marked …: …", the summary's legend
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
