#include <glpk.h>

#include <cmath>
#include <vector>

#include "theory/separator_solvers.hpp"

namespace plab {

namespace {

int silent(void*, const char*) { return 1; }  // a non-zero return suppresses GLPK's output

}  // namespace

std::optional<Candidate> lp_separator(const Dataset& data, double max_seconds) {
  if (data.task() != TaskKind::kBinary) return std::nullopt;
  const int n = static_cast<int>(data.rows());
  const int d = static_cast<int>(data.cols());
  glp_term_hook(&silent, nullptr);
  glp_prob* lp = glp_create_prob();
  glp_set_obj_dir(lp, GLP_MAX);
  glp_add_cols(lp, d + 1);  // u₁..u_d, then t
  for (int j = 1; j <= d; ++j) glp_set_col_bnds(lp, j, GLP_DB, -1.0, 1.0);
  glp_set_col_bnds(lp, d + 1, GLP_FR, 0.0, 0.0);
  glp_set_obj_coef(lp, d + 1, 1.0);
  glp_add_rows(lp, n);
  std::vector<int> index(static_cast<std::size_t>(d) + 2);
  std::vector<double> value(static_cast<std::size_t>(d) + 2);
  for (int i = 0; i < n; ++i) {
    const double y = data.label(static_cast<std::size_t>(i)) == 1 ? 1.0 : -1.0;
    int count = 0;
    for (int j = 0; j < d; ++j) {
      const double v = data.row(static_cast<std::size_t>(i))[j];
      if (v == 0.0) continue;
      ++count;
      index[static_cast<std::size_t>(count)] = j + 1;
      value[static_cast<std::size_t>(count)] = y * v;
    }
    ++count;
    index[static_cast<std::size_t>(count)] = d + 1;
    value[static_cast<std::size_t>(count)] = -1.0;
    glp_set_mat_row(lp, i + 1, count, index.data(), value.data());
    glp_set_row_bnds(lp, i + 1, GLP_LO, 0.0, 0.0);  // y u·x̃ − t ≥ 0
  }
  glp_smcp options;
  glp_init_smcp(&options);
  options.msg_lev = GLP_MSG_OFF;
  options.presolve = GLP_ON;
  options.tm_lim = static_cast<int>(max_seconds * 1000);
  glp_scale_prob(lp, GLP_SF_AUTO);
  const int status = glp_simplex(lp, &options);
  std::optional<Candidate> out;
  if (status == 0 && glp_get_status(lp) == GLP_OPT) {
    Candidate c;
    c.u.resize(static_cast<std::size_t>(d));
    for (int j = 1; j <= d; ++j) c.u[static_cast<std::size_t>(j - 1)] = glp_get_col_prim(lp, j);
    c.note = "GLPK simplex, max t s.t. y u.x >= t, |u_j| <= 1";
    out = std::move(c);
  }
  glp_delete_prob(lp);
  return out;
}

}  // namespace plab
