#include "theory/margin_oracle.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <chrono>
#include <cmath>
#include <limits>
#include <memory>

#include "base/interrupt.hpp"
#include "theory/exact_gordan.hpp"
#include "theory/min_norm_point.hpp"
#include "theory/oracle_progress.hpp"
#include "theory/point_set.hpp"
#include "theory/separator_solvers.hpp"
#include "theory/unit_roundoff.hpp"

namespace plab {

namespace {}  // namespace

// Multi-class margins depend only on differences of rows: centring the rows keeps the
// margin and shrinks ‖U‖_F (docs/bounds.md, "Certificates").
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
  const double factor = 1.0 + (static_cast<double>(v.size()) + 2.0) * kUnitRoundoff;
  double s = 0.0;
  for (double x : v) s += x * x;
  // Relative error of a computed 2-norm is at most about (n/2 + 1)·u; round up.
  if (std::isfinite(s) && s >= 0x1p-900) return std::sqrt(s) * factor;
  // The squares overflow or underflow (a tiny norm would inflate ρ = γ/‖u‖): scale by a
  // power of two, which is exact, so the same error bound holds (as LAPACK's dnrm2 does).
  double largest = 0.0;
  for (double x : v) largest = std::max(largest, std::fabs(x));
  if (!std::isfinite(largest) || largest == 0.0) return largest;
  int e = 0;
  std::frexp(largest, &e);
  s = 0.0;
  for (double x : v) {
    const double t = std::ldexp(x, -e);
    s += t * t;
  }
  return std::ldexp(std::sqrt(s) * factor, e);
}

