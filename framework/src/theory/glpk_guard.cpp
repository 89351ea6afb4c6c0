#include "theory/glpk_guard.hpp"

#include <algorithm>
#include <climits>
#include <cmath>

#include <glpk.h>

#include <csetjmp>

namespace plab {

namespace {

thread_local std::string t_output;

int capture(void*, const char* text) {
  if (t_output.size() < 2000) t_output += text;
  return 1;  // non-zero: GLPK prints nothing itself
}

}  // namespace

glp_prob* glpk_margin_problem(int weights, double lower, double upper, int rows, int extra_rows,
                              const std::vector<std::vector<int>>& index,
                              const std::vector<std::vector<double>>& value) {
  glp_prob* lp = glp_create_prob();
  glp_set_obj_dir(lp, GLP_MAX);
  glp_add_cols(lp, weights + 1);
  for (int j = 1; j <= weights; ++j) {
    glp_set_col_bnds(lp, j, std::isinf(upper) ? GLP_LO : GLP_DB, lower, upper);
  }
  glp_set_col_bnds(lp, weights + 1, GLP_FR, 0.0, 0.0);
  glp_set_obj_coef(lp, weights + 1, 1.0);
  glp_add_rows(lp, rows + extra_rows);
  for (int i = 0; i < rows; ++i) {
    const auto& row_index = index[static_cast<std::size_t>(i)];
    const auto& row_value = value[static_cast<std::size_t>(i)];
    glp_set_mat_row(lp, i + 1, static_cast<int>(row_index.size()) - 1, row_index.data(),
                    row_value.data());
    glp_set_row_bnds(lp, i + 1, GLP_LO, 0.0, 0.0);  // y u·x̃ − t ≥ 0
  }
  return lp;
}

int glpk_simplex(glp_prob* lp, int milliseconds, int iterations, int& solution) {
  glp_smcp options;
  glp_init_smcp(&options);
  options.msg_lev = GLP_MSG_OFF;
  options.presolve = GLP_ON;
  options.tm_lim = milliseconds;
  options.it_lim = iterations;
  glp_scale_prob(lp, GLP_SF_AUTO);
  const int status = glp_simplex(lp, &options);
  solution = glp_get_status(lp);
  return status;
}

int glpk_iteration_limit(std::uint64_t work, std::size_t rows, std::size_t columns) {
  const std::uint64_t per_iteration = std::max<std::uint64_t>(1, std::uint64_t{rows} * columns);
  return static_cast<int>(std::clamp<std::uint64_t>(work / per_iteration, 1, INT_MAX));
}

std::string glpk_solve_problem(bool failed, int status, int solution) {
  if (failed) return "GLPK stopped with an error: " + glpk_error_message(glpk_output());
  if (status == GLP_EITLIM) return "GLPK reached its iteration limit (theory.oracle_work)";
  if (status == GLP_ETMLIM) return "GLPK reached its time limit (theory.oracle_seconds)";
  if (status != 0 || solution != GLP_OPT) {
    return "GLPK found no optimal solution (glp_simplex " + std::to_string(status) + ", status " +
           std::to_string(solution) + ")";
  }
  return "";
}

void glpk_capture_output() {
  t_output.clear();
  glp_term_hook(&capture, nullptr);
}

const std::string& glpk_output() { return t_output; }

void glpk_on_fatal_error(void* jump) {
  glp_free_env();
  std::longjmp(*static_cast<std::jmp_buf*>(jump), 1);
}

std::string glpk_error_message(const std::string& text) {
  std::string message;
  std::size_t begin = 0;
  while (begin < text.size()) {
    std::size_t end = text.find('\n', begin);
    if (end == std::string::npos) end = text.size();
    const std::string line = text.substr(begin, end - begin);
    begin = end + 1;
    if (line.empty() || line.ends_with("...")) continue;
    message += (message.empty() ? "" : "; ") + line;
  }
  return message.empty() ? "no message" : message;
}

}  // namespace plab
