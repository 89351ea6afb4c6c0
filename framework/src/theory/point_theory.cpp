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
  const bool needs_rows = theory.margin != "none" || need_least_squares;
  if (data.sparse() && needs_rows) {
    if (theory_needs_dense_copy(data)) {
      return compute_point_theory(data.stored_dense(), theory, teacher, need_least_squares,
                                  need_hinge, quantities);
    }
    PointTheory t;
    t.radius = data_radius(data);
    // A teacher or given u is certified on the sparse rows themselves (PointSet reads both
    // storages); the svm methods and the least-squares reference need the dense copy.
    if (theory.margin == "teacher" || theory.margin == "given") {
      OracleRequest request;
      request.kind = theory.margin;
      request.vector = theory.margin == "teacher" ? teacher : theory.u;
      request.budget_seconds = theory.oracle_seconds;
      request.work_budget = theory.oracle_work;
      t.margin = find_margin(data, request);
      return t;
    }
    // svm beyond the dense copy's limit: LIBLINEAR on the sparse rows, certified on them.
    OracleRequest request;
    request.kind = theory.margin;
    request.budget_seconds = theory.oracle_seconds;
    request.work_budget = theory.oracle_work;
    request.dense_methods = false;
    t.margin = find_margin(data, request);
    return t;
  }
  PointTheory t;
  t.radius = data_radius(data);
  OracleRequest request;
  request.kind = theory.margin;
  request.vector = theory.margin == "teacher" ? teacher : theory.u;
  request.budget_seconds = theory.oracle_seconds;
  request.work_budget = theory.oracle_work;
  t.margin = find_margin(data, request);
  // Past separability, once per data set: separable points keep Novikoff's forms only. The
  // path shares the oracle's clock limit (a safety stop; LIBLINEAR's own limits bound it).
  if (need_hinge && request.kind != "none" && !t.margin.separable.value_or(false)) {
    bool clock_stopped = false;
    t.hinge_candidates =
        hinge_candidates(data, theory.oracle_seconds - t.margin.seconds, &clock_stopped);
    if (clock_stopped) {
      t.hinge_candidates.clear();
      t.hinge_candidates_stopped = hinge_clock_reason(theory.oracle_seconds);
    }
  }
  if (request.kind != "none") {
    const QuantityContext context{&data, request.kind, request.vector, theory.oracle_seconds,
                                  theory.oracle_work};
    for (const QuantityRequest& q : quantities) {
      const QuantityUnit* unit = find_quantity_unit(q.key);
      // A form's needs name registered units only (theory/bound_registry.cpp).
      if (unit == nullptr) throw std::logic_error("no quantity unit '" + q.key + "' registered");
      t.quantities[q] = unit->compute(context, q.variant);
    }
  }
  if (need_least_squares && data.task() == TaskKind::kBinary) {
    t.least_squares = solve_least_squares(data);
  }
  return t;
}

}  // namespace plab
