// The margin oracle (docs/bounds.md, "The margin oracle" and "Certificates"): a reference
// separator for a data
// set, with a margin that is proved on the data, not hoped.
//
// "svm" runs several methods (Wolfe's nearest hull point, LIBLINEAR's dual SVM, a GLPK LP)
// and keeps the candidate with the best certified margin; the nearest hull point also gives
// an upper bound on ρ*, so the result is a bracket [rho, rho_upper]. "teacher" and "given"
// certify one vector. A margin is certified by recomputing γ(u) = minᵢ yᵢ u·x̃ᵢ in double and
// subtracting a bound on the rounding error: the printed ρ is ≤ the true margin of u, ≤ ρ*.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "config/config_kinds.hpp"
#include "data/dataset.hpp"
#include "theory/work_limit.hpp"

namespace plab {

struct MethodReport {
  std::string name;
  std::optional<double> rho;        // certified margin of its candidate, if positive
  std::optional<double> rho_upper;  // an upper bound on ρ* it proved, if any
  double seconds = 0.0;
  std::string note;  // solver status, or "method failed: reason" / "skipped: reason"
};

struct MarginCertificate {
  MarginSource oracle = MarginSource::kNone;
  std::optional<bool> separable;    // nullopt: not asked, or undecided
  std::string method;               // the method whose separator is kept
  std::vector<double> reference;    // u (multi-class: k·d, centred rows)
  double reference_norm = 0.0;      // ‖u‖ (Frobenius for multi-class)
  double gamma = 0.0;               // certified functional margin minᵢ yᵢ u·x̃ᵢ (> 0)
  double rho = 0.0;                 // gamma / reference_norm
  std::optional<double> rho_upper;  // ρ* ≤ rho_upper (a hull point's norm)
  // The hull point behind rho_upper: convex weights (point j, λⱼ) over the zⱼ, so that a
  // reader recomputes the bound from the data (hull_point_norm_upper; plab verify).
  std::vector<std::pair<std::size_t, double>> upper_weights;
  std::string reason;  // why there is no margin, when there is none
  // Non-separability certificate (Gordan): convex weights λ with Σ λⱼ zⱼ = 0, checked exactly
  // in rational arithmetic (exact_gordan.hpp); hull_residual is ‖Σ λⱼ zⱼ‖ evaluated in double
  // with the weights rounded to double, as a reader would recompute it.
  std::optional<double> hull_residual;
  std::vector<std::pair<std::size_t, double>> hull_weights;
  std::vector<MethodReport> methods;
  double seconds = 0.0;
};

struct OracleRequest {
  MarginSource kind = MarginSource::kSvm;
  std::vector<double> vector;  // teacher or given u
  // Each method's work budget (theory.oracle_work, multiply-adds; theory/work_limit.hpp):
  // what a method does within it is the same on every machine.
  std::uint64_t work_budget = kDefaultOracleWork;
  // The whole oracle's clock limit (theory.oracle_seconds), a safety stop: a method is not
  // started once it is spent, and every method stops at it (LIBLINEAR by being killed in its
  // child process). Where it stops anything, the point is undecided, whatever a method had
  // found: the answer would depend on the machine's speed.
  double budget_seconds = 60.0;
  // The nearest hull point and the LP hold dense vectors of the data's width (and the hull
  // search a dense active set): off for sparse sets too large for that, leaving LIBLINEAR,
  // which reads sparse rows natively, and the certificate, computed on the rows themselves.
  bool dense_methods = true;
};

// ρ* ≤ the returned value, for the hull point p = Σ λⱼ zⱼ / Σ λⱼ of `weights` (point j of
// the data's {yᵢx̃ᵢ}, or its Kesler points for multi-class, λⱼ): ‖p‖ computed in double and
// rounded up by the error of forming it, as the oracle computes rho_upper. nullopt if a
// weight is negative or not finite, an index is past the points, the weights sum to no
// positive number, or the norm overflows.
std::optional<double> hull_point_norm_upper(
    const Dataset& data, const std::vector<std::pair<std::size_t, double>>& weights);

// ‖Σ λⱼ zⱼ‖ evaluated in double, not rounded: a non-separability certificate's
// `hull_residual`, as the oracle computes it (plab verify recomputes it).
double certificate_residual(const Dataset& data,
                            const std::vector<std::pair<std::size_t, double>>& weights);

// Progress lines on stderr for methods that take over a second (on by default; the CLI
// turns them off for --quiet).
void set_oracle_progress(bool enabled);

MarginCertificate find_margin(const Dataset& data, const OracleRequest& request);

// Multi-class margins depend only on differences of rows: centring the rows of u (k·d) keeps
// every difference and shrinks ‖U‖_F. Nothing for binary data.
void centre_rows(const Dataset& data, std::vector<double>& u);

// ‖v‖ computed in double and rounded up by its error bound (scaled by a power of two where
// the squares would over- or underflow): never below the true norm.
double norm_upper(const std::vector<double>& v);

// Certifies one candidate: the margin it provably has on `data` (nullopt if not positive).
struct CertifiedMargin {
  double gamma = 0.0;
  double norm = 0.0;
  double rho = 0.0;
};
// With a `limit`, nullopt also when it is reached first (the clock or a signal; see
// WorkLimit::stop): one pass over n·(k−1) Kesler points can take long.
std::optional<CertifiedMargin> certify_separator(const Dataset& data, std::vector<double>& u,
                                                 WorkLimit* limit = nullptr);

}  // namespace plab
