// The hot loops of binary online learners, written once and inlined into each plugin.
//
// A learner supplies a small rule object (mlpack-style policy) with two inline functions:
//   bool   is_mistake(double score, double y) const;   // does this sample trigger an update?
//   double step(double score, double y) const;         // a in w ← w + a·x̃ on an update
// and calls online_epoch / online_step from its Learner overrides. The template expands into
// a plain loop over the data in the plugin's own code: no virtual call per sample.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "plab/kernels.hpp"
#include "plab/learner.hpp"
#include "plab/params.hpp"
#include "plab/training_set.hpp"

namespace plab {

namespace detail {

template <class Dot, class Rule, class RowOf>
EpochOutcome online_pass(const TrainingSet& data, double* w, const Rule& rule,
                         UpdateObserver* observer, RowOf row_of) {
  const std::size_t n = data.rows;
  const std::size_t d = data.cols;
  std::uint64_t updates = 0;
  for (std::size_t t = 0; t < n; ++t) {
    const std::size_t i = row_of(t);
    const double* x = data.row(i);
    const double y = data.sign[i];
    const double score = Dot::apply(w, x, d);
    if (rule.is_mistake(score, y)) {
      add_scaled(w, rule.step(score, y), x, d);
      ++updates;
      if (observer != nullptr) observer->on_update(i, std::span<const double>(w, d));
    }
  }
  EpochOutcome out;
  out.mistakes = updates;
  out.updates = updates;
  out.converged = updates == 0;
  return out;
}

}  // namespace detail

// One epoch in file order (order == nullptr) or in the given order. `Dot` is the summation
// order of the scores (kernels.hpp): SequentialDot (THEORY.md §0) or BlockedDot.
template <class Rule, class Dot = SequentialDot>
EpochOutcome online_epoch(const TrainingSet& data, const std::uint32_t* order, double* w,
                          const Rule& rule, UpdateObserver* observer, Dot = {}) {
  if (order == nullptr) {
    return detail::online_pass<Dot>(data, w, rule, observer, [](std::size_t t) { return t; });
  }
  return detail::online_pass<Dot>(data, w, rule, observer,
                                  [order](std::size_t t) { return std::size_t{order[t]}; });
}

// One step of a mistake-driven order (DESIGN.md: random_mistake, worst_mistake).
// `scratch` is reused between steps to hold the indices of misclassified samples.
template <class Rule, class Dot = SequentialDot>
StepOutcome online_step(const TrainingSet& data, MistakePick pick, double uniform, double* w,
                        const Rule& rule, UpdateObserver* observer,
                        std::vector<std::uint32_t>& scratch, Dot = {}) {
  const std::size_t d = data.cols;
  StepOutcome out;
  scratch.clear();
  double worst_margin = 0.0;
  for (std::size_t i = 0; i < data.rows; ++i) {
    const double score = Dot::apply(w, data.row(i), d);
    const double y = data.sign[i];
    if (!rule.is_mistake(score, y)) continue;
    const double margin = y * score;
    // Strictly smaller keeps the lowest index among equally violated samples.
    if (scratch.empty() || margin < worst_margin) {
      worst_margin = margin;
      out.sample = i;
    }
    scratch.push_back(static_cast<std::uint32_t>(i));
  }
  if (scratch.empty()) return out;
  if (pick == MistakePick::kUniform) {
    std::size_t k = static_cast<std::size_t>(uniform * static_cast<double>(scratch.size()));
    if (k >= scratch.size()) k = scratch.size() - 1;
    out.sample = scratch[k];
  }
  const double* x = data.row(out.sample);
  const double y = data.sign[out.sample];
  add_scaled(w, rule.step(Dot::apply(w, x, d), y), x, d);
  out.updated = true;
  if (observer != nullptr) observer->on_update(out.sample, std::span<const double>(w, d));
  return out;
}

// The two tie conventions of THEORY.md §0 for binary learners.
struct TieMistake {  // `tie: "mistake"`: y·(w·x̃) ≤ 0 is a mistake, a zero score included
  // Written as !(y·s > 0) so a NaN score (overflowed dot product) is a mistake, never correct.
  static bool is_mistake(double score, double y) { return !(y * score > 0.0); }
};
struct TiePositive {  // `tie: "positive"`: predict +1 iff w·x̃ ≥ 0, update when wrong
  // A NaN score predicts nothing: it is a mistake whatever the label.
  static bool is_mistake(double score, double y) {
    return std::isnan(score) || (score >= 0.0) != (y > 0.0);
  }
};

// The `tie` param of binary learners that follow these conventions.
inline constexpr ParamSpec kTieParam = ParamSpec::choice(
    "tie", "mistake", "mistake|positive",
    "\"mistake\": a zero score counts as a mistake (y (w . x~) <= 0); "
    "\"positive\": predict +1 iff w . x~ >= 0 and update when the prediction is wrong");

// Calls f(TieMistake{}) or f(TiePositive{}): a learner picks its tie rule once per epoch,
// and the loop inside f is compiled for that rule alone.
template <class F>
decltype(auto) with_tie(bool tie_positive, F&& f) {
  if (tie_positive) return f(TiePositive{});
  return f(TieMistake{});
}

// Training errors of the linear rule sign(w·x̃) under a tie convention.
template <class Tie, class Dot = SequentialDot>
std::size_t count_sign_errors(const TrainingSet& data, const double* w) {
  std::size_t errors = 0;
  for (std::size_t i = 0; i < data.rows; ++i) {
    errors += Tie::is_mistake(Dot::apply(w, data.row(i), data.cols), data.sign[i]) ? 1 : 0;
  }
  return errors;
}

// The `dot` param of learners that offer both summation orders.
inline constexpr ParamSpec kDotParam = ParamSpec::choice(
    "dot", "sequential", "sequential|blocked",
    "summation order of w . x~: \"sequential\" (default; j = 0 upward, THEORY.md s0, equal to a "
    "plain reference implementation) or \"blocked\" (eight fixed partial sums: "
    "deterministic and about twice as fast, but may round ties differently)");

// Calls f(SequentialDot{}) or f(BlockedDot{}).
template <class F>
decltype(auto) with_dot(bool blocked, F&& f) {
  if (blocked) return f(BlockedDot{});
  return f(SequentialDot{});
}

}  // namespace plab