namespace {

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Shortest round-trip decimal, for reasons and progress lines.
std::string decimal(double v) {
  std::array<char, 32> buffer{};
  const auto end = std::to_chars(buffer.data(), buffer.data() + buffer.size(), v).ptr;
  return std::string(buffer.data(), end);
}

// ‖Σ λⱼ zⱼ‖ evaluated in double, without rounding up.
double residual_norm(const PointSet& points,
                     const std::vector<std::pair<std::size_t, double>>& weights) {
  std::vector<double> z(points.dim());
  std::vector<double> p(points.dim(), 0.0);
  for (const auto& [j, weight] : weights) {
    points.point(j, z);
    for (std::size_t k = 0; k < z.size(); ++k) p[k] += weight * z[k];
  }
  double s = 0.0;
  for (double v : p) s += v * v;
  return std::sqrt(s);
}

// Any hull point p = Σλⱼzⱼ / Σλⱼ proves ρ* ≤ ‖p‖. Recomputed in double and rounded up by
// the error of forming the sum and its norm; nullopt if that overflows.
std::optional<double> hull_norm_upper(const PointSet& points,
                                      const std::vector<std::pair<std::size_t, double>>& weights) {
  double longest = 0.0;
  std::vector<double> z(points.dim());
  std::vector<double> p(points.dim(), 0.0);
  for (const auto& [j, weight] : weights) {
    points.point(j, z);
    double zz = 0.0;
    for (std::size_t k = 0; k < z.size(); ++k) {
      p[k] += weight * z[k];
      zz += z[k] * z[k];
    }
    longest = std::max(longest, std::sqrt(zz));
  }
  double weight_sum = 0.0;
  for (const auto& w : weights) weight_sum += w.second;
  const double slack = (static_cast<double>(weights.size()) + 4.0) * kUnitRoundoff * longest;
  const double p_norm = norm_upper(p) / std::max(weight_sum * (1.0 - 4.0 * kUnitRoundoff), 1e-300);
  const double upper = p_norm + slack;
  if (!std::isfinite(upper)) return std::nullopt;
  return upper;
}

// How Wolfe's method ended, for its note in the manifest.
std::string min_norm_ending(const MinNormResult& hull) {
  if (hull.optimal) return ", optimal";
  if (hull.origin_reached) return ", origin reached";
  switch (hull.stop) {
    case WorkLimit::Stop::kWork:
      return ", stopped at its work budget (theory.oracle_work)";
    case WorkLimit::Stop::kClock:
      return ", stopped by the clock (theory.oracle_seconds)";
    default:
      return ", stopped early";
  }
}

struct Tracker {
  MarginCertificate& out;
  WorkLimit* limit = nullptr;
  void consider(const std::string& method, std::vector<double> u, MethodReport& report,
                const Dataset& data) {
    const auto certified = certify_separator(data, u, limit);
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

std::optional<CertifiedMargin> certify_separator(const Dataset& data, std::vector<double>& u,
                                                 WorkLimit* limit) {
  centre_rows(data, u);
  const PointSet points(data);
  if (u.size() != points.dim()) return std::nullopt;
  for (double v : u) {
    if (!std::isfinite(v)) return std::nullopt;
  }
  const PointSet::Extreme lowest = points.min_dot(u, limit);
  if (lowest.stopped) return std::nullopt;
  const std::optional<double> error = points.dot_error_bound(u, limit);
  if (!error) return std::nullopt;
  const double gamma = lowest.value - *error;
  if (!(gamma > 0.0)) return std::nullopt;
  CertifiedMargin m;
  m.gamma = gamma;
  m.norm = norm_upper(u);
  m.rho = gamma / m.norm * (1.0 - 2.0 * kUnitRoundoff);
  if (!std::isfinite(m.norm) || !std::isfinite(m.rho) || !(m.rho > 0.0)) return std::nullopt;
  return m;
}

std::optional<double> hull_point_norm_upper(
    const Dataset& data, const std::vector<std::pair<std::size_t, double>>& weights) {
  const PointSet points(data);
  double sum = 0.0;
  for (const auto& w : weights) {
    if (w.first >= points.size() || !std::isfinite(w.second) || w.second < 0.0) return std::nullopt;
    sum += w.second;
  }
  if (!(sum > 0.0)) return std::nullopt;
  return hull_norm_upper(points, weights);
}

double certificate_residual(const Dataset& data,
                            const std::vector<std::pair<std::size_t, double>>& weights) {
  return residual_norm(PointSet(data), weights);
}

void set_oracle_progress(bool enabled) { SlowMethodNotice::enable(enabled); }

MarginCertificate find_margin(const Dataset& data, const OracleRequest& request) {
  const auto start = std::chrono::steady_clock::now();
  MarginCertificate out;
  out.oracle = request.kind;
  if (request.kind == MarginSource::kNone) return out;
  Tracker tracker{out};

  if (request.kind == MarginSource::kTeacher || request.kind == MarginSource::kGiven) {
    const std::string source = margin_source_name(request.kind);  // the method's name
    MethodReport report{source, std::nullopt, std::nullopt, 0.0, ""};
    tracker.consider(source, request.vector, report, data);
    report.seconds = seconds_since(start);
    out.methods.push_back(report);
    if (!out.separable) {
      out.reason = "the " + source +
                   " vector does not separate the data (its margin is "
                   "not positive), so it proves nothing";
    }
    out.seconds = seconds_since(start);
    return out;
  }

  // svm: every method, each certified; the nearest hull point also bounds ρ* from above.
  const PointSet points(data);
  const auto deadline =
      start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                  std::chrono::duration<double>(std::clamp(request.budget_seconds, 0.0, 1e9)));
  auto remaining = [&] {
    return std::chrono::duration<double>(deadline - std::chrono::steady_clock::now()).count();
  };
  // Every certification below looks at the clock and at signals inside its pass (it has no
  // work budget: a certification is two passes over the points).
  WorkLimit clock(deadline);
  tracker.limit = &clock;
  // The first step the clock stopped, "" while none: it leaves the point undecided.
  std::string clock_stopped;
  const auto stopped_by_clock = [&](bool stopped, const std::string& step) {
    if (stopped && clock_stopped.empty()) clock_stopped = step;
  };
  auto slow_notice = [&](const std::string& method) {
    return std::make_unique<SlowMethodNotice>(
        "margin oracle: " + method + " is still working on " + std::to_string(points.size()) +
            " points of dimension " + std::to_string(points.dim()) + " after 1 s (clock limit " +
            decimal(request.budget_seconds) + " s, theory.oracle_seconds)",
        "margin oracle: " + method);
  };
  std::optional<ExactGordan> gordan;
  const std::string kDenseSkipped =
      "skipped: it holds dense vectors of the data's width, too large for this sparse set";
  if (!request.dense_methods) {
    out.methods.push_back({"nearest_hull_point", std::nullopt, std::nullopt, 0.0, kDenseSkipped});
  } else {
    const auto t = std::chrono::steady_clock::now();
    const auto notice = slow_notice("the nearest hull point");
    MinNormOptions options;
    options.max_work = request.work_budget;
    options.deadline = deadline;
    const MinNormResult hull = min_norm_point(points, options);
    stopped_by_clock(hull.stop == WorkLimit::Stop::kClock, "the nearest hull point");
    MethodReport report{"nearest_hull_point", std::nullopt, std::nullopt, 0.0,
                        "Wolfe 1976; " + std::to_string(hull.iterations) + " iterations, " +
                            std::to_string(hull.work) + " multiply-adds" + min_norm_ending(hull)};
    if (!hull.failure.empty()) {
      report.note = "method failed: " + hull.failure;
    } else if (hull.point.empty()) {  // stopped before it held a hull point: nothing proved
      report.note = "Wolfe 1976; stopped before a first hull point was chosen";
    } else {
      report.rho_upper = hull_norm_upper(points, hull.weights);
      out.rho_upper = report.rho_upper;
      if (out.rho_upper) out.upper_weights = hull.weights;
      tracker.consider("nearest_hull_point", hull.point, report, data);
      // Near the origin, floating point cannot tell "in the hull" from "very close to it":
      // only an exact check of the combination proves non-separability.
      if (hull.origin_reached && !out.separable) {
        WorkLimit exact_limit(deadline, request.work_budget);
        gordan = prove_origin_in_hull(points, hull.weights, exact_limit);
        report.note += gordan->proved ? "; exact check: the origin is in the hull"
                                      : "; exact check: " + gordan->detail;
        // Not in the hull: the exact nearest point may still certify a tiny margin.
        if (!gordan->proved) {
          if (auto p = exact_affine_nearest_point(points, hull.weights, exact_limit)) {
            tracker.consider("nearest_hull_point", std::move(*p), report, data);
            if (out.separable) report.note += "; its exact nearest point certifies a margin";
          }
        }
        stopped_by_clock(exact_limit.stopped_by_clock(), "the exact check");
      }
    }
    report.seconds = seconds_since(t);
    out.methods.push_back(report);
  }
  stopped_by_clock(clock.stopped_by_clock(), "a certification");
  throw_if_interrupted_while_preparing();  // a signal stopped the search: no verdict from it
  const bool decided = gordan && gordan->proved;
  // A solver's candidate is certified like any other; its time and status go to the manifest.
  auto try_solver = [&](const char* name, auto&& solve) {
    const auto t = std::chrono::steady_clock::now();
    MethodReport report{name, std::nullopt, std::nullopt, 0.0, ""};
    throw_if_interrupted_while_preparing();
    if (decided) {
      report.note = "skipped: non-separability is already proved";
    } else if (remaining() <= 0.0) {
      report.note = "skipped: the oracle's clock limit of " + decimal(request.budget_seconds) +
                    " s (theory.oracle_seconds) is spent";
      stopped_by_clock(true, name);
    } else {
      const auto notice = slow_notice(name);
      SolverOutcome c = solve();
      if (c.candidate) {
        report.note = c.candidate->note;
        tracker.consider(name, std::move(c.candidate->u), report, data);
      } else {
        report.note = "method failed: " + c.failure;
      }
      stopped_by_clock(c.timed_out, name);
      stopped_by_clock(clock.stopped_by_clock(), "a certification");
    }
    report.seconds = seconds_since(t);
    out.methods.push_back(report);
  };
  // LIBLINEAR's work is bounded by its own iteration limits (separator_solvers.hpp).
  try_solver("liblinear", [&] { return liblinear_separator(data, 1e6, 1e-6, remaining()); });
  if (data.task() == TaskKind::kBinary && !request.dense_methods) {
    out.methods.push_back({"lp", std::nullopt, std::nullopt, 0.0, kDenseSkipped});
  } else if (data.task() == TaskKind::kBinary) {
    try_solver("lp",
               [&] { return lp_separator(data, request.work_budget, std::max(0.0, remaining())); });
  }

  throw_if_interrupted_while_preparing();  // a signal stopped a certification: no verdict
  if (!clock_stopped.empty() && !decided) {
    // Whatever the methods found, a faster machine could have found more (a larger rho, a
    // smaller rho_upper, a proof): nothing of it is recorded (docs/reproducibility.md).
    MarginCertificate undecided;
    undecided.oracle = out.oracle;
    undecided.methods = std::move(out.methods);
    out = std::move(undecided);
    out.reason = "undecided: the oracle's clock limit of " + decimal(request.budget_seconds) +
                 " s (theory.oracle_seconds) stopped " + clock_stopped +
                 " before its work budget (theory.oracle_work); raise theory.oracle_seconds";
  } else if (out.separable.value_or(false)) {
    out.hull_residual.reset();
    out.hull_weights.clear();
  } else if (decided) {
    out.separable = false;
    out.hull_weights = gordan->weights;
    out.hull_residual = residual_norm(points, out.hull_weights);
    out.reason = "not linearly separable: convex weights on " +
                 std::to_string(out.hull_weights.size()) +
                 " points make the sum of y x~ exactly 0, checked in rational arithmetic "
                 "(Gordan's alternative)";
  } else if (gordan) {
    out.reason = "undecided: the nearest hull point is within " +
                 (out.rho_upper ? decimal(*out.rho_upper) : std::string("rounding error")) +
                 " of the origin (so rho* <= that), but no method certified a separator and "
                 "the exact check found no vanishing combination (" +
                 gordan->detail + ")";
  } else if (!request.dense_methods) {
    out.reason =
        "undecided: LIBLINEAR, run on the sparse rows, found no separator with a positive "
        "certified margin, and the methods that could prove that none exists (the nearest "
        "hull point, the LP) hold dense vectors of the data's width and were not run on a "
        "sparse set this large";
  } else {
    out.reason = "undecided: no method found a separator and none proved that none exists";
  }
  out.seconds = seconds_since(start);
  return out;
}

}  // namespace plab
