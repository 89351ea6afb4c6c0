#include "theory/l1_margin.hpp"
#include "base/number_text.hpp"

#include <glpk.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <csetjmp>
#include <cstdio>
#include <limits>

#include "theory/glpk_guard.hpp"
#include "theory/point_set.hpp"
#include "theory/unit_roundoff.hpp"

namespace plab {

namespace {

// GLPK's input: row i is yᵢx̃ᵢ (balanced: then −yᵢx̃ᵢ for u₋) and −t; 1-based arrays.
struct L1Lp {
  int rows = 0;
  int weights = 0;  // d or 2d nonnegative columns, then t
  std::vector<std::vector<int>> index;
  std::vector<std::vector<double>> value;
  int milliseconds = 0;
  int iterations = 1;
};

struct L1LpResult {
  int status = 0;
  int solution = 0;
  bool failed = false;
  double t = 0.0;
};

// Only trivially destructible locals between setjmp and the solve (glpk_guard.hpp).
void solve_l1_lp(const L1Lp& in, L1LpResult& out, double* weights) {
  std::jmp_buf jump;
  if (setjmp(jump) != 0) {
    out.failed = true;
    return;
  }
  glp_error_hook(&glpk_on_fatal_error, &jump);
  glp_prob* lp = glpk_margin_problem(in.weights, 0.0, HUGE_VAL, in.rows, 1, in.index, in.value);
  const auto& index = in.index.back();  // Σ weights = 1
  const auto& value = in.value.back();
  glp_set_mat_row(lp, in.rows + 1, static_cast<int>(index.size()) - 1, index.data(), value.data());
  glp_set_row_bnds(lp, in.rows + 1, GLP_FX, 1.0, 1.0);
  out.status = glpk_simplex(lp, in.milliseconds, in.iterations, out.solution);
  if (out.status == 0 && out.solution == GLP_OPT) {
    for (int j = 1; j <= in.weights; ++j) weights[j - 1] = glp_get_col_prim(lp, j);
    out.t = glp_get_col_prim(lp, in.weights + 1);
  }
  glp_delete_prob(lp);
  glp_error_hook(nullptr, nullptr);
}

L1Lp make_lp(const Dataset& data, bool balanced, std::uint64_t max_work, double max_seconds) {
  L1Lp lp;
  const std::size_t d = data.cols();
  lp.rows = static_cast<int>(data.rows());
  lp.weights = static_cast<int>((balanced ? 2 : 1) * d);
  lp.milliseconds = static_cast<int>(std::clamp(max_seconds, 0.001, 1e6) * 1000.0);
  lp.iterations =
      glpk_iteration_limit(max_work, data.rows() + 1, static_cast<std::size_t>(lp.weights) + 1);
  const int t_column = lp.weights + 1;
  for (std::size_t i = 0; i < data.rows(); ++i) {
    const double y = data.label(i) == 1 ? 1.0 : -1.0;
    std::vector<int> index(1, 0);
    std::vector<double> value(1, 0.0);
    for (std::size_t j = 0; j < d; ++j) {
      const double v = data.row(i)[j];
      if (v == 0.0) continue;
      index.push_back(static_cast<int>(j) + 1);
      value.push_back(y * v);
      if (balanced) {
        index.push_back(static_cast<int>(d + j) + 1);
        value.push_back(-y * v);
      }
    }
    index.push_back(t_column);
    value.push_back(-1.0);
    lp.index.push_back(std::move(index));
    lp.value.push_back(std::move(value));
  }
  std::vector<int> index(1, 0);
  std::vector<double> value(1, 0.0);
  for (int j = 1; j <= lp.weights; ++j) {
    index.push_back(j);
    value.push_back(1.0);
  }
  lp.index.push_back(std::move(index));
  lp.value.push_back(std::move(value));
  return lp;
}

}  // namespace

double data_r_inf(const Dataset& data) {
  double largest = 0.0;
  for (std::size_t i = 0; i < data.rows(); ++i) {
    for (std::size_t j = 0; j < data.cols(); ++j) {
      largest = std::max(largest, std::fabs(data.row(i)[j]));
    }
  }
  return largest;
}

std::optional<double> certify_l1_margin(const Dataset& data, bool balanced,
                                        const std::vector<double>& u) {
  if (data.task() != TaskKind::kBinary || u.size() != data.cols()) return std::nullopt;
  double l1 = 0.0;
  for (double v : u) {
    if (!std::isfinite(v) || (!balanced && v < 0.0)) return std::nullopt;
    l1 += std::fabs(v);
  }
  // ‖u‖₁ rounded up: a sum of d nonnegative terms errs by at most (d−1)·u relatively.
  l1 *= 1.0 + (static_cast<double>(u.size()) + 2.0) * kUnitRoundoff;
  if (!(l1 > 0.0) || !std::isfinite(l1)) return std::nullopt;
  const PointSet points(data);
  // The smallest yᵢ u·x̃ᵢ as computed, less the bound on any computed dot product's error.
  const double gamma =
      points.min_dot(u).value - *points.dot_error_bound(u);  // no limit: always computed
  if (!(gamma > 0.0)) return std::nullopt;
  const double gamma1 = gamma / l1 * (1.0 - 2.0 * kUnitRoundoff);
  if (!(gamma1 > 0.0) || !std::isfinite(gamma1)) return std::nullopt;
  return gamma1;
}

L1Margin find_l1_margin(const Dataset& data, bool balanced, std::uint64_t max_work,
                        double max_seconds) {
  const auto start = std::chrono::steady_clock::now();
  L1Margin out;
  out.balanced = balanced;
  out.r_inf = data_r_inf(data);
  const auto finish = [&]() {
    out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return out;
  };
  if (data.task() != TaskKind::kBinary) {
    out.reason = "the l1-margin LP is for binary tasks";
    return finish();
  }
  const L1Lp lp = make_lp(data, balanced, max_work, max_seconds);
  std::vector<double> weights(static_cast<std::size_t>(lp.weights), 0.0);
  L1LpResult result;
  glpk_capture_output();
  solve_l1_lp(lp, result, weights.data());
  out.reason = glpk_solve_problem(result.failed, result.status, result.solution);
  if (!result.failed && result.status == GLP_ETMLIM) {
    // The one outcome that depends on the machine (docs/reproducibility.md).
    out.reason = "undecided: the clock limit of " + number_text(max_seconds) +
                 " s (theory.oracle_seconds) stopped the LP before its work budget "
                 "(theory.oracle_work)";
  }
  if (!out.reason.empty()) return finish();
  out.note = "GLPK simplex, max t s.t. y u.x >= t, u >= 0, sum u = 1" +
             std::string(balanced ? " over (x, -x)" : "") + "; t = " + number_text(result.t);
  // The comparator on the d inputs: u, or u₊ − u₋. Any vector of d values is the difference
  // of its positive and negative parts, which have the same margin and ℓ₁ norm.
  const std::size_t d = data.cols();
  std::vector<double> u(d);
  for (std::size_t j = 0; j < d; ++j) {
    u[j] = balanced ? weights[j] - weights[d + j] : std::max(weights[j], 0.0);
  }
  if (!(result.t > 0.0)) {
    // GLPK's word, not a certificate: no verdict is drawn from it (the bound does not apply).
    out.reason = "the LP's optimum is t = " + number_text(result.t) + " <= 0: no " +
                 std::string(balanced ? "" : "nonnegative ") +
                 "comparator with l1 norm 1 has a positive margin on every row";
    return finish();
  }
  const std::optional<double> gamma1 = certify_l1_margin(data, balanced, u);
  if (!gamma1) {
    out.reason = "the LP's comparator (t = " + number_text(result.t) +
                 ") has no certified positive margin once rounding is allowed for";
    return finish();
  }
  out.positive = true;
  out.u = std::move(u);
  out.gamma1 = *gamma1;
  return finish();
}

L1Margin certify_given_l1(const Dataset& data, bool balanced, const std::vector<double>& u,
                          const std::string& source) {
  L1Margin out;
  out.balanced = balanced;
  out.r_inf = data_r_inf(data);
  out.note = "the " + source + " vector, certified on the data (no LP)";
  if (const std::optional<double> gamma1 = certify_l1_margin(data, balanced, u)) {
    out.positive = true;
    out.u = u;
    out.gamma1 = *gamma1;
    return out;
  }
  out.reason = "the " + source + " vector has no certified positive l1-margin" +
               std::string(balanced ? "" : " with nonnegative weights (plain winnow's comparator)");
  return out;
}

}  // namespace plab
