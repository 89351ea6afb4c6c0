#include "theory/margin_oracle.hpp"

#include <chrono>
#include <cmath>
#include <limits>

#include "theory/min_norm_point.hpp"
#include "theory/point_set.hpp"
#include "theory/separator_solvers.hpp"

namespace plab {

namespace {

constexpr double kUnitRoundoff = std::numeric_limits<double>::epsilon() / 2.0;

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Multi-class margins depend only on differences of rows: centring the rows keeps the
// margin and shrinks ‖U‖_F (THEORY.md §8).
void centre_rows(const Dataset& data, std::vector<double>& u) {
  if (data.task() != TaskKind::kMulticlass) return;
  const std::size_t d = data.cols();
  const std::size_t k = data.class_names().size();
  for (std::size_t j = 0; j < d; ++j) {
    double mean = 0.0;
    for (std::size_t c = 0; c < k; ++c) mean += u[c * d + j];
    mean /= static_cast<double>(k);
    for (std::size_t c = 0; c < k; ++c) u[c * d + j] -= mean;
  }
}

double norm_upper(const std::vector<double>& v) {
  double s = 0.0;
  for (double x : v) s += x * x;
  // Relative error of a computed 2-norm is at most about (n/2 + 1)·u; round up.
  return std::sqrt(s) * (1.0 + (static_cast<double>(v.size()) + 2.0) * kUnitRoundoff);
}

struct Tracker {
  MarginCertificate& out;
  void consider(const std::string& method, std::vector<double> u, MethodReport& report,
                const Dataset& data) {
    const auto certified = certify_separator(data, u);
    if (!certified) return;
    report.rho = certified->rho;
    if (!out.separable.value_or(false) || certified->rho > out.rho) {
      out.separable = true;
      out.method = method;
      out.reference = std::move(u);
      out.reference_norm = certified->norm;
      out.gamma = certified->gamma;
      out.rho = certified->rho;
    }
  }
};

}  // namespace

std::optional<CertifiedMargin> certify_separator(const Dataset& data, std::vector<double>& u) {
  centre_rows(data, u);
  const PointSet points(data);
  if (u.size() != points.dim()) return std::nullopt;
  for (double v : u) {
    if (!std::isfinite(v)) return std::nullopt;
  }
  const double gamma = points.min_dot(u).value - points.dot_error_bound(u);
  if (!(gamma > 0.0)) return std::nullopt;
  CertifiedMargin m;
  m.gamma = gamma;
  m.norm = norm_upper(u);
  m.rho = gamma / m.norm * (1.0 - 2.0 * kUnitRoundoff);
  return m;
}

MarginCertificate find_margin(const Dataset& data, const OracleRequest& request) {
  const auto start = std::chrono::steady_clock::now();
  MarginCertificate out;
  out.oracle = request.kind;
  if (request.kind == "none") return out;
  Tracker tracker{out};

  if (request.kind == "teacher" || request.kind == "given") {
    MethodReport report{request.kind, std::nullopt, std::nullopt, 0.0, ""};
    tracker.consider(request.kind, request.vector, report, data);
    report.seconds = seconds_since(start);
    out.methods.push_back(report);
    if (!out.separable) {
      out.reason = "the " + request.kind +
                   " vector does not separate the data (its margin is "
                   "not positive), so it proves nothing";
    }
    out.seconds = seconds_since(start);
    return out;
  }

  // svm: every method, each certified; the nearest hull point also bounds ρ* from above.
  const PointSet points(data);
  {
    const auto t = std::chrono::steady_clock::now();
    MinNormOptions options;
    options.max_seconds = request.max_seconds;
    const MinNormResult hull = min_norm_point(points, options);
    MethodReport report{"nearest_hull_point", std::nullopt, std::nullopt, 0.0,
                        "Wolfe 1976; " + std::to_string(hull.iterations) + " iterations" +
                            (hull.optimal          ? ", optimal"
                             : hull.origin_reached ? ", origin reached"
                                                   : ", stopped early")};
    // ‖Σλⱼzⱼ‖ recomputed in double; round up by the error of forming the sum and its norm.
    double longest = 0.0;
    std::vector<double> z(points.dim());
    std::vector<double> p(points.dim(), 0.0);
    for (const auto& [j, weight] : hull.weights) {
      points.point(j, z);
      double zz = 0.0;
      for (std::size_t k = 0; k < z.size(); ++k) {
        p[k] += weight * z[k];
        zz += z[k] * z[k];
      }
      longest = std::max(longest, std::sqrt(zz));
    }
    double weight_sum = 0.0;
    for (const auto& w : hull.weights) weight_sum += w.second;
    const double slack = (static_cast<double>(hull.weights.size()) + 4.0) * kUnitRoundoff * longest;
    const double p_norm =
        norm_upper(p) / std::max(weight_sum * (1.0 - 4.0 * kUnitRoundoff), 1e-300);
    report.rho_upper = p_norm + slack;
    out.rho_upper = report.rho_upper;
    if (hull.origin_reached) {
      out.hull_residual = p_norm;
      out.hull_weights = hull.weights;
    }
    tracker.consider("nearest_hull_point", hull.point, report, data);
    report.seconds = seconds_since(t);
    out.methods.push_back(report);
  }
  // A solver's candidate is certified like any other; its time and status go to the manifest.
  auto try_solver = [&](const char* name, const char* failure, auto&& solve) {
    const auto t = std::chrono::steady_clock::now();
    MethodReport report{name, std::nullopt, std::nullopt, 0.0, ""};
    if (auto c = solve()) {
      report.note = c->note;
      tracker.consider(name, std::move(c->u), report, data);
    } else {
      report.note = failure;
    }
    report.seconds = seconds_since(t);
    out.methods.push_back(report);
  };
  try_solver("liblinear", "no model", [&] { return liblinear_separator(data, 1e6, 1e-6); });
  if (data.task() == TaskKind::kBinary) {
    try_solver("lp", "no optimal solution",
               [&] { return lp_separator(data, request.max_seconds); });
  }

  if (out.separable.value_or(false)) {
    out.hull_residual.reset();
    out.hull_weights.clear();
  } else if (out.hull_residual) {
    out.separable = false;
    out.reason = "not linearly separable: convex weights on " +
                 std::to_string(out.hull_weights.size()) +
                 " points make the sum of y x~ vanish to within " +
                 std::to_string(*out.hull_residual) + " (Gordan's alternative)";
  } else {
    out.reason = "undecided: no method found a separator and none proved that none exists";
  }
  out.seconds = seconds_since(start);
  return out;
}

}  // namespace plab
