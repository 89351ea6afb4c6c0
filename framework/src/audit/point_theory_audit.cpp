// The facts of one sweep point as plab verify re-derives them from its data
// (audit/point_audit.hpp): every quantity unit of the registry (theory/bound_unit.hpp:
// R, the certified margin and its bracket, the hinge candidates, a form's own quantities)
// re-certifies what the manifest stores of it, and every per-learner unit a learner's form
// needs (theory/learner_quantity_unit.hpp: a kernel's R_K and ρ_K) what its learner stores.
#include "audit/point_theory_audit.hpp"

#include <memory>
#include <utility>

#include "audit/separability_audit.hpp"
#include "results/format/vector_json.hpp"
#include "theory/bound_unit.hpp"
#include "theory/learner_quantity_unit.hpp"
#include "theory/point_theory.hpp"

namespace plab {

namespace {

// The most entries a vector of the manifest's theory can have on this data: one row of
// weights per class (a multi-class separator or candidate), two per column for a balanced
// ℓ₁ comparator. Longer is an edited file (results/format/vector_json.hpp).
std::size_t longest_vector(const Dataset& data) {
  return data.cols() * std::max<std::size_t>(2, data.class_names().size());
}

// A quantity's stored fields as plab verify reads them: errors name the field. `precise` is
// the same object as a correctly rounding parser read it (Boost.JSON 1.81 may parse a double
// one ulp off), or null when the manifest's text gave none.
class ManifestFields final : public StoredFields {
 public:
  ManifestFields(RecordFields fields, const Json* precise)
      : f_(std::move(fields)),
        precise_(precise != nullptr && precise->is_object() ? precise : nullptr) {}
  bool has(std::string_view key) const override { return f_.has(key); }
  const boost::json::value& any(std::string_view key) const override { return f_.any(key); }
  double number(std::string_view key) const override { return f_.number(key); }
  std::optional<double> number_or_null(std::string_view key) const override {
    return f_.number_or_null(key);
  }
  bool boolean(std::string_view key) const override { return f_.boolean(key); }
  std::optional<bool> boolean_or_null(std::string_view key) const override {
    return f_.boolean_or_null(key);
  }
  std::optional<std::string> string_or_null(std::string_view key) const override {
    return f_.string_or_null(key);
  }
  std::vector<double> vector(std::string_view key, std::size_t max_length) const override {
    return read_vector(f_, key, max_length);
  }
  std::vector<double> precise_vector(std::string_view key, std::size_t max_length) const override {
    std::vector<double> v = read_vector(f_, key, max_length);
    if (const Json* field = precise_member(key)) {
      std::optional<std::vector<double>> pv = plab::precise_vector(*field, max_length);
      if (pv && pv->size() == v.size()) v = std::move(*pv);
    }
    return v;
  }
  std::vector<std::pair<std::size_t, double>> weight_pairs(std::string_view key) const override {
    std::vector<std::pair<std::size_t, double>> weights;
    for (const boost::json::value& v : f_.array(key)) {
      const boost::json::array* pair = v.if_array();
      if (pair == nullptr || pair->size() != 2 || !as_count((*pair)[0]) || !(*pair)[1].is_number())
        f_.wrong(key, v, "an array of [point, lambda] pairs");
      weights.emplace_back(*as_count((*pair)[0]), (*pair)[1].to_number<double>());
    }
    const std::vector<double> lambdas = precise_lambdas(key);
    if (lambdas.size() == weights.size()) {
      for (std::size_t i = 0; i < weights.size(); ++i) weights[i].second = lambdas[i];
    }
    return weights;
  }
  std::unique_ptr<StoredFields> object(std::string_view key) const override {
    return std::make_unique<ManifestFields>(f_.object(key), precise_member(key));
  }
  std::vector<std::unique_ptr<StoredFields>> objects(std::string_view key) const override {
    const Json* precise = precise_member(key);
    std::vector<std::unique_ptr<StoredFields>> out;
    std::vector<RecordFields> objects = f_.objects(key);
    for (std::size_t k = 0; k < objects.size(); ++k) {
      const Json* element = precise != nullptr && precise->is_array() && k < precise->size()
                                ? &(*precise)[k]
                                : nullptr;
      out.push_back(std::make_unique<ManifestFields>(std::move(objects[k]), element));
    }
    return out;
  }

