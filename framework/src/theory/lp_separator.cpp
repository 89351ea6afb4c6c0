#include <glpk.h>

#include <algorithm>
#include <cmath>
#include <csetjmp>
#include <cstdint>
#include <string>
#include <vector>

#include "theory/glpk_guard.hpp"
#include "theory/separator_solvers.hpp"

namespace plab {

namespace {

struct LpInput {
  int rows = 0;
  int cols = 0;  // u₁..u_k, the non-empty columns
  const std::vector<std::vector<int>>* index = nullptr;
  const std::vector<std::vector<double>>* value = nullptr;
  int milliseconds = 0;
  int iterations = 1;
};

struct LpResult {
  int status = 0;       // glp_simplex's return code
  int solution = 0;     // glp_get_status
  bool failed = false;  // a fatal GLPK error
};

// Only trivially destructible locals live here: longjmp must not skip a destructor. The
// caller owns every C++ object.
void solve_lp(const LpInput& in, LpResult& out, double* u) {
  std::jmp_buf jump;
  if (setjmp(jump) != 0) {
    out.failed = true;
    return;
  }
  glp_error_hook(&glpk_on_fatal_error, &jump);
  glp_prob* lp = glpk_margin_problem(in.cols, -1.0, 1.0, in.rows, 0, *in.index, *in.value);
  out.status = glpk_simplex(lp, in.milliseconds, in.iterations, out.solution);
  if (out.status == 0 && out.solution == GLP_OPT) {
    for (int j = 1; j <= in.cols; ++j) u[j - 1] = glp_get_col_prim(lp, j);
  }
  glp_delete_prob(lp);
  glp_error_hook(nullptr, nullptr);
}

}  // namespace

SolverOutcome lp_separator(const Dataset& data, std::uint64_t max_work, double max_seconds) {
  SolverOutcome out;
  if (data.task() != TaskKind::kBinary) {
    out.failure = "the LP is for binary tasks";
    return out;
  }
  const int n = static_cast<int>(data.rows());
  const int d = static_cast<int>(data.cols());
  const std::vector<double> scale = column_scales(data);
  // Empty columns get u_j = 0: GLPK left their u_j at a bound (±1), lengthening u for
  // nothing (non_empty_columns).
  const NonEmptyColumns columns = non_empty_columns(data, scale);
  const std::vector<int>& lp_column = columns.number;
  const std::vector<std::size_t>& data_column = columns.column;
  const int used = static_cast<int>(data_column.size());
  // GLPK's rows are 1-based: element 0 of each index/value array is unused.
  std::vector<std::vector<int>> index(static_cast<std::size_t>(n), std::vector<int>(1, 0));
  std::vector<std::vector<double>> value(static_cast<std::size_t>(n), std::vector<double>(1, 0));
  for (int i = 0; i < n; ++i) {
    const double y = data.label(static_cast<std::size_t>(i)) == 1 ? 1.0 : -1.0;
    auto& row_index = index[static_cast<std::size_t>(i)];
    auto& row_value = value[static_cast<std::size_t>(i)];
    const double* row = data.row(static_cast<std::size_t>(i));
    for (std::size_t j = 0; j < lp_column.size(); ++j) {
      const double v = row[j] * scale[j];
      if (v == 0.0) continue;
      row_index.push_back(lp_column[j]);
      row_value.push_back(y * v);
    }
    row_index.push_back(used + 1);
    row_value.push_back(-1.0);
  }
  LpInput in{n,
             used,
             &index,
             &value,
             static_cast<int>(std::clamp(max_seconds, 0.001, 1e6) * 1000.0),
             glpk_iteration_limit(max_work, static_cast<std::size_t>(n),
                                  static_cast<std::size_t>(used) + 1)};
  LpResult result;
  std::vector<double> u(static_cast<std::size_t>(used), 0.0);
  glpk_capture_output();
  solve_lp(in, result, u.data());
  out.failure = glpk_solve_problem(result.failed, result.status, result.solution);
  if (!out.failure.empty()) {
    out.timed_out = !result.failed && result.status == GLP_ETMLIM;
    return out;
  }
  Candidate c;
  c.u.assign(static_cast<std::size_t>(d), 0.0);
  for (std::size_t k = 0; k < data_column.size(); ++k) {
    c.u[data_column[k]] = u[k] * scale[data_column[k]];
  }
  c.note = "GLPK simplex, max t s.t. y u.x >= t, |u_j| <= 1";
  for (double s : scale) {
    if (s != 1.0) {
      c.note += "; columns scaled by powers of two";
      break;
    }
  }
  out.candidate = std::move(c);
  return out;
}

}  // namespace plab
