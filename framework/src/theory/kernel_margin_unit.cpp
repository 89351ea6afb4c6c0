// The kernel margin unit (theory/kernel_margin_unit.hpp). The maths is kernel_theory.cpp's;
// this file says what the manifest, the records and plab verify hold of it.
#include "theory/kernel_margin_unit.hpp"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <utility>

#include "theory/certificate_weights.hpp"
#include "theory/kernel_features.hpp"
#include "theory/kernel_psd.hpp"
#include "theory/same_recomputed.hpp"

namespace plab {

namespace {

constexpr const char* kKey = "kernel_theory";

boost::json::value number_or_null(const std::optional<double>& v) {
  return v ? boost::json::value(*v) : boost::json::value(nullptr);
}

// Two rows equal with opposite labels, as the manifest names them: checked on the data,
// exactly. nullopt when the stored pair is not such a pair.
std::optional<std::pair<std::size_t, std::size_t>> stored_conflict(const Dataset& data,
                                                                   const boost::json::value& v) {
  const boost::json::array* pair = v.if_array();
  if (pair == nullptr || pair->size() != 2) return std::nullopt;
  const auto index = [](const boost::json::value& x) -> std::optional<std::size_t> {
    if (x.is_uint64()) return static_cast<std::size_t>(x.get_uint64());
    if (x.is_int64() && x.get_int64() >= 0) return static_cast<std::size_t>(x.get_int64());
    return std::nullopt;
  };
  const TrainingSet t = data.view();
  const std::size_t a = index((*pair)[0]).value_or(t.rows);
  const std::size_t b = index((*pair)[1]).value_or(t.rows);
  bool equal = a < t.rows && b < t.rows && a != b && t.sign[a] != t.sign[b];
  for (std::size_t j = 0; equal && j < t.cols; ++j) equal = t.row(a)[j] == t.row(b)[j];
  if (!equal) return std::nullopt;
  return std::make_pair(a, b);
}

class KernelMarginUnit final : public LearnerQuantityUnit {
 public:
  std::string key() const override { return kKey; }
  const char* description() const override {
    return "kernel_theory: R_K = sqrt(max K(x_i,x_i)) rounded up, and rho_K bracketed by the "
           "nearest hull point of the y phi(x) (LIBSVM on the Gram matrix), its margin "
           "recomputed from kernel values with every rounding bounded: rho below, ||v|| above";
  }
  std::string same_figure_key(const BoundDeclaration& declared) const override {
    const KernelSpec& k = declared.kernel;
    char text[160];
    std::snprintf(text, sizeof text, "%d %u %.17g %.17g %.17g", static_cast<int>(k.kind), k.degree,
                  k.scale, k.coef0, k.gamma);
    return text;
  }
  std::shared_ptr<const CertifiedQuantity> compute(
      const Dataset& data, const BoundDeclaration& declared) const override {
    auto q = std::make_shared<KernelQuantity>();
    q->certificate = certify_kernel_margin(data, declared.kernel);
    return q;
  }
  std::string refusal(const CertifiedQuantity& quantity) const override {
    const KernelCertificate& c = certificate(quantity);
    return c.not_psd_eigenvalue ? kernel_not_psd_message(c) : "";
  }

  boost::json::object json(const CertifiedQuantity& quantity) const override {
    const KernelCertificate& c = certificate(quantity);
    const bool separable = c.separable.value_or(false);
    boost::json::object out{
        {"R", c.radius},
        {"separable", c.separable ? boost::json::value(*c.separable) : nullptr},
        {"method", c.method.empty() ? boost::json::value(nullptr) : boost::json::value(c.method)},
        {"gamma", separable ? boost::json::value(c.gamma) : nullptr},
        {"v_norm", separable ? boost::json::value(c.norm) : nullptr},
        {"rho", separable ? boost::json::value(c.rho) : nullptr},
        {"rho_upper", number_or_null(c.rho_upper)},
        {"weights", certificate_weights_json(c.weights)},
        {"reason", c.reason.empty() ? boost::json::value(nullptr) : boost::json::value(c.reason)},
        {"seconds", c.seconds}};
    if (c.conflict) out["conflict"] = boost::json::array{c.conflict->first, c.conflict->second};
    return out;
  }

  std::vector<FieldSpec> record_fields() const override {
    return {{"kernel_R", FieldType::kNumberOrNull},
            {"kernel_separable", FieldType::kFlagOrNull},
            {"kernel_rho", FieldType::kNumberOrNull},
            {"kernel_rho_upper", FieldType::kNumberOrNull}};
  }
  // An R_K beyond the range of a double is null (JSON has no infinity).
  boost::json::object record_values(const CertifiedQuantity& quantity) const override {
    const KernelCertificate& c = certificate(quantity);
    const bool separable = c.separable.value_or(false);
    return {{"kernel_R", std::isfinite(c.radius) ? boost::json::value(c.radius) : nullptr},
            {"kernel_separable", c.separable ? boost::json::value(*c.separable) : nullptr},
            {"kernel_rho", separable ? boost::json::value(c.rho) : nullptr},
            {"kernel_rho_upper", number_or_null(c.rho_upper)}};
  }

  std::shared_ptr<const CertifiedQuantity> recheck(LearnerQuantityAudit& audit) const override;

