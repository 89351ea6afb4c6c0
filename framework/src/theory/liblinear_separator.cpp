#include <linear.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "theory/child_process.hpp"
#include "theory/fixed_order_blas.hpp"
#include "theory/separator_solvers.hpp"

namespace plab {

namespace {

void silent(const char*) {}

// `squared_hinge`: the squared-hinge SVM instead of the L1-loss one (binary) or Crammer–Singer
// (multi-class), solved in the primal (-s 2, trust-region Newton) from `*warm` when it is not
// empty; `*warm` then receives LIBLINEAR's own solution (scaled columns, its class order), the
// start for the next C of a path.
SolverOutcome train_here(const Dataset& data, double c, double tolerance, bool squared_hinge,
                         std::vector<double>* warm = nullptr) {
  SolverOutcome outcome;
  set_print_string_function(&silent);  // before anything LIBLINEAR might print
  const std::size_t n = data.rows();
  const std::size_t d = data.cols();
  const bool multiclass = data.task() == TaskKind::kMulticlass;
  // LIBLINEAR reads sparse rows natively: only stored, non-zero entries become nodes, from
  // either storage (the same nodes for the same data).
  std::vector<feature_node> nodes;
  std::vector<std::size_t> start(n);
  // Its dual solver divides by ‖x̃ᵢ‖²: values near the double range are scaled first.
  const std::vector<double> scale = column_scales(data);
  // LIBLINEAR sees only the non-empty columns, in their order: an empty column's weight
  // stays 0 in every solver and every sum over w adds only its +0, so the solution is the
  // same to the bit, while the primal solver's work per step no longer grows with a width
  // that the rows do not use (non_empty_columns).
  const NonEmptyColumns columns = non_empty_columns(data, scale);
  const std::vector<int>& node_column = columns.number;
  const std::vector<std::size_t>& data_column = columns.column;
  const auto for_each_value = [&](std::size_t i, auto&& f) {
    const RowView x = data.row_view(i);
    if (x.is_sparse()) {
      for (std::size_t k = 0; k < x.sparse.count; ++k) f(x.sparse.index[k], x.sparse.value[k]);
    } else {
      for (std::size_t j = 0; j < d; ++j) f(j, x.dense[j]);
    }
  };
  const std::size_t used = data_column.size();
  bool finite = true;
  for (std::size_t i = 0; i < n; ++i) {
    start[i] = nodes.size();
    for_each_value(i, [&](std::size_t j, double value) {
      const double v = value * scale[j];
      finite = finite && std::isfinite(v);
      if (v != 0.0) nodes.push_back({node_column[j], v});
    });
    if (!finite) {
      outcome.failure = "a value is not finite";
      return outcome;
    }
    nodes.push_back({-1, 0.0});
  }
  std::vector<feature_node*> rows(n);
  std::vector<double> labels(n);
  for (std::size_t i = 0; i < n; ++i) {
    rows[i] = &nodes[start[i]];
    labels[i] = multiclass ? static_cast<double>(data.label(i)) : (data.label(i) == 1 ? 1.0 : -1.0);
  }
  problem prob{};
  prob.l = static_cast<int>(n);
  prob.n = static_cast<int>(used);
  prob.y = labels.data();
  prob.x = rows.data();
  prob.bias = -1;  // the constant column is already in the data, regularised like the rest
  parameter param{};
  // Multi-class squared hinge: LIBLINEAR's one-vs-rest, one row per class (any V is a
  // candidate for the hinge bounds; Crammer–Singer's dual is slow at large C on data that is
  // not separable). The primal solver, not the dual (-s 1): the dual stops at its 1,000
  // passes at large C on data that is not separable (3 ms a C on Iris, short of the optimum),
  // the primal converges in a few Newton steps and can start from the previous C's solution.
  param.solver_type =
      squared_hinge ? L2R_L2LOSS_SVC : (multiclass ? MCSVM_CS : L2R_L1LOSS_SVC_DUAL);
  param.eps = tolerance;
  param.C = c;
  if (squared_hinge && warm != nullptr && !warm->empty()) param.init_sol = warm->data();
  if (const char* problem = check_parameter(&prob, &param); problem != nullptr) {
    outcome.failure = std::string("LIBLINEAR refused its parameters: ") + problem;
    return outcome;
  }
  model* m = train(&prob, &param);
  if (m == nullptr) {
    outcome.failure = "LIBLINEAR returned no model";
    return outcome;
  }
  if (warm != nullptr) {
    const std::size_t rows_of_w = m->nr_class == 2 ? 1 : static_cast<std::size_t>(m->nr_class);
    warm->assign(m->w, m->w + rows_of_w * used);
  }
  // LIBLINEAR's weight of non-empty data column j (for class slot `slot` of a multi-class
  // model). An empty column's entries stay +0: a sign flip made them −0 before, which no
  // certified figure reads but which kept the manifest from writing the vector sparse.
  const auto weight = [&](std::size_t j, std::size_t slot, std::size_t slots) {
    return m->w[static_cast<std::size_t>(node_column[j] - 1) * slots + slot];
  };
  Candidate out;
  const std::size_t k = data.class_names().size();
  if (!multiclass) {
    // LIBLINEAR's decision value favours model->label[0]; make it favour +1.
    const double sign = m->label[0] == 1 ? 1.0 : -1.0;
    out.u.assign(d, 0.0);
    for (const std::size_t j : data_column) out.u[j] = sign * weight(j, 0, 1) * scale[j];
  } else {
    const auto nr_class = static_cast<std::size_t>(m->nr_class);
    out.u.assign(k * d, 0.0);
    if (nr_class == 2 && param.solver_type != MCSVM_CS) {
      // One-vs-rest of two classes keeps one vector w for label[0]: rows w/2 and −w/2.
      const auto first = static_cast<std::size_t>(m->label[0]);
      const auto second = static_cast<std::size_t>(m->label[1]);
      for (const std::size_t j : data_column) {
        out.u[first * d + j] = weight(j, 0, 1) * scale[j] / 2.0;
        out.u[second * d + j] = -weight(j, 0, 1) * scale[j] / 2.0;
      }
      free_and_destroy_model(&m);
      outcome.candidate = std::move(out);
      return outcome;
    }
    for (std::size_t slot = 0; slot < nr_class; ++slot) {
      const auto cls = static_cast<std::size_t>(m->label[slot]);
      for (const std::size_t j : data_column) {
        out.u[cls * d + j] = weight(j, slot, nr_class) * scale[j];
      }
    }
  }
  free_and_destroy_model(&m);
  outcome.candidate = std::move(out);
  return outcome;
}

}  // namespace

SolverOutcome liblinear_separator(const Dataset& data, double c, double tolerance,
                                  double max_seconds) {
  // The child sends "C" and the raw doubles of u, or "F" and the failure.
  const ChildOutcome child = run_in_child(
      [&] {
        const SolverOutcome here = train_here(data, c, tolerance, false);
        if (!here.candidate) return "F" + here.failure;
        const auto& u = here.candidate->u;
        return "C" +
               std::string(reinterpret_cast<const char*>(u.data()), u.size() * sizeof(double));
      },
      max_seconds);
  SolverOutcome out;
  out.timed_out = child.timed_out;
  if (!child.bytes || child.bytes->empty()) {
    out.failure = "LIBLINEAR " + (child.bytes ? std::string("sent nothing") : child.failure);
    return out;
  }
  const std::string& bytes = *child.bytes;
  if (bytes[0] == 'F') {
    out.failure = bytes.substr(1);
    return out;
  }
  Candidate candidate;
  candidate.u.resize((bytes.size() - 1) / sizeof(double));
  std::memcpy(candidate.u.data(), bytes.data() + 1, candidate.u.size() * sizeof(double));
  candidate.note = data.task() == TaskKind::kMulticlass ? "liblinear -s 4 (Crammer-Singer)"
                                                        : "liblinear -s 3 (L1-loss SVM dual)";
  out.candidate = std::move(candidate);
  return out;
}

std::vector<std::vector<double>> squared_hinge_path(const Dataset& data,
                                                    const std::vector<double>& cs, double tolerance,
                                                    double max_seconds, bool* timed_out) {
  // The primal solver's sums would otherwise depend on the machine's BLAS: a build in which
  // they do is refused rather than allowed to write machine-dependent records.
  const std::string unbound =
      "LIBLINEAR's BLAS calls do not reach plab's fixed-order routines "
      "(theory/fixed_order_blas.cpp); this build would write hinge bounds that depend on the "
      "machine's BLAS";
  if (!fixed_order_blas_bound()) throw std::logic_error(unbound);
  // One child for the whole grid; it sends each solution's raw doubles in turn, NaN for a
  // value of C that gave no model (the caller drops non-finite candidates).
  const std::size_t dim =
      data.task() == TaskKind::kMulticlass ? data.cols() * data.class_names().size() : data.cols();
  const ChildOutcome child = run_in_child(
      [&] {
        // Kept for any solver of LIBLINEAR that draws from rand(): the same seed, the same
        // candidates.
        std::srand(1);
        std::string bytes;
        std::vector<double> warm;  // each C starts from the previous one's solution
        for (double c : cs) {
          const std::uint64_t calls = fixed_order_blas_calls();
          const SolverOutcome here = train_here(data, c, tolerance, true, &warm);
          if (here.candidate && fixed_order_blas_calls() == calls) return std::string("U");
          std::vector<double> u(dim, std::nan(""));
          if (here.candidate && here.candidate->u.size() == dim) u = here.candidate->u;
          bytes.append(reinterpret_cast<const char*>(u.data()), dim * sizeof(double));
        }
        return bytes;
      },
      max_seconds);
  std::vector<std::vector<double>> out;
  if (timed_out != nullptr) *timed_out = child.timed_out;
  if (child.bytes && *child.bytes == "U") throw std::logic_error(unbound);
  if (!child.bytes || child.bytes->size() != cs.size() * dim * sizeof(double)) return out;
  for (std::size_t k = 0; k < cs.size(); ++k) {
    std::vector<double> u(dim);
    std::memcpy(u.data(), child.bytes->data() + k * dim * sizeof(double), dim * sizeof(double));
    out.push_back(std::move(u));
  }
  return out;
}

}  // namespace plab
