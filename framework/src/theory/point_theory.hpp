// Facts of theory that hold for a whole data set at a sweep point, computed once before the
// runs: the radius R = maxᵢ ‖x̃ᵢ‖ over what the learner sees (docs/learners.md, "Conventions"), the
// certified margin of a reference separator, and the least-squares reference for the linear unit.
#pragma once

#include <optional>
#include <set>

#include "config/experiment_config.hpp"
#include "data/dataset.hpp"
#include "theory/bound_unit.hpp"
#include "theory/hinge_bound.hpp"
#include "theory/least_squares.hpp"
#include "theory/margin_oracle.hpp"

namespace plab {

struct PointTheory {
  double radius = 0.0;
  MarginCertificate margin;
  std::optional<LeastSquaresReference> least_squares;
  // Certified candidates for the hinge bounds (theory/hinge_bound.hpp): only for data the
  // oracle did not certify separable, and only when a learner's form is covered.
  std::vector<HingeCandidate> hinge_candidates;
  // Not empty when the clock (theory.oracle_seconds) stopped the search for them: the one
  // case where their absence depends on the machine's speed (in the manifest).
  std::string hinge_candidates_stopped;
  // The quantity units' figures (theory/bound_unit.hpp): only those a learner's form needs,
  // and none under `theory.margin: "none"`.
  PointQuantities quantities;
};

double data_radius(const Dataset& data);

// hinge_candidates_stopped's sentence.
std::string hinge_clock_reason(double oracle_seconds);

// Theory on sparse data: R is computed from the sparse rows; the oracle's methods
// (nearest hull point, LIBLINEAR, LP, Gordan certificates), the least-squares reference and
// plab verify's rechecks read dense rows, so they run on a dense copy of the data, which
// makes every figure equal to the bit to the same data stored dense. The copy is made only
// up to kTheoryDenseValues values (rows × cols); beyond that a `teacher` or `given` u is
// still certified on the sparse rows (theory/point_set.hpp reads both storages), and `svm`
// runs LIBLINEAR alone, on the sparse rows, and certifies its u on them; the nearest hull
// point, the LP and the least-squares reference are not run (theory_too_large() says why).
inline constexpr std::size_t kTheoryDenseValues = std::size_t{1} << 25;
bool theory_needs_dense_copy(const Dataset& data);  // sparse, within the limit
std::string theory_too_large(const Dataset& data);  // "" when theory can run

// `teacher`: the generator's vector for synthetic data (empty otherwise). `need_hinge`: a
// learner declares a form the hinge bounds cover (hinge_bound_covers). `quantities`: what the
// learners' forms need (BoundUnit::needs).
PointTheory compute_point_theory(const Dataset& data, const TheorySpec& theory,
                                 const std::vector<double>& teacher, bool need_least_squares,
                                 bool need_hinge = false,
                                 const std::set<QuantityRequest>& quantities = {});

}  // namespace plab
