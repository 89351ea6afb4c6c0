#include "audit/kernel_audit.hpp"

#include <chrono>
#include <cmath>

#include "audit/same_figure.hpp"
#include "audit/separability_audit.hpp"
#include "results/format/optional_json.hpp"
#include "theory/kernel_features.hpp"
#include "theory/kernel_psd.hpp"

namespace plab {

namespace {}  // namespace

KernelSpec read_kernel_spec(const RecordFields& bound) {
  KernelSpec k;
  const RecordFields o = bound.object("kernel");
  const std::string kind = o.string("kind");
  for (KernelKind known : {KernelKind::kLinear, KernelKind::kPolynomial, KernelKind::kRbf}) {
    if (kind == kernel_name(known)) k.kind = known;
  }
  if (k.kind == KernelKind::kNone) o.wrong("kind", o.any("kind"), "linear, polynomial or rbf");
  k.degree = static_cast<std::uint32_t>(o.count("degree"));
  k.scale = o.number("scale");
  k.coef0 = o.number("coef0");
  k.gamma = o.number("gamma");
  return k;
}

KernelCertificate recheck_kernel_theory(const std::string& where, const std::string& name,
                                        const RecordFields& learner, const Json& precise_theory,
                                        const Dataset& data, const KernelSpec& kernel,
                                        AuditReport& report) {
  KernelCertificate c;
  c.kernel = kernel;
  c.radius = kernel_radius(data, kernel);
  if (!learner.has("kernel_theory")) {
    report.differ(where, name + "kernel_theory", nullptr,
                  "the kernel certificate (a kernel_novikoff learner)");
    return c;
  }
  const RecordFields t = learner.object("kernel_theory");
  const std::string field = name + "kernel_theory/";
  for (const boost::json::value& v : t.array("weights")) {
    const boost::json::array* pair = v.if_array();
    if (pair == nullptr || pair->size() != 2 || !as_count((*pair)[0]) || !(*pair)[1].is_number())
      t.wrong("weights", v, "an array of [row, lambda] pairs");
    c.weights.emplace_back(*as_count((*pair)[0]), (*pair)[1].to_number<double>());
  }
  // The weights as the correctly rounding parser reads them (Boost may be an ulp off).
  const auto precise = precise_theory.find("weights");
  if (precise != precise_theory.end() && precise->is_array() &&
      precise->size() == c.weights.size()) {
    for (std::size_t i = 0; i < c.weights.size(); ++i) {
      const Json& pair = (*precise)[i];
      if (pair.is_array() && pair.size() == 2 && pair[1].is_number()) {
        c.weights[i].second = pair[1].get<double>();
      }
    }
  }
  // The engine refuses a kernel proved not positive semidefinite on the data and leaves one
  // it cannot prove PSD undecided (theory/kernel_psd.hpp): no feature-space facts either way.
  const KernelPsdCheck psd = check_kernel_psd(data, kernel);
  const bool psd_ok =
      psd.verdict == KernelPsd::kByConstruction || psd.verdict == KernelPsd::kProved;
  if (!psd_ok && (psd.verdict == KernelPsd::kNotPsd || !t.any("separable").is_null())) {
    report.differ(where, field + "separable", t.any("separable"),
                  ("null: " +
                   std::string(psd.verdict == KernelPsd::kNotPsd
                                   ? "plab refuses this kernel, it is not positive "
                                     "semidefinite on the data: "
                                   : "") +
                   psd.reason)
                      .c_str());
  }
  if (!psd_ok) {
    c.reason = psd.reason;
  } else if (t.has("conflict") && !t.any("conflict").is_null()) {
    // Two rows equal with opposite labels: checked on the data, exactly.
    const boost::json::array& pair = t.array("conflict");
    const TrainingSet v = data.view();
    std::size_t a = v.rows;
    std::size_t b = v.rows;
    if (pair.size() == 2) {
      a = as_count(pair[0]).value_or(v.rows);
      b = as_count(pair[1]).value_or(v.rows);
    }
    bool equal = a < v.rows && b < v.rows && a != b && v.sign[a] != v.sign[b];
    for (std::size_t j = 0; equal && j < v.cols; ++j) equal = v.row(a)[j] == v.row(b)[j];
    if (equal) {
      c.separable = false;
      c.conflict = std::make_pair(a, b);
    } else {
      report.differ(where, field + "conflict", t.any("conflict"),
                    "two rows equal with opposite labels");
    }
  } else if (t.has("method") && t.any("method") == kMonomialGordan) {
    // Not separable in the feature space: the recorded weights seed the engine's exact
    // check in the kernel's monomial coordinates; only a vanishing combination proves it.
    std::string why;
    if (auto proof = prove_not_kernel_separable(
            data, kernel, c.weights, std::chrono::steady_clock::now() + kKernelProofSeconds, why)) {
      c.separable = false;
      if (!same_certificate_weights(c.weights, *proof)) {
        report.differ(where, field + "weights", t.any("weights"), certificate_weights_json(*proof));
      }
      c.weights = std::move(*proof);
    } else {
      report.differ(where, field + "weights", t.any("weights"),
                    ("no proof: the exact check in the kernel's monomial coordinates finds no "
                     "vanishing combination (" +
                     why + ")")
                        .c_str());
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
      report.differ(where, field + key, t.any(key), number_or_null(recomputed));
    }
  };
  // plab writes an overflowed R_K as null (results/format/theory_json.cpp), so null is its
  // recomputation.
  check("R", std::isfinite(c.radius) ? std::optional<double>(c.radius) : std::nullopt);
  check("gamma", separable ? std::optional<double>(c.gamma) : std::nullopt);
  check("v_norm", separable ? std::optional<double>(c.norm) : std::nullopt);
  check("rho", separable ? std::optional<double>(c.rho) : std::nullopt);
  check("rho_upper", c.rho_upper);
  const std::optional<bool> recorded = t.boolean_or_null("separable");
  if (recorded != c.separable) {
    report.differ(where, field + "separable", t.any("separable"),
                  c.separable ? boost::json::value(*c.separable) : boost::json::value(nullptr));
  }
  return c;
}

}  // namespace plab
