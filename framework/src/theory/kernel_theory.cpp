#include "theory/kernel_theory.hpp"

#include "theory/kernel_features.hpp"
#include "theory/kernel_psd.hpp"

#include <svm.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <mutex>
#include <numeric>

#include "base/number_text.hpp"

namespace plab {

namespace {

constexpr double kU = std::numeric_limits<double>::epsilon() / 2.0;

// Higham's γₙ = nu/(1 − nu), rounded up generously.
double gamma_n(double n) { return n * kU / (1.0 - n * kU) * (1.0 + 4.0 * kU); }

double abs_dot(const double* a, const double* b, std::size_t n) {
  double s = 0.0;
  for (std::size_t j = 0; j < n; ++j) s += std::fabs(a[j] * b[j]);
  return s;
}

// Σ λᵢ Qᵢⱼ over the weights for row j, with a bound on its error from the true kernel.
struct RowSum {
  double value = 0.0;
  double error = 0.0;
};

RowSum weighted_row(const Dataset& data, const KernelSpec& k, const ConvexWeights& weights,
                    std::size_t j) {
  const double* xj = data.row(j);
  const double yj = data.view().sign[j];
  RowSum out;
  double magnitude = 0.0;
  double kernel_error = 0.0;
  for (const auto& [i, lambda] : weights) {
    const double kij = kernel_value(k, data.row(i), xj, data.cols());
    out.value += lambda * data.view().sign[i] * kij;
    magnitude += std::fabs(lambda * kij);
    kernel_error += lambda * kernel_value_error(k, data.row(i), xj, data.cols(), kij);
  }
  out.value *= yj;
  const auto m = static_cast<double>(weights.size());
  out.error =
      (gamma_n(m + 2.0) * magnitude + kernel_error * (1.0 + gamma_n(m + 2.0))) * (1.0 + 8.0 * kU);
  return out;
}

bool valid_weights(const Dataset& data, const ConvexWeights& weights) {
  double sum = 0.0;
  for (const auto& w : weights) {
    if (w.first >= data.rows() || !std::isfinite(w.second) || w.second < 0.0) return false;
    sum += w.second;
  }
  return sum > 0.0 && std::isfinite(sum);
}

// ‖Σ λᵢzᵢ‖², rounded up.
double squared_norm_upper(const Dataset& data, const KernelSpec& k, const ConvexWeights& weights) {
  double value = 0.0;
  double error = 0.0;
  for (const auto& [j, lambda] : weights) {
    const RowSum r = weighted_row(data, k, weights, j);
    value += lambda * r.value;
    error += lambda *
             (r.error + std::fabs(r.value) * gamma_n(static_cast<double>(weights.size()) + 2.0));
  }
  return (value + error * (1.0 + 8.0 * kU)) * (1.0 + 8.0 * kU);
}

// Pairs of rows equal in value with opposite labels: ½zₐ + ½z_b = 0 in any feature space.
std::optional<std::pair<std::size_t, std::size_t>> conflicting_duplicate(const Dataset& data) {
  std::vector<std::size_t> order(data.rows());
  std::iota(order.begin(), order.end(), std::size_t{0});
  const std::size_t d = data.cols();
  const auto less = [&](std::size_t a, std::size_t b) {
    return std::lexicographical_compare(data.row(a), data.row(a) + d, data.row(b), data.row(b) + d);
  };
  std::sort(order.begin(), order.end(), less);
  for (std::size_t t = 1; t < order.size(); ++t) {
    const std::size_t a = order[t - 1];
    const std::size_t b = order[t];
    if (!less(a, b) && !less(b, a) && data.view().sign[a] != data.view().sign[b]) {
      return std::make_pair(std::min(a, b), std::max(a, b));
    }
  }
  return std::nullopt;
}

std::mutex& libsvm_mutex() {
  static std::mutex m;
  return m;
}

void quiet(const char* /*text*/) {}

// The nearest point of the hull of the zᵢ: LIBSVM's one-class SVM on the precomputed
// Qᵢⱼ = yᵢyⱼK(xᵢ,xⱼ) with ν = 1/n solves min λᵀQλ over 0 ≤ λᵢ ≤ 1, Σλ = νn = 1.
ConvexWeights libsvm_nearest_point(const Dataset& data, const KernelSpec& k, double radius,
                                   std::string& note) {
  const std::size_t n = data.rows();
  const std::size_t stride = n + 2;
  std::vector<svm_node> nodes(n * stride);
  std::vector<svm_node*> rows(n);
  std::vector<double> targets(n, 1.0);
  for (std::size_t i = 0; i < n; ++i) {
    svm_node* r = nodes.data() + i * stride;
    r[0].index = 0;
    r[0].value = static_cast<double>(i + 1);
    for (std::size_t j = 0; j < n; ++j) {
      r[j + 1].index = static_cast<int>(j + 1);
      r[j + 1].value = data.view().sign[i] * data.view().sign[j] *
                       kernel_value(k, data.row(i), data.row(j), data.cols());
    }
    r[n + 1].index = -1;
    rows[i] = r;
  }
  svm_problem problem{static_cast<int>(n), targets.data(), rows.data()};
  svm_parameter p{};
  p.svm_type = ONE_CLASS;
  p.kernel_type = PRECOMPUTED;
  p.nu = 1.0 / static_cast<double>(n);
  p.eps = 1e-9 * std::max(radius * radius, 1e-300);
  p.cache_size = 64;
  p.shrinking = 1;
  ConvexWeights weights;
  std::lock_guard<std::mutex> lock(libsvm_mutex());
  if (const char* problem_text = svm_check_parameter(&problem, &p)) {
    note = std::string("libsvm refused the problem: ") + problem_text;
    return weights;
  }
  svm_set_print_string_function(quiet);
  svm_model* model = svm_train(&problem, &p);
  for (int s = 0; s < model->l; ++s) {
    const double lambda = model->sv_coef[0][s];
    if (lambda > 0.0)
      weights.emplace_back(static_cast<std::size_t>(model->sv_indices[s] - 1), lambda);
  }
  svm_free_and_destroy_model(&model);
  std::sort(weights.begin(), weights.end());
  note = "libsvm one-class SVM, precomputed Q = y y' K, nu = 1/n";
  return weights;
}

}  // namespace

double kernel_value_error(const KernelSpec& k, const double* a, const double* b, std::size_t n,
                          double computed) {
  const auto dn = static_cast<double>(n);
  switch (k.kind) {
    case KernelKind::kLinear:
      return gamma_n(dn + 2.0) * abs_dot(a, b, n);
    case KernelKind::kPolynomial: {
      const double d_hat = dot(a, b, n);
      const double e_dot = gamma_n(dn + 2.0) * abs_dot(a, b, n);
      const double t_hat = k.scale * d_hat + k.coef0;
      const double delta = (std::fabs(k.scale) * e_dot +
                            gamma_n(3.0) * (std::fabs(k.scale * d_hat) + std::fabs(k.coef0))) *
                           (1.0 + 8.0 * kU);
      const auto deg = static_cast<double>(k.degree);
      const double base = std::fabs(t_hat) + delta;
      const double propagated = deg * std::pow(base, deg - 1.0) * delta;
      const double powering = gamma_n(deg) * std::pow(std::fabs(t_hat), deg);
      (void)computed;
      return (propagated + powering) * (1.0 + gamma_n(4.0 * deg + 8.0));
    }
    case KernelKind::kRbf: {
      double s = 0.0;
      for (std::size_t j = 0; j < n; ++j) s += (a[j] - b[j]) * (a[j] - b[j]);
      const double exponent_error = k.gamma * s * gamma_n(dn + 6.0) * (1.0 + 4.0 * kU);
      return computed / (1.0 - 4.0 * kU) * (std::expm1(exponent_error) + 4.0 * kU) *
             (1.0 + 16.0 * kU);
    }
    case KernelKind::kNone:
      break;
  }
  return std::numeric_limits<double>::infinity();
}

double kernel_radius(const Dataset& data, const KernelSpec& k) {
  double largest = 0.0;
  for (std::size_t i = 0; i < data.rows(); ++i) {
    const double* x = data.row(i);
    const double kii = kernel_value(k, x, x, data.cols());
    largest = std::max(largest, kii + kernel_value_error(k, x, x, data.cols(), kii));
  }
  return std::sqrt(largest * (1.0 + 4.0 * kU)) * (1.0 + 2.0 * kU);
}

std::optional<double> kernel_hull_norm_upper(const Dataset& data, const KernelSpec& k,
                                             const ConvexWeights& weights) {
  if (!valid_weights(data, weights)) return std::nullopt;
  double sum = 0.0;
  for (const auto& w : weights) sum += w.second;
  const double sum_low = sum * (1.0 - gamma_n(static_cast<double>(weights.size()) + 2.0));
  const double squared = squared_norm_upper(data, k, weights);
  if (!std::isfinite(squared)) return std::nullopt;
  return std::sqrt(std::max(squared, 0.0)) * (1.0 + 4.0 * kU) / sum_low * (1.0 + 4.0 * kU);
}

std::optional<KernelMargin> certify_kernel_weights(const Dataset& data, const KernelSpec& k,
                                                   const ConvexWeights& weights) {
  if (!valid_weights(data, weights)) return std::nullopt;
  double gamma = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < data.rows(); ++i) {
    const RowSum r = weighted_row(data, k, weights, i);
    gamma = std::min(gamma, (r.value - r.error) * (1.0 - 2.0 * kU));
  }
  const double squared = squared_norm_upper(data, k, weights);
  if (!(gamma > 0.0) || !std::isfinite(gamma) || !std::isfinite(squared) || !(squared > 0.0)) {
    return std::nullopt;
  }
  KernelMargin m;
  m.gamma = gamma;
  m.norm = std::sqrt(squared) * (1.0 + 4.0 * kU);
  m.rho = gamma / m.norm * (1.0 - 4.0 * kU);
  if (!(m.rho > 0.0)) return std::nullopt;
  return m;
}

