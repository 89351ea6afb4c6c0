#include "theory/kernel_features.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <utility>
#include <vector>

#include "theory/exact_gordan.hpp"
#include "theory/min_norm_point.hpp"
#include "theory/point_set.hpp"

namespace plab {

namespace {

// a·b when it is exact in double (no rounding, no underflow), else nullopt.
std::optional<double> exact_product(double a, double b) {
  const double p = a * b;
  if (!std::isfinite(p)) return std::nullopt;
  if (p == 0.0) {
    if (a == 0.0 || b == 0.0) return p;
    return std::nullopt;  // underflow to zero
  }
  if (std::fabs(p) < DBL_MIN || std::fma(a, b, -p) != 0.0) return std::nullopt;
  return p;
}

// Every monomial of degree lowest..highest over `d` variables, each as the non-decreasing
// list of its variables with repetition (x₁²x₃ = {1, 1, 3}): at most `highest` entries a
// monomial, whatever d is.
void monomials(std::size_t d, std::size_t lowest, std::size_t highest,
               std::vector<std::vector<std::uint32_t>>& out) {
  std::vector<std::uint32_t> variables;
  const auto walk = [&](auto&& self, std::uint32_t from) -> void {
    if (variables.size() >= lowest) out.push_back(variables);
    if (variables.size() == highest) return;
    for (std::uint32_t j = from; j < d; ++j) {
      variables.push_back(j);
      self(self, j);
      variables.pop_back();
    }
  };
  walk(walk, 0);
}

// C(n + r, r) without overflow past `cap` (returns cap + 1 when larger).
std::size_t count_up_to(std::size_t n, std::size_t r, std::size_t cap) {
  double c = 1.0;
  for (std::size_t i = 1; i <= r; ++i) {
    c = c * static_cast<double>(n + i) / static_cast<double>(i);
    if (c > static_cast<double>(cap)) return cap + 1;
  }
  return static_cast<std::size_t>(std::llround(c));
}

}  // namespace

std::optional<Dataset> monomial_features(const Dataset& data, const KernelSpec& k,
                                         std::size_t max_values, std::string& why) {
  if (data.task() != TaskKind::kBinary || data.sparse()) {
    why = "the feature-space certificate needs binary data in dense storage";
    return std::nullopt;
  }
  std::uint32_t p = 1;
  double s = 1.0;
  double c = 0.0;
  if (k.kind == KernelKind::kPolynomial) {
    p = k.degree, s = k.scale, c = k.coef0;
  } else if (k.kind != KernelKind::kLinear) {
    why = "only linear and polynomial kernels have a finite feature map to write out";
    return std::nullopt;
  }
  const bool augmented = data.augmented();
  const std::size_t first = augmented ? 1 : 0;
  const std::size_t d = data.cols() - first;
  const double t = augmented ? s + c : c;
  if (!(t >= 0.0) || !(s > 0.0)) {
    why = "the kernel's constant term is negative: it is not positive semidefinite";
    return std::nullopt;
  }
  const std::size_t all = count_up_to(d, p, max_values);
  if (all > max_values || all * data.rows() > max_values) {
    why = "its feature map has more than " + std::to_string(max_values) +
          " values on these rows (monomials of degree up to " + std::to_string(p) + " in " +
          std::to_string(d) + " features)";
    return std::nullopt;
  }
  // With t > 0 the constant monomial is the augmentation; the others are the features.
  std::vector<std::vector<std::uint32_t>> ks;
  monomials(d, t > 0.0 ? 1 : p, p, ks);
  std::vector<double> values;
  values.reserve(ks.size() * data.rows());
  for (std::size_t i = 0; i < data.rows(); ++i) {
    const double* x = data.row(i) + first;
    for (const auto& variables : ks) {
      std::optional<double> v = 1.0;
      for (std::size_t k = 0; k < variables.size() && v; ++k)
        v = exact_product(*v, x[variables[k]]);
      if (!v) {
        why = "a monomial of row " + std::to_string(i) +
              " is not exact in double, so the map written out would not be the kernel's";
        return std::nullopt;
      }
      values.push_back(*v);
    }
  }
  std::vector<std::int32_t> labels;
  for (std::size_t i = 0; i < data.rows(); ++i) labels.push_back(data.label(i));
  std::vector<std::string> names(ks.size(), "monomial");
  return Dataset(values, data.rows(), ks.size(), t > 0.0, TaskKind::kBinary, std::move(labels),
                 data.class_names(), std::move(names));
}

std::optional<ConvexWeights> prove_not_kernel_separable(
    const Dataset& data, const KernelSpec& k, const ConvexWeights& guess,
    std::chrono::steady_clock::time_point deadline, std::string& why, std::uint64_t max_work,
    bool* clock_stopped) {
  const auto features = monomial_features(data, k, kMonomialFeatureValues, why);
  if (!features) return std::nullopt;
  const PointSet points(*features);
  ConvexWeights start = guess;
  if (start.empty()) {
    MinNormOptions options;
    options.max_work = max_work;
    options.deadline = deadline;
    const MinNormResult hull = min_norm_point(points, options);
    if (hull.stop == WorkLimit::Stop::kClock) {
      if (clock_stopped != nullptr) *clock_stopped = true;
      why =
          "the clock stopped the nearest-point search in the monomial coordinates before its "
          "work budget";
      return std::nullopt;
    }
    if (!hull.failure.empty() || !hull.origin_reached) {
      why = hull.failure.empty()
                ? "the nearest point of the hull in the monomial coordinates is not the origin"
                : hull.failure;
      return std::nullopt;
    }
    start = hull.weights;
  }
  WorkLimit limit(deadline, max_work);
  const ExactGordan exact = prove_origin_in_hull(points, start, limit);
  if (limit.stopped_by_clock() && clock_stopped != nullptr) *clock_stopped = true;
  if (!exact.proved) {
    why = exact.detail;
    return std::nullopt;
  }
  return exact.weights;
}

}  // namespace plab
