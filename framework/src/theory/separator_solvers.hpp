// Candidate separators from well-kept solvers: more than one method, as their results differ
// with the data's scale (docs/bounds.md, "Certificates").
// Each returns a weight vector or nothing; none is trusted: the oracle certifies each one
// by recomputing its margin on the data.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "data/dataset.hpp"

namespace plab {

struct Candidate {
  std::vector<double> u;  // binary: d weights; multi-class: k·d, row c = class c
  std::string note;       // solver status, for the manifest
};

// A solver never aborts the process: errors inside it (GLPK's fatal errors, non-finite
// values) come back as `failure`, a sentence for the manifest's "method failed: ...".
struct SolverOutcome {
  std::optional<Candidate> candidate;
  std::string failure;     // why there is no candidate
  bool timed_out = false;  // it stopped at its time limit
};

// Powers of two (exact to apply and undo) that bring each column's largest |x| into
// [2^-40, 2^40], or 1 for columns already there: solvers square and sum the values, and
// 1e160 squared overflows. u for the scaled data gives uⱼ·scaleⱼ for the original columns.
std::vector<double> column_scales(const Dataset& data);

// The columns that hold a value other than 0 after `scale`, numbered 1, 2, … in column order
// (`number[j]`, 0 for an empty column; `column[k]` is the data column of number k + 1). The
// LP and LIBLINEAR get only these: an empty column's weight meets no constraint, and on a
// sparse set declared far wider than its rows (n_features) the solvers' work would grow
// with the width instead of the data.
struct NonEmptyColumns {
  std::vector<int> number;
  std::vector<std::size_t> column;
};
NonEmptyColumns non_empty_columns(const Dataset& data, const std::vector<double>& scale);

// LIBLINEAR dual coordinate descent (Fan et al. 2008): the L1-loss SVM (-s 3) for binary
// tasks, Crammer–Singer (-s 4) for multi-class, with a large C approximating the hard margin
// and the bias regularised as an ordinary (augmented) coordinate. train() has no time limit,
// so it runs in a child process (child_process.hpp) that is killed after `max_seconds`.
SolverOutcome liblinear_separator(const Dataset& data, double c, double tolerance,
                                  double max_seconds);

// The squared-hinge SVM min ½‖v‖² + C Σᵢ max(0, 1 − yᵢv·x̃ᵢ)² (LIBLINEAR -s 2, its primal
// trust-region Newton solver, each C started from the previous one's solution; multi-class:
// its one-vs-rest, one row per class) for each C of `cs`, in one child process killed after
// `max_seconds`: candidates for the hinge bounds (theory/hinge_bound.hpp). One vector per C (NaN
// where LIBLINEAR gave no model); empty when the child failed or timed out. Throws
// std::logic_error (exit 70) when LIBLINEAR's BLAS calls do not reach plab's fixed-order
// routines (theory/fixed_order_blas.hpp): a broken build, not a property of the data.
// `*timed_out` (if given): the clock, not a failure, left the result empty. LIBLINEAR's own
// iteration limits bound its work, the same on every machine; the clock is a safety stop.
std::vector<std::vector<double>> squared_hinge_path(const Dataset& data,
                                                    const std::vector<double>& cs, double tolerance,
                                                    double max_seconds, bool* timed_out = nullptr);

// GLPK simplex on max t s.t. yᵢ u·x̃ᵢ ≥ t, −1 ≤ uⱼ ≤ 1 (binary only): robust to bad scaling,
// where dual coordinate descent may return no separator at all. At most `max_work`
// multiply-adds' worth of simplex iterations (glpk_iteration_limit); `max_seconds` is a
// safety stop (`timed_out`).
SolverOutcome lp_separator(const Dataset& data, std::uint64_t max_work, double max_seconds);

}  // namespace plab
