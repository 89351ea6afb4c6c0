// A bound form that exists only in the test build `plab_test_form`: plab's own command line
// with this unit registered beside the built-in ones (theory/bound_unit.hpp). No engine file
// names it, so a run of it shows the registry carrying a new form end to end: the declaration
// accepted, the quantity it needs computed and written into the manifest, the bound evaluated,
// its own record field written, and plab verify re-certifying the quantity and checking the
// field. Its theorem is Novikoff's bound doubled (R²ₑ = 2R², which holds wherever R² does),
// and its quantity the number of rows, which verify recounts. A point-wide quantity, the
// number of columns, shows the same for a figure every point carries, and a per-learner
// quantity, the rows times the learner's declared step scale, for a figure that depends on
// what a learner declares (theory/learner_quantity_unit.hpp).
#include <memory>

#include "data/dataset.hpp"
#include "theory/bound_unit.hpp"
#include "theory/bounds.hpp"
#include "theory/learner_quantity_unit.hpp"
#include "theory/point_theory.hpp"

namespace {

constexpr auto kTestForm = static_cast<plab::BoundForm>(200);  // fixture test_form_learner

struct RowCount final : plab::CertifiedQuantity {
  std::uint64_t rows = 0;
};

class RowCountUnit final : public plab::VariantQuantityUnit {
 public:
  std::string key() const override { return "test_row_count"; }
  std::vector<std::string> variants() const override { return {"all"}; }
  const char* description() const override { return "test_row_count: the number of rows"; }
  std::shared_ptr<const plab::CertifiedQuantity> compute(const plab::QuantityContext& c,
                                                         const std::string&) const override {
    auto q = std::make_shared<RowCount>();
    q->rows = c.data->rows();
    return q;
  }
  boost::json::object json(const plab::CertifiedQuantity& quantity,
                           const plab::VectorJson&) const override {
    return {{"rows", dynamic_cast<const RowCount&>(quantity).rows}};
  }
  std::shared_ptr<const plab::CertifiedQuantity> recertify(
      const plab::Dataset& data, const std::string&, const plab::StoredFields& stored, std::size_t,
      const plab::ReportDifference& differ) const override {
    auto q = std::make_shared<RowCount>();
    q->rows = data.rows();
    if (!(stored.number("rows") == static_cast<double>(q->rows))) {
      differ("rows", stored.any("rows"), q->rows);
    }
    return q;
  }
};

// A point-wide quantity (no variants, no form asking for it): computed at every point,
// written as a member of the manifest's theory itself and recounted by verify.
class ColumnCountUnit final : public plab::QuantityUnit {
 public:
  std::string key() const override { return "test_columns"; }
  const char* description() const override { return "test_columns: the number of columns"; }
  void compute_into(const plab::QuantityContext& c, plab::PointTheory& theory) const override {
    auto q = std::make_shared<RowCount>();
    q->rows = c.data->cols();
    theory.quantities[{key(), ""}] = q;
  }
  void write(const plab::PointTheory& theory, boost::json::object& out,
             const plab::VectorJson&) const override {
    const auto it = theory.quantities.find({key(), ""});
    if (it != theory.quantities.end()) out[key()] = dynamic_cast<const RowCount&>(*it->second).rows;
  }
  void recheck(plab::QuantityAudit& audit, plab::PointTheory&) const override {
    const double cols = static_cast<double>(audit.data().cols());
    if (!(audit.theory().number(key()) == cols)) {
      audit.differ(key(), audit.theory().any(key()), cols);
    }
  }
};

struct ScaledRows final : plab::CertifiedQuantity {
  double value = 0.0;
};

// A per-learner quantity: computed for each learner whose form asks for it, written into the
// manifest's learner, recorded in each of its runs and recomputed by verify.
class ScaledRowsUnit final : public plab::LearnerQuantityUnit {
 public:
  std::string key() const override { return "test_scaled_rows"; }
  const char* description() const override {
    return "test_scaled_rows: the number of rows times the declared step scale";
  }
  std::string same_figure_key(const plab::BoundDeclaration& d) const override {
    return std::to_string(d.eta);
  }
  std::shared_ptr<const plab::CertifiedQuantity> compute(
      const plab::Dataset& data, const plab::BoundDeclaration& d) const override {
    auto q = std::make_shared<ScaledRows>();
    q->value = static_cast<double>(data.rows()) * d.eta;
    return q;
  }
  boost::json::object json(const plab::CertifiedQuantity& q) const override {
    return {{"value", dynamic_cast<const ScaledRows&>(q).value}};
  }
  std::vector<plab::FieldSpec> record_fields() const override {
    return {{"test_scaled_rows", plab::FieldType::kNumber}};
  }
  boost::json::object record_values(const plab::CertifiedQuantity& q) const override {
    return {{"test_scaled_rows", dynamic_cast<const ScaledRows&>(q).value}};
  }
  std::shared_ptr<const plab::CertifiedQuantity> recheck(
      plab::LearnerQuantityAudit& audit) const override {
    auto q = std::make_shared<ScaledRows>();
    q->value = static_cast<double>(audit.data().rows()) * audit.declared().eta;
    const double stored = audit.learner().object(key())->number("value");
    if (!(stored == q->value)) audit.differ(key() + "/value", stored, q->value);
    return q;
  }
};

class DoubledNovikoff final : public plab::BoundUnit {
 public:
  plab::BoundForm form() const override { return kTestForm; }
  const char* name() const override { return "test_doubled_novikoff"; }
  const char* description() const override {
    return "test only: count <= 2 (R/rho)^2 from zero init";
  }
  std::vector<plab::QuantityRequest> needs(const plab::BoundDeclaration&) const override {
    return {{"test_row_count", "all"}};
  }
  std::vector<std::string> learner_needs(const plab::BoundDeclaration&) const override {
    return {"test_scaled_rows"};
  }
  plab::BoundReport evaluate(const plab::BoundInputs& in) const override {
    const double radius = in.theory->radius;
    return plab::evaluate_init_aware(in, name(), {2.0 * radius * radius, 2.0});
  }
  std::vector<plab::FieldSpec> record_fields() const override {
    return {{"test_rows", plab::FieldType::kCount}};
  }
  std::optional<boost::json::object> record_values(const plab::PointTheory& theory,
                                                   const plab::BoundDeclaration&,
                                                   const plab::Dataset&) const override {
    const auto it = theory.quantities.find({"test_row_count", "all"});
    if (it == theory.quantities.end()) return std::nullopt;
    return boost::json::object{{"test_rows", dynamic_cast<const RowCount&>(*it->second).rows}};
  }
};

const bool kRegistered = [] {
  static const RowCountUnit quantity;
  static const ColumnCountUnit columns;
  static const ScaledRowsUnit scaled_rows;
  static const DoubledNovikoff form;
  plab::register_quantity_unit(quantity);
  plab::register_quantity_unit(columns);
  plab::register_learner_quantity_unit(scaled_rows);
  plab::register_bound_unit(form);
  return true;
}();

}  // namespace