KernelCertificate certify_kernel_margin(const Dataset& data, const KernelSpec& k) {
  const auto started = std::chrono::steady_clock::now();
  KernelCertificate c;
  c.kernel = k;
  c.radius = kernel_radius(data, k);
  const auto finish = [&]() {
    c.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return c;
  };
  if (data.task() != TaskKind::kBinary || data.rows() == 0) {
    c.reason = "the kernel margin is defined for binary data with rows";
    return finish();
  }
  if (!std::isfinite(c.radius)) {
    c.reason = "a kernel value K(x_i, x_i) is not finite in double";
    return finish();
  }
  // No feature space without positive semidefiniteness: nothing to certify in it.
  if (const KernelPsdCheck psd = check_kernel_psd(data, k);
      psd.verdict == KernelPsd::kNotPsd || psd.verdict == KernelPsd::kUndecided) {
    if (psd.verdict == KernelPsd::kNotPsd) c.not_psd_eigenvalue = psd.eigenvalue_upper;
    c.reason = psd.verdict == KernelPsd::kNotPsd
                   ? "the kernel is not positive semidefinite on the data: " + psd.reason
                   : psd.reason;
    return finish();
  }
  if (const auto pair = conflicting_duplicate(data)) {
    c.separable = false;
    c.conflict = pair;
    c.reason = "rows " + std::to_string(pair->first) + " and " + std::to_string(pair->second) +
               " are equal with opposite labels: no feature space separates them";
    return finish();
  }
  if (data.rows() > kKernelCertificateMaxRows) {
    c.reason = "undecided: the certificate forms the full Gram matrix, and " +
               std::to_string(data.rows()) + " rows exceed its limit of " +
               std::to_string(kKernelCertificateMaxRows);
    return finish();
  }
  c.method = "libsvm_one_class";
  std::string note;
  c.weights = libsvm_nearest_point(data, k, c.radius, note);
  if (c.weights.empty()) {
    c.reason = "undecided: " + note;
    return finish();
  }
  c.rho_upper = kernel_hull_norm_upper(data, k, c.weights);
  if (const auto m = certify_kernel_weights(data, k, c.weights)) {
    c.separable = true;
    c.gamma = m->gamma;
    c.norm = m->norm;
    c.rho = m->rho;
  } else {
    std::string why;
    const auto deadline = std::chrono::steady_clock::now() + kKernelProofSeconds;
    bool clock_stopped = false;
    if (auto proof = prove_not_kernel_separable(data, k, {}, deadline, why, kKernelProofWork,
                                                &clock_stopped)) {
      c.separable = false;
      c.method = kMonomialGordan;
      c.weights = std::move(*proof);
      c.rho_upper = kernel_hull_norm_upper(data, k, c.weights);
      c.reason = "not separable in the kernel's feature space: convex weights on " +
                 std::to_string(c.weights.size()) +
                 " rows make the sum of y phi(x~) exactly 0 in its monomial coordinates, "
                 "checked in rational arithmetic (Gordan's alternative)";
    } else if (clock_stopped) {
      // The one outcome that depends on the machine's speed (docs/reproducibility.md).
      c.reason = "undecided: the clock limit of " + std::to_string(kKernelProofSeconds.count()) +
                 " s stopped the exact proof of non-separability before its work budget";
    } else {
      c.reason = "undecided: the nearest hull point libsvm found certifies no positive margin" +
                 (c.rho_upper ? " (||p|| <= " + number_text(*c.rho_upper) + ")" : std::string()) +
                 ", and no exact certificate proves that the hull of y phi(x) holds the "
                 "origin: " +
                 why;
    }
  }
  return finish();
}

}  // namespace plab