 private:
  const Json* precise_member(std::string_view key) const {
    if (precise_ == nullptr) return nullptr;
    const auto it = precise_->find(std::string(key));
    return it == precise_->end() ? nullptr : &*it;
  }
  // The weights of [point, lambda] pairs as the correctly rounding parser read them; empty
  // when any pair is malformed there.
  std::vector<double> precise_lambdas(std::string_view key) const {
    std::vector<double> out;
    const Json* field = precise_member(key);
    if (field == nullptr || !field->is_array()) return out;
    for (const Json& pair : *field) {
      if (!pair.is_array() || pair.size() != 2 || !pair[1].is_number()) return {};
      out.push_back(pair[1].get<double>());
    }
    return out;
  }

  RecordFields f_;
  const Json* precise_ = nullptr;
};

// One point's manifest theory and data as the quantity units re-check them.
class PointQuantityAudit final : public QuantityAudit {
 public:
  PointQuantityAudit(std::string where, const RecordFields& point, const Json* precise,
                     const Dataset& data, const Dataset& loaded, AuditReport& report)
      : where_(std::move(where)),
        name_("points/" + std::to_string(point.count("index")) + "/theory/"),
        record_(point.object("theory")),
        theory_(record_, precise),
        data_(data),
        loaded_(loaded),
        report_(report) {}
  const Dataset& data() const override { return data_; }
  const Dataset& loaded_data() const override { return loaded_; }
  const StoredFields& theory() const override { return theory_; }
  std::string path() const override { return name_; }
  std::size_t longest_vector() const override { return plab::longest_vector(data_); }
  void differ(const std::string& field, const boost::json::value& recorded,
              const boost::json::value& recomputed) override {
    report_.differ(where_, name_ + field, recorded, recomputed);
  }
  void not_rechecked(const std::string& what) override { report_.not_rechecked.push_back(what); }
  void rho_upper_unchecked() override { ++report_.rho_upper_unchecked; }
  void check_non_separability() override {
    plab::check_non_separability(where_, name_, record_, data_, report_);
  }

 private:
  std::string where_;
  std::string name_;
  RecordFields record_;
  ManifestFields theory_;
  const Dataset& data_;
  const Dataset& loaded_;
  AuditReport& report_;
};

// One learner of the manifest as the per-learner units re-check its figures.
class ManifestLearnerAudit final : public LearnerQuantityAudit {
 public:
  ManifestLearnerAudit(std::string where, std::string name, const RecordFields& learner,
                       const Json* precise, const Dataset& data, const BoundDeclaration& declared,
                       AuditReport& report)
      : where_(std::move(where)),
        name_(std::move(name)),
        learner_(learner, precise),
        data_(data),
        declared_(declared),
        report_(report) {}
  const Dataset& data() const override { return data_; }
  const StoredFields& learner() const override { return learner_; }
  const BoundDeclaration& declared() const override { return declared_; }
  void differ(const std::string& field, const boost::json::value& recorded,
              const boost::json::value& recomputed) override {
    report_.differ(where_, name_ + field, recorded, recomputed);
  }

 private:
  std::string where_;
  std::string name_;
  ManifestFields learner_;
  const Dataset& data_;
  const BoundDeclaration& declared_;
  AuditReport& report_;
};

}  // namespace

LearnerQuantities check_learner_quantities(const std::string& where, const std::string& name,
                                           const RecordFields& learner, const Json* precise,
                                           const Dataset& data, const BoundDeclaration& declared,
                                           AuditReport& report) {
  ManifestLearnerAudit audit(where, name, learner, precise, data, declared, report);
  LearnerQuantities quantities;
  for (const LearnerQuantityUnit* unit : learner_units_needed(declared))
    quantities[unit->key()] = unit->recheck(audit);
  return quantities;
}

void check_quantities(const std::string& where, const RecordFields& point,
                      const Json& precise_point, AuditedPoint& p, AuditReport& report) {
  // Sparse data: rechecked on the dense copy the oracle used (theory/point_theory.hpp).
  const std::optional<Dataset> dense_copy =
      theory_needs_dense_copy(p.data->data) ? std::optional<Dataset>(p.data->data.stored_dense())
                                            : std::nullopt;
  const auto precise_theory = precise_point.find("theory");
  PointQuantityAudit audit(where, point,
                           precise_theory == precise_point.end() ? nullptr : &*precise_theory,
                           dense_copy ? *dense_copy : p.data->data, p.data->data, report);
  for (const QuantityUnit* unit : quantity_units()) unit->recheck(audit, p.theory);
}

}  // namespace plab
