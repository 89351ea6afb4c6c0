// The hinge (Freund–Schapire) mistake bounds past separability (docs/bounds.md, "Past
// separability"): for any v, k ≤ ((B + √(B² + 4E))/2)² with B = √f·R‖v‖ + √T·‖h₁(v)‖,
// E = ‖v‖‖w₀‖/η − v·w₀/η (0 from zero, where the bound is B²), over T epochs of an order
// that shows each sample once per epoch.
//
// The candidates v come from the squared-hinge SVM's regularisation path (LIBLINEAR), once
// per data set; none is trusted: each is certified by recomputing ‖v‖ and ‖h₁(v)‖ on the
// data with their rounding errors bounded above, as the separable margin is certified.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "data/dataset.hpp"
#include "plab/bound.hpp"

namespace plab {

struct HingeCandidate {
  double c = 0.0;              // the SVM's C that produced v
  std::vector<double> v;       // binary: d values; multi-class: k·d, centred rows
  double v_norm = 0.0;         // ≥ ‖v‖ (Frobenius for multi-class)
  double hinge_norm = 0.0;     // ≥ ‖h₁(v)‖ over the data's N samples
  std::vector<double> hinges;  // hᵢ(v) ≥ the true hinge of each sample (not in the manifest)
};

// The C values the oracle trains the squared-hinge SVM for: 10^-2, 10^-1.5, …, 10^2.
const std::vector<double>& hinge_grid();

// v certified on `data`: its norms bounded above. nullopt if v has the wrong size or a
// norm is not finite.
std::optional<HingeCandidate> certify_hinge_candidate(const Dataset& data, double c,
                                                      std::vector<double> v);

// The certified candidates of the grid (LIBLINEAR in a child process, bounded by its own
// iteration limits; stopped after `max_seconds`, a safety stop, and then `*clock_stopped` is
// set when given: no candidates, an outcome that depends on the machine's speed); empty for
// tasks other than binary and multi-class, and for more than 20 classes.
std::vector<HingeCandidate> hinge_candidates(const Dataset& data, double max_seconds,
                                             bool* clock_stopped = nullptr);

// True for the declared forms the hinge bound covers: the perceptron, η-scaled, averaged,
// margin and Kesler perceptrons, and the plain-sum batch perceptron. Not the averaged batch
// step (its count on data that is not separable is the number of epochs), pocket or the
// linear unit.
bool hinge_bound_covers(BoundForm form);

struct HingeBoundInputs {
  BoundDeclaration declared;
  double radius = 0.0;   // R, rounded up
  std::size_t rows = 0;  // n, for the plain-sum batch form's f = n
  const std::vector<HingeCandidate>* candidates = nullptr;
  std::span<const double> initial_weights;
  std::uint64_t epochs = 0;   // T
  std::uint64_t counted = 0;  // the declared count (mistakes or updates)
  // The run shows each sample at most once per epoch (cyclic, shuffle, or a batch learner);
  // not so for the mistake-driven orders, which get no bound.
  bool each_sample_once_per_epoch = false;
};

struct HingeBoundReport {
  std::optional<double> bound;  // nullopt: no candidate or not covered
  std::string kind;             // "hinge_sequence" | "hinge_sequence_init"
  std::size_t candidate = 0;    // index into the candidates of the smallest bound
  double c = 0.0;
  double v_norm = 0.0;
  double hinge_norm = 0.0;
  std::optional<double> ratio;
  std::optional<bool> holds;
};

HingeBoundReport evaluate_hinge_bound(const HingeBoundInputs& in);

// The mistake-round form (docs/bounds.md, "The mistake-round inequality"): with mᵢ the
// updates sample i caused and L = Σ mᵢhᵢ(v), k ≤ ((B + √(B² + 4(L + E)))/2)², B = √f·R‖v‖
// (≤ L + B√L + B² from zero). Any order; not the batch forms (their updates name no sample).
struct MistakeRoundReport {
  std::optional<double> bound;  // nullopt: no candidate, not covered, or counts of another size
  std::string kind;             // "hinge_rounds" | "hinge_rounds_init"
  std::size_t candidate = 0;
  double loss = 0.0;  // L of that candidate, rounded up
  std::optional<double> ratio;
  std::optional<bool> holds;
};

MistakeRoundReport evaluate_mistake_round_bound(const HingeBoundInputs& in,
                                                std::span<const std::uint64_t> sample_counts);

}  // namespace plab
