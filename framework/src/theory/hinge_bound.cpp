#include "theory/hinge_bound.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "theory/bounds.hpp"
#include "theory/margin_oracle.hpp"
#include "theory/point_set.hpp"
#include "theory/separator_solvers.hpp"
#include "theory/unit_roundoff.hpp"

namespace plab {

namespace {

constexpr std::size_t kMaxHingeClasses = 20;

// The margin of v on sample i as computed in double: y v·x̃ (binary), or the smallest
// (v_y − v_z)·x̃ over z ≠ y (Kesler), the class scores accumulated from j = 0 upward.
double sample_margin(const Dataset& data, std::span<const double> v, std::size_t i,
                     std::vector<double>& scores) {
  const std::size_t d = data.cols();
  const double* x = data.row(i);
  if (data.task() != TaskKind::kMulticlass) {
    double s = 0.0;
    for (std::size_t j = 0; j < d; ++j) s += v[j] * x[j];
    return data.label(i) == 1 ? s : -s;
  }
  for (std::size_t c = 0; c < scores.size(); ++c) {
    double s = 0.0;
    for (std::size_t j = 0; j < d; ++j) s += v[c * d + j] * x[j];
    scores[c] = s;
  }
  const auto y = static_cast<std::size_t>(data.label(i));
  double smallest = std::numeric_limits<double>::infinity();
  for (std::size_t c = 0; c < scores.size(); ++c) {
    if (c != y) smallest = std::min(smallest, scores[y] - scores[c]);
  }
  return smallest;
}

// R²ₑ / R² of the declared form (docs/bounds.md, "One form for every learner").
double step_factor(const HingeBoundInputs& in) {
  switch (in.declared.form) {
    case BoundForm::kBatchSummed:
      return static_cast<double>(in.rows);
    case BoundForm::kKesler:
      return 2.0;
    case BoundForm::kMarginPerceptron:
      return 1.0 + 2.0 * in.declared.tau / in.declared.eta / in.radius / in.radius;
    default:
      return 1.0;
  }
}

bool starts_from_zero(std::span<const double> w0) {
  return std::all_of(w0.begin(), w0.end(), [](double w) { return w == 0.0; });
}

// From w₀ ≠ 0: E = ‖v‖a − c' ≥ 0 rounded up, a = ‖w₀‖/η rounded up (as the separable
// forms), c' = v·w₀/η rounded down. 0 from zero.
double init_excess(const HingeCandidate& cand, std::span<const double> w0, double eta) {
  if (starts_from_zero(w0)) return 0.0;
  const double slack = (static_cast<double>(w0.size()) + 4.0) * kUnitRoundoff;
  const double a = euclidean_norm(w0) * (1.0 + slack) / eta * (1.0 + slack);
  double dot = 0.0;
  double size = 0.0;
  for (std::size_t j = 0; j < cand.v.size(); ++j) {
    dot += cand.v[j] * w0[j];
    size += std::fabs(cand.v[j] * w0[j]);
  }
  const double c_low = (dot - slack * size) / eta - slack * (size / eta);
  return std::max(0.0, cand.v_norm * a - c_low) * (1.0 + slack);
}

}  // namespace

const std::vector<double>& hinge_grid() {
  static const std::vector<double> kGrid = [] {
    std::vector<double> grid;
    for (int k = -4; k <= 4; ++k) grid.push_back(std::pow(10.0, k / 2.0));
    return grid;
  }();
  return kGrid;
}

std::optional<HingeCandidate> certify_hinge_candidate(const Dataset& data, double c,
                                                      std::vector<double> v) {
  const PointSet points(data);
  if (v.size() != points.dim()) return std::nullopt;
  for (double x : v) {
    if (!std::isfinite(x)) return std::nullopt;
  }
  centre_rows(data, v);
  // Every computed margin is within `error` of the true one (Higham §3.1, as certify_separator).
  const double error = *points.dot_error_bound(v);  // no limit: always computed
  std::vector<double> scores(data.class_names().size());
  std::vector<double> hinge(data.rows(), 0.0);
  for (std::size_t i = 0; i < data.rows(); ++i) {
    const double m = sample_margin(data, v, i, scores);
    // 1 − m + error, raised by the rounding of forming it: never below the true hinge.
    const double h = (1.0 - m + error) + 4.0 * kUnitRoundoff * (1.0 + std::fabs(m) + error);
    hinge[i] = h > 0.0 ? h : 0.0;
  }
  HingeCandidate out;
  out.c = c;
  out.v_norm = norm_upper(v);
  out.hinge_norm = norm_upper(hinge);
  out.v = std::move(v);
  out.hinges = std::move(hinge);
  if (!std::isfinite(out.v_norm) || !std::isfinite(out.hinge_norm)) return std::nullopt;
  return out;
}

std::vector<HingeCandidate> hinge_candidates(const Dataset& data, double max_seconds,
                                             bool* clock_stopped) {
  std::vector<HingeCandidate> out;
  if (data.task() != TaskKind::kBinary && data.task() != TaskKind::kMulticlass) return out;
  // One-vs-rest trains one problem per class and C: many classes would cost more than the
  // runs (200 classes of 2 rows: seconds). Such data gets no candidates, on every machine.
  if (data.task() == TaskKind::kMulticlass && data.class_names().size() > kMaxHingeClasses)
    return out;
  bool timed_out = !(max_seconds > 0.0);  // the oracle left no time
  const std::vector<double>& grid = hinge_grid();
  std::vector<std::vector<double>> path;
  if (!timed_out) path = squared_hinge_path(data, grid, 1e-5, max_seconds, &timed_out);
  if (clock_stopped != nullptr) *clock_stopped = timed_out;
  for (std::size_t k = 0; k < path.size(); ++k) {
    if (auto c = certify_hinge_candidate(data, grid[k], std::move(path[k]))) {
      out.push_back(std::move(*c));
    }
  }
  return out;
}

bool hinge_bound_covers(BoundForm form) {
  return form == BoundForm::kNovikoff || form == BoundForm::kKesler ||
         form == BoundForm::kMarginPerceptron || form == BoundForm::kBatchSummed;
}

HingeBoundReport evaluate_hinge_bound(const HingeBoundInputs& in) {
  HingeBoundReport out;
  if (in.candidates == nullptr || in.candidates->empty() || !hinge_bound_covers(in.declared.form))
    return out;
  // A batch learner shows every sample once per update whatever the order.
  if (!in.each_sample_once_per_epoch && in.declared.form != BoundForm::kBatchSummed) return out;
  const bool from_zero = starts_from_zero(in.initial_weights);
  const double root_step = std::sqrt(step_factor(in)) * in.radius;  // √f·R
  const double root_t = std::sqrt(static_cast<double>(in.epochs));
  for (std::size_t k = 0; k < in.candidates->size(); ++k) {
    const HingeCandidate& cand = (*in.candidates)[k];
    if (cand.v.size() != in.initial_weights.size()) continue;  // a learner of another shape
    const double b = root_step * cand.v_norm + root_t * cand.hinge_norm;
    double bound = b * b;
    if (!from_zero) {
      const double e = init_excess(cand, in.initial_weights, in.declared.eta);
      const double root = (b + std::sqrt(b * b + 4.0 * e)) / 2.0;
      bound = root * root;
    }
    bound *= 1.0 + 32.0 * kUnitRoundoff;
    if (!std::isfinite(bound)) continue;
    if (!out.bound || bound < *out.bound) {
      out.bound = bound;
      out.candidate = k;
      out.c = cand.c;
      out.v_norm = cand.v_norm;
      out.hinge_norm = cand.hinge_norm;
    }
  }
  if (!out.bound) return out;
  out.kind = from_zero ? "hinge_sequence" : "hinge_sequence_init";
  const auto counted = static_cast<double>(in.counted);
  out.ratio = counted / *out.bound;
  out.holds = within_bound(counted, *out.bound);
  return out;
}

MistakeRoundReport evaluate_mistake_round_bound(const HingeBoundInputs& in,
                                                std::span<const std::uint64_t> sample_counts) {
  MistakeRoundReport out;
  if (in.candidates == nullptr || !hinge_bound_covers(in.declared.form) ||
      in.declared.form == BoundForm::kBatchSummed)
    return out;
  const bool from_zero = starts_from_zero(in.initial_weights);
  const double root_step = std::sqrt(step_factor(in)) * in.radius;  // √f·R
  const double slack = (static_cast<double>(sample_counts.size()) + 4.0) * kUnitRoundoff;
  for (std::size_t k = 0; k < in.candidates->size(); ++k) {
    const HingeCandidate& cand = (*in.candidates)[k];
    if (cand.v.size() != in.initial_weights.size() || cand.hinges.size() != sample_counts.size())
      continue;
    // L = Σ mᵢhᵢ: terms ≥ 0, each hᵢ already above the true hinge; the sum rounded up.
    double loss = 0.0;
    for (std::size_t i = 0; i < sample_counts.size(); ++i)
      loss += static_cast<double>(sample_counts[i]) * cand.hinges[i];
    loss *= 1.0 + slack;
    const double b = root_step * cand.v_norm;
    const double e = loss + init_excess(cand, in.initial_weights, in.declared.eta);
    const double root = (b + std::sqrt(b * b + 4.0 * e)) / 2.0;
    const double bound = root * root * (1.0 + 32.0 * kUnitRoundoff);
    if (!std::isfinite(bound)) continue;
    if (!out.bound || bound < *out.bound) {
      out.bound = bound;
      out.candidate = k;
      out.loss = loss;
    }
  }
  if (!out.bound) return out;
  out.kind = from_zero ? "hinge_rounds" : "hinge_rounds_init";
  const auto counted = static_cast<double>(in.counted);
  out.ratio = counted / *out.bound;
  out.holds = within_bound(counted, *out.bound);
  return out;
}

}  // namespace plab
