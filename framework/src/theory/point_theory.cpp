#include "theory/point_theory.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <span>
#include <stdexcept>

#include "base/number_text.hpp"
#include "theory/bounds.hpp"

namespace plab {

double data_radius(const Dataset& data) {
  // Norms without overflow of the squares (features of 1e200 have a finite R).
  // A sparse row's norm over its stored entries equals the dense row's: every zero adds +0
  // to the sums of squares.
  double max_norm = 0.0;
  for (std::size_t i = 0; i < data.rows(); ++i) {
    const RowView x = data.row_view(i);
    max_norm = std::max(
        max_norm,
        euclidean_norm(x.is_sparse() ? std::span<const double>(x.sparse.value, x.sparse.count)
                                     : std::span<const double>(x.dense, data.cols())));
  }
  // Rounded up: R enters bounds as an upper bound on every ‖x̃ᵢ‖.
  const double u = std::numeric_limits<double>::epsilon() / 2.0;
  return max_norm * (1.0 + (static_cast<double>(data.cols()) + 2.0) * u);
}

bool theory_needs_dense_copy(const Dataset& data) {
  return data.sparse() && theory_too_large(data).empty();
}

std::string theory_too_large(const Dataset& data) {
  if (!data.sparse()) return {};
  const double values = static_cast<double>(data.rows()) * static_cast<double>(data.cols());
  if (values <= static_cast<double>(kTheoryDenseValues)) return {};
  return "the data set is stored sparse and a dense copy would hold " +
         std::to_string(data.rows()) + " x " + std::to_string(data.cols()) +
         " values, more than its limit of " + std::to_string(kTheoryDenseValues) +
         ": only figures certified on the sparse rows are computed";
}

std::string hinge_clock_reason(double oracle_seconds) {
  return "none: the oracle's clock limit of " + number_text(oracle_seconds) +
         " s (theory.oracle_seconds) stopped the squared-hinge path; raise "
         "theory.oracle_seconds";
}

PointTheory compute_point_theory(const Dataset& data, const TheorySpec& theory,
                                 const std::vector<double>& teacher, bool need_least_squares,
                                 bool need_hinge, const std::set<QuantityRequest>& quantities) {
  const bool needs_rows = theory.margin != MarginSource::kNone || need_least_squares;
  if (data.sparse() && needs_rows && theory_needs_dense_copy(data)) {
    return compute_point_theory(data.stored_dense(), theory, teacher, need_least_squares,
                                need_hinge, quantities);
  }
  // A form's needs name registered units only (theory/bound_registry.cpp).
  for (const QuantityRequest& q : quantities) {
    if (find_quantity_unit(q.key) == nullptr) {
      throw std::logic_error("no quantity unit '" + q.key + "' registered");
    }
  }
  QuantityContext context;
  context.data = &data;
  context.margin_kind = theory.margin;
  context.vector = theory.margin == MarginSource::kTeacher ? teacher : theory.u;
  context.budget_seconds = theory.oracle_seconds;
  context.work_budget = theory.oracle_work;
  context.hinge_needed = need_hinge;
  context.requested = &quantities;
  // Each unit decides what this point needs of it: sparse rows beyond the dense copy's limit
  // get only the figures certified on them (R and the oracle's u).
  PointTheory t;
  for (const QuantityUnit* unit : quantity_units()) unit->compute_into(context, t);
  if (need_least_squares && !data.sparse() && data.task() == TaskKind::kBinary) {
    t.least_squares = solve_least_squares(data);
  }
  return t;
}

}  // namespace plab
