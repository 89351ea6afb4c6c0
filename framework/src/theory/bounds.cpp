#include "theory/bounds.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <initializer_list>
#include <limits>
#include <vector>

#include "theory/bound_forms.hpp"
#include "theory/bound_unit.hpp"
#include "theory/kernel_margin_unit.hpp"
#include "theory/least_squares.hpp"
#include "theory/unit_roundoff.hpp"

namespace plab {

namespace {

// Every nonzero input of the formula as written is well inside the range of a double, so
// no square over- or underflows: evaluated as written, bit for bit as before.
bool middle_sized(std::initializer_list<double> values) {
  constexpr double kSmall = 0x1p-400;
  constexpr double kLarge = 0x1p+400;
  for (double v : values) {
    const double m = std::fabs(v);
    if (!(m == 0.0 || (m >= kSmall && m <= kLarge))) return false;
  }
  return true;
}

std::string exact_text(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%.17g", v);
  return text;
}

}  // namespace

BoundReport evaluate_kernel_novikoff(const BoundInputs& in) {
  BoundReport out;
  const KernelCertificate* k =
      in.learner_quantities != nullptr ? find_kernel_certificate(*in.learner_quantities) : nullptr;
  if (k == nullptr || !k->separable.value_or(false)) return out;
  out.counts = BoundCount::kMistakes;
  out.kind = "kernel_novikoff";
  for (double v : in.initial_weights) {
    if (v != 0.0) {
      out.kind = "kernel_novikoff_init";
      out.note = "the kernel_novikoff bound is proved from a zero start only (w0 = 0, alpha = 0)";
      return out;
    }
  }
  const double r = k->radius / k->rho;
  const double bound = r * r * (1.0 + 8.0 * kUnitRoundoff);
  if (!std::isfinite(bound)) {
    out.note =
        "the kernel_novikoff bound cannot be computed in double precision: it exceeds the "
        "largest double (R_K = " +
        exact_text(k->radius) + ", rho_K = " + exact_text(k->rho) + ")";
    return out;
  }
  const auto counted = static_cast<double>(in.mistakes);
  out.applies = true;
  out.bound = bound;
  out.ratio = counted / bound;
  out.holds = within_bound(counted, bound);
  return out;
}

// Every bound is rounded up where it is computed (R up, the margin down, the result raised by
// its rounding error), so a count is compared with it as it stands: a further slack would
// accept one mistake too many at a bound of 1e9.
bool within_bound(double count, double bound) { return count <= bound; }

double init_aware_bound(double r2, double rho, double a, double c) {
  const double b = r2 - 2.0 * rho * c;
  const double disc = b * b + 4.0 * rho * rho * (a * a - c * c);
  return (b + std::sqrt(std::max(disc, 0.0))) / (2.0 * rho * rho);
}

double init_aware_bound_scaled(double factor, double radius, double rho, double a, double c) {
  // In units of R: ρ' = ρ/R ≤ 1, and R²ₑ becomes `factor`.
  const double r = rho / radius;
  const double as = a / radius;
  const double cs = c / radius;
  const double b = factor - 2.0 * r * cs;
  // √(b² + 4ρ'²(a'² − c'²)) as hypot(b, t), t = 2ρ'√(a'−c')√(a'+c'): no square is formed.
  const double t = 2.0 * r * std::sqrt(std::max(as - cs, 0.0)) * std::sqrt(std::max(as + cs, 0.0));
  const double root = std::hypot(b, t);
  // For b < 0, b + root cancels; (root² − b²)/(root − b) = t²/(root − b) does not.
  const double numerator = b >= 0.0 ? b + root : t * (t / (root - b));
  return numerator / (2.0 * r) / r;
}

double euclidean_norm(std::span<const double> v) {
  // Blue's thresholds and scales for IEEE double (Anderson, "Algorithm 978", 2017).
  constexpr double kTsml = 0x1p-511;  // below: squares may underflow
  constexpr double kTbig = 0x1p+486;  // above: a sum of squares may overflow
  constexpr double kSsml = 0x1p+537;
  constexpr double kSbig = 0x1p-538;
  double small = 0.0;
  double middle = 0.0;
  double big = 0.0;
  for (double x : v) {
    const double m = std::fabs(x);
    if (m > kTbig) {
      big += (m * kSbig) * (m * kSbig);
    } else if (m < kTsml) {
      small += (m * kSsml) * (m * kSsml);
    } else {
      middle += m * m;
    }
  }
  if (std::isnan(big) || std::isnan(middle) || std::isnan(small)) {
    return std::numeric_limits<double>::quiet_NaN();
  }
  if (big > 0.0) {
    // Middle-sized parts are kept beside a huge one; tiny ones cannot matter and are dropped.
    return std::sqrt(big + (middle * kSbig) * kSbig) / kSbig;
  }
  if (small > 0.0) {
    if (middle == 0.0) return std::sqrt(small) / kSsml;
    const double lo = std::min(std::sqrt(middle), std::sqrt(small) / kSsml);
    const double hi = std::max(std::sqrt(middle), std::sqrt(small) / kSsml);
    return hi * std::sqrt(1.0 + (lo / hi) * (lo / hi));
  }
  return std::sqrt(middle);
}

BoundReport evaluate_bound(const BoundInputs& in) {
  const BoundUnit* unit = find_bound_unit(in.declared.form);
  return unit != nullptr ? unit->evaluate(in) : BoundReport{};
}

BoundReport evaluate_least_squares(const BoundInputs& in) {
  BoundReport out;
  const PointTheory& t = *in.theory;
  if (!t.least_squares || in.final_weights.empty()) return out;
  const auto& ref = *t.least_squares;
  out.ls_gap = squared_error(*in.data, in.final_weights) - ref.loss;
  double s = 0.0;
  for (std::size_t j = 0; j < ref.w.size(); ++j) {
    s += (in.final_weights[j] - ref.w[j]) * (in.final_weights[j] - ref.w[j]);
  }
  out.ls_distance = std::sqrt(s);
  return out;
}

BoundReport evaluate_init_aware(const BoundInputs& in, const std::string& name,
                                EffectiveStep step) {
  BoundReport out;
  const PointTheory& t = *in.theory;
  if (!t.margin.separable.value_or(false)) return out;
  const double eta = in.declared.eta;
  const bool count_updates = in.declared.counts == BoundCount::kUpdates;
  const double rho = t.margin.rho;
  const std::vector<double>& u = t.margin.reference;
  if (u.size() != in.initial_weights.size()) return out;  // a learner of another shape

  // The weights are scaled by a power of two s to largest magnitude about 1, which is
  // exact, so that no product or square below over- or underflows; the results are scaled
  // back by exact divisions. Where nothing over- or underflowed before, this gives the same
  // bits as the plain sums.
  double largest = 0.0;
  for (double v : in.initial_weights) largest = std::max(largest, std::fabs(v));
  // "From zero" is a fact about the weights, not about a sum of squares that may underflow.
  const bool from_zero = largest == 0.0;
  if (!std::isfinite(largest)) {
    out.note = "the initial weights are not finite numbers";
    return out;
  }
  int exponent = 0;
  std::frexp(largest, &exponent);
  // For subnormal weights 2^-exponent is past the largest double, so the scaling is done by
  // ldexp on each value (exact, the results are near 1) and undone by ldexp, never through a
  // factor s that would overflow to infinity.
  const auto unscale = [exponent](double x) { return std::ldexp(x, exponent); };
  std::vector<double> w(in.initial_weights.begin(), in.initial_weights.end());
  for (double& v : w) v = std::ldexp(v, -exponent);
  double dot = 0.0;
  double dot_size = 0.0;
  for (std::size_t j = 0; j < u.size(); ++j) {
    dot += u[j] * w[j];
    dot_size += std::fabs(u[j] * w[j]);
  }
  // a = ‖w₀‖/η rounded up; c = û·w₀/η rounded down: both err toward a larger bound.
  const double slack = (static_cast<double>(u.size()) + 4.0) * kUnitRoundoff;
  const double a = unscale(euclidean_norm(w) * (1.0 + slack) / eta);
  const double c = unscale((dot - slack * dot_size) / t.margin.reference_norm / eta) - slack * a;

  const auto counted = static_cast<double>(count_updates ? in.updates : in.mistakes);
  out.counts = count_updates ? BoundCount::kUpdates : BoundCount::kMistakes;
  out.kind = from_zero ? name : name + "_init";
  // A bound that cannot be computed is no verdict: not applied, with the reason.
  const auto cannot = [&](const std::string& why) {
    out.note = "the " + out.kind + " bound cannot be computed in double precision: " + why;
    return out;
  };
  if (!std::isfinite(a) || !std::isfinite(c)) {
    return cannot("||w0||/eta overflows (||w0|| = " + exact_text(unscale(euclidean_norm(w))) +
                  ", eta = " + exact_text(eta) + ")");
  }
  if (!std::isfinite(step.factor)) {
    return cannot("the step term 2*tau/eta overflows (eta = " + exact_text(eta) + ")");
  }
  const double radius = t.radius;
  const bool as_written = middle_sized({step.r2, rho, a, c, step.r2 - 2.0 * rho * c});
  // The robust evaluation has a few more roundings than the formula as written.
  const double margin_of_error = as_written ? slack : slack + 64.0 * kUnitRoundoff;
  const double plain_exact =
      as_written ? step.r2 / (rho * rho) : step.factor / (rho / radius) / (rho / radius);
  const double plain = plain_exact * (1.0 + margin_of_error);
  double bound = plain;
  if (!from_zero) {
    const double k = as_written ? init_aware_bound(step.r2, rho, a, c)
                                : init_aware_bound_scaled(step.factor, radius, rho, a, c);
    bound = k * (1.0 + margin_of_error);
    const double clean = (plain + 2.0 * a / rho) * (1.0 + margin_of_error);
    if (std::isfinite(clean)) out.clean = clean;
    if (std::isfinite(plain)) {
      out.plain = plain;
      out.plain_holds = within_bound(counted, plain);
    }
  }
  if (!std::isfinite(bound)) {
    out.clean.reset();
    out.plain.reset();
    out.plain_holds.reset();
    return cannot("it exceeds the largest double (R = " + exact_text(radius) +
                  ", rho = " + exact_text(rho) + ", ||w0||/eta = " + exact_text(a) + ")");
  }
  out.applies = true;
  out.bound = bound;
  out.ratio = counted / *out.bound;
  out.holds = within_bound(counted, *out.bound);
  return out;
}

}  // namespace plab
