#include "theory/point_theory.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <span>

#include "theory/bounds.hpp"

namespace plab {

double data_radius(const Dataset& data) {
  // Norms without overflow of the squares (features of 1e200 have a finite R).
  double max_norm = 0.0;
  for (std::size_t i = 0; i < data.rows(); ++i) {
    max_norm =
        std::max(max_norm, euclidean_norm(std::span<const double>(data.row(i), data.cols())));
  }
  // Rounded up: R enters bounds as an upper bound on every ‖x̃ᵢ‖.
  const double u = std::numeric_limits<double>::epsilon() / 2.0;
  return max_norm * (1.0 + (static_cast<double>(data.cols()) + 2.0) * u);
}

PointTheory compute_point_theory(const Dataset& data, const TheorySpec& theory,
                                 const std::vector<double>& teacher, bool need_least_squares,
                                 bool need_hinge, bool need_l1_plain, bool need_l1_balanced) {
  PointTheory t;
  t.radius = data_radius(data);
  OracleRequest request;
  request.kind = theory.margin;
  request.vector = theory.margin == "teacher" ? teacher : theory.u;
  request.budget_seconds = theory.oracle_seconds;
  t.margin = find_margin(data, request);
  // Past separability, once per data set: separable points keep Novikoff's forms only.
  if (need_hinge && request.kind != "none" && !t.margin.separable.value_or(false)) {
    t.hinge_candidates = hinge_candidates(data, theory.oracle_seconds - t.margin.seconds);
  }
  // Winnow's l1-margin: the LP under "svm"; the teacher's or given vector itself otherwise,
  // as for the linear margin (cheap where the LP over 2d columns is not).
  const auto l1 = [&](bool balanced) {
    return request.kind == "svm" ? find_l1_margin(data, balanced, theory.oracle_seconds)
                                 : certify_given_l1(data, balanced, request.vector, request.kind);
  };
  if (request.kind != "none" && need_l1_plain) t.l1_plain = l1(false);
  if (request.kind != "none" && need_l1_balanced) t.l1_balanced = l1(true);
  if (need_least_squares && data.task() == TaskKind::kBinary) {
    t.least_squares = solve_least_squares(data);
  }
  return t;
}

}  // namespace plab