  std::optional<FormGeometry> geometry() const override {
    return FormGeometry{"kernel",
                        "kernel_R",
                        "kernel_rho",
                        "K",
                        "K",
                        "R, rho marked K: in the kernel's feature space (R_K, rho_K)",
                        "kernel_rho_upper"};
  }

  static const KernelCertificate& certificate(const CertifiedQuantity& quantity) {
    return dynamic_cast<const KernelQuantity&>(quantity).certificate;
  }
};

// R_K, ρ_K and its upper bound recomputed as certify_kernel_margin computes them, from the
// stored weights and the re-read data; never read.
std::shared_ptr<const CertifiedQuantity> KernelMarginUnit::recheck(
    LearnerQuantityAudit& audit) const {
  auto q = std::make_shared<KernelQuantity>();
  KernelCertificate& c = q->certificate;
  const Dataset& data = audit.data();
  const KernelSpec& kernel = audit.declared().kernel;
  c.kernel = kernel;
  c.radius = kernel_radius(data, kernel);
  if (!audit.learner().has(kKey)) {
    audit.differ(kKey, nullptr, "the kernel certificate (a kernel_novikoff learner)");
    return q;
  }
  const std::unique_ptr<StoredFields> stored = audit.learner().object(kKey);
  const StoredFields& t = *stored;
  const std::string field = std::string(kKey) + "/";
  // The weights as the correctly rounding parser reads them (Boost may be an ulp off).
  c.weights = t.weight_pairs("weights");
  // The engine refuses a kernel proved not positive semidefinite on the data and leaves one
  // it cannot prove PSD undecided (theory/kernel_psd.hpp): no feature-space facts either way.
  const KernelPsdCheck psd = check_kernel_psd(data, kernel);
  const bool psd_ok =
      psd.verdict == KernelPsd::kByConstruction || psd.verdict == KernelPsd::kProved;
  if (!psd_ok && (psd.verdict == KernelPsd::kNotPsd || !t.any("separable").is_null())) {
    audit.differ(
        field + "separable", t.any("separable"),
        boost::json::value("null: " +
                           std::string(psd.verdict == KernelPsd::kNotPsd
                                           ? "plab refuses this kernel, it is not positive "
                                             "semidefinite on the data: "
                                           : "") +
                           psd.reason));
  }
  if (!psd_ok) {
    c.reason = psd.reason;
  } else if (t.has("conflict") && !t.any("conflict").is_null()) {
    if (const auto pair = stored_conflict(data, t.any("conflict"))) {
      c.separable = false;
      c.conflict = pair;
    } else {
      audit.differ(field + "conflict", t.any("conflict"), "two rows equal with opposite labels");
    }
  } else if (t.has("method") && t.any("method") == kMonomialGordan) {
    // Not separable in the feature space: the recorded weights seed the engine's exact
    // check in the kernel's monomial coordinates; only a vanishing combination proves it.
    std::string why;
    if (auto proof = prove_not_kernel_separable(
            data, kernel, c.weights, std::chrono::steady_clock::now() + kKernelProofSeconds, why)) {
      c.separable = false;
      if (!same_certificate_weights(c.weights, *proof)) {
        audit.differ(field + "weights", t.any("weights"), certificate_weights_json(*proof));
      }
      c.weights = std::move(*proof);
    } else {
      audit.differ(field + "weights", t.any("weights"),
                   boost::json::value(
                       "no proof: the exact check in the kernel's monomial coordinates finds no "
                       "vanishing combination (" +
                       why + ")"));
    }
  } else if (const auto m = certify_kernel_weights(data, kernel, c.weights)) {
    c.separable = true;
    c.gamma = m->gamma;
    c.norm = m->norm;
    c.rho = m->rho;
  }
  if (!c.conflict && psd_ok) c.rho_upper = kernel_hull_norm_upper(data, kernel, c.weights);
  const bool separable = c.separable.value_or(false);
  const auto check = [&](const char* key, const std::optional<double>& recomputed) {
    const std::optional<double> recorded = t.number_or_null(key);
    if (recorded.has_value() != recomputed.has_value() ||
        (recorded && !same_figure(*recorded, *recomputed))) {
      audit.differ(field + key, t.any(key), number_or_null(recomputed));
    }
  };
  // An overflowed R_K is written as null, so null is its recomputation.
  check("R", std::isfinite(c.radius) ? std::optional<double>(c.radius) : std::nullopt);
  check("gamma", separable ? std::optional<double>(c.gamma) : std::nullopt);
  check("v_norm", separable ? std::optional<double>(c.norm) : std::nullopt);
  check("rho", separable ? std::optional<double>(c.rho) : std::nullopt);
  check("rho_upper", c.rho_upper);
  if (t.boolean_or_null("separable") != c.separable) {
    audit.differ(field + "separable", t.any("separable"),
                 c.separable ? boost::json::value(*c.separable) : boost::json::value(nullptr));
  }
  return q;
}

}  // namespace

const LearnerQuantityUnit& kernel_margin_unit() {
  static const KernelMarginUnit unit;
  return unit;
}

const KernelCertificate* find_kernel_certificate(const LearnerQuantities& quantities) {
  const CertifiedQuantity* q = find_learner_quantity(quantities, kKey);
  return q != nullptr ? &dynamic_cast<const KernelQuantity&>(*q).certificate : nullptr;
}

}  // namespace plab
