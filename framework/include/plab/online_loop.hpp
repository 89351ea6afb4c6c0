// The hot loops of binary online learners, written once and inlined into each plugin.
//
// A learner supplies a small rule object (mlpack-style policy) and calls online_epoch /
// online_step from its Learner overrides. The rule says, per sample, either from the score
// and label alone or from the whole Sample (x, y, score, w, below):
//   bool   is_mistake(double score, double y);   or  is_mistake(const Sample&);
//   double step(double score, double y);         or  step(const Sample&);   // a in w ← w + a·x̃
//   void   on_correct(const Sample&);            // optional: a visited sample, no update
// Which form a rule wrote is read at compile time, and the template expands into a plain
// loop over the data in the plugin's own code: no virtual call per sample, and a rule that
// ignores x and w compiles to the same loop as before the Sample existed (the Sample is
// made of values the loop holds anyway, so an unused one costs nothing).
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>
#include <vector>

#include "plab/certified_sign_dot.hpp"
#include "plab/kernels.hpp"
#include "plab/learner.hpp"
#include "plab/mistake_choice.hpp"
#include "plab/params.hpp"
#include "plab/prefetch.hpp"
#include "plab/training_set.hpp"

namespace plab {

// The sample a rule is asked about: everything a step may depend on.
// `x` is the dense row, nullptr on sparse data; `row` is the row in either storage, for the
// kernels of plab/kernels.hpp (a rule that reads the row through `row` runs on both).
struct Sample {
  const TrainingSet& data;
  std::size_t index;  // its row in `data`
  const double* x;    // data.row(index): cols() values, x[0] = 1 when augmented; dense only
  double y;           // its label, −1 or +1
  double score;       // w·x̃, summed in the learner's `dot` order
  const double* w;    // the weights before this sample's update, cols() values
  RowView row;        // data.row_view(index)
  std::size_t cols() const { return data.cols; }
};

namespace detail {

// Row access compiled for one storage: a dense row is a pointer, a sparse one a SparseRow;
// the kernels are overloaded on both, so a loop body is written once.
struct DenseRows {
  static const double* get(const TrainingSet& data, std::size_t i) { return data.row(i); }
  static RowView view(const double* x) { return {x, {}}; }
  static const double* dense(const double* x) { return x; }
};
struct SparseRows {
  static SparseRow get(const TrainingSet& data, std::size_t i) { return data.sparse_row(i); }
  static RowView view(SparseRow x) { return {nullptr, x}; }
  static const double* dense(SparseRow /*x*/) { return nullptr; }
};

// Calls f(DenseRows{}) or f(SparseRows{}) by the data's storage.
template <class F>
decltype(auto) with_rows(const TrainingSet& data, F&& f) {
  if (data.sparse()) return f(SparseRows{});
  return f(DenseRows{});
}

// The kernels' rows of an epoch: `Element` is double (DenseRows/SparseRows as above) or float
// for `precision: "float32"` data (TrainingSet::features32, the same values, dense only). The
// Sample's x and row stay the double row, for rules that read them.
template <class Rows>
struct EpochRows {
  static constexpr std::size_t kValueBytes = sizeof(double);
  static auto get(const TrainingSet& data, std::size_t i) { return Rows::get(data, i); }
  [[gnu::always_inline]] static void prefetch(const TrainingSet& data, std::size_t i) {
    prefetch_row(data, i);
  }
  template <class X>
  static const double* dense(const TrainingSet& /*data*/, std::size_t /*i*/, X x) {
    return Rows::dense(x);
  }
  template <class X>
  static RowView view(const TrainingSet& /*data*/, std::size_t /*i*/, X x) {
    return Rows::view(x);
  }
};
struct Float32Rows {
  static constexpr std::size_t kValueBytes = sizeof(float);
  static const float* get(const TrainingSet& data, std::size_t i) { return data.row32(i); }
  [[gnu::always_inline]] static void prefetch(const TrainingSet& data, std::size_t i) {
    prefetch_to_l2(data.row32(i), data.cols * sizeof(float));
  }
  static const double* dense(const TrainingSet& data, std::size_t i, const float* /*x*/) {
    return data.row(i);
  }
  static RowView view(const TrainingSet& data, std::size_t i, const float* /*x*/) {
    return {data.row(i), {}};
  }
};

// with_rows for an epoch: the float rows when the data has them and the sum is the
// sequential one or its certified sign (dot_blocked reads doubles only).
template <class Dot, class F>
decltype(auto) with_epoch_rows(const TrainingSet& data, F&& f) {
  if constexpr (std::is_same_v<Dot, SequentialDot> || std::is_same_v<Dot, CertifiedSignDot>) {
    if (data.features32 != nullptr) return f(Float32Rows{});
  }
  if (data.sparse()) return f(EpochRows<SparseRows>{});
  return f(EpochRows<DenseRows>{});
}

template <class Rule>
bool rule_is_mistake(Rule& rule, const Sample& s) {
  if constexpr (requires { rule.is_mistake(s); }) {
    return rule.is_mistake(s);
  } else {
    return rule.is_mistake(s.score, s.y);
  }
}

// The same, making the Sample only for a rule that reads it (the scan of a mistake-driven
// step then compiles as it did before rules could see the sample).
template <class Rule>
bool rule_is_mistake(Rule& rule, const TrainingSet& data, std::size_t i, const double* x, double y,
                     double score, const double* w, RowView row) {
  if constexpr (requires(const Sample& s) { rule.is_mistake(s); }) {
    return rule.is_mistake(Sample{data, i, x, y, score, w, row});
  } else {
    return rule.is_mistake(score, y);
  }
}

template <class Rule>
double rule_step(Rule& rule, const Sample& s) {
  if constexpr (requires { rule.step(s); }) {
    return rule.step(s);
  } else {
    return rule.step(s.score, s.y);
  }
}

template <class Rule>
void rule_on_correct(Rule& rule, const Sample& s) {
  if constexpr (requires { rule.on_correct(s); }) rule.on_correct(s);
}

// kPrefetch: ask for the rows kPrefetchAhead samples ahead (a shuffled order, rows beyond L2).
template <class Dot, class Rows, bool kPrefetch, class Rule, class RowOf>
EpochOutcome online_pass(const TrainingSet& data, double* w, Rule& rule, UpdateObserver* observer,
                         RowOf row_of) {
  const std::size_t n = data.rows;
  const std::size_t d = data.cols;
  std::uint64_t updates = 0;
  for (std::size_t t = 0; t < n; ++t) {
    const std::size_t i = row_of(t);
    if constexpr (kPrefetch) {
      if (t + kPrefetchAhead < n) Rows::prefetch(data, row_of(t + kPrefetchAhead));
    }
    const auto x = Rows::get(data, i);
    const double* dense = Rows::dense(data, i, x);
    const Sample s{data, i, dense, data.sign[i], Dot::apply(w, x, d), w, Rows::view(data, i, x)};
    if (rule_is_mistake(rule, s)) {
      add_scaled(w, rule_step(rule, s), x, d);
      ++updates;
      if (observer != nullptr) observer->on_update(i, std::span<const double>(w, d));
    } else {
      rule_on_correct(rule, s);
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
// order of the scores (kernels.hpp): SequentialDot (docs/learners.md, "Conventions") or BlockedDot,
// or CertifiedSignDot (certified_sign_dot.hpp) for a rule that reads only the score's sign. The
// rule may keep state (it is taken by reference when given as an lvalue).
template <class Rule, class Dot = SequentialDot>
EpochOutcome online_epoch(const TrainingSet& data, const std::uint32_t* order, double* w,
                          Rule&& rule, UpdateObserver* observer, Dot = {}) {
  return detail::with_epoch_rows<Dot>(data, [&](auto rows) {
    using Rows = decltype(rows);
    if (order == nullptr) {
      return detail::online_pass<Dot, Rows, false>(data, w, rule, observer,
                                                   [](std::size_t t) { return t; });
    }
    const auto in_order = [order](std::size_t t) { return std::size_t{order[t]}; };
    if (rows_worth_prefetching(data, Rows::kValueBytes)) {
      return detail::online_pass<Dot, Rows, true>(data, w, rule, observer, in_order);
    }
    return detail::online_pass<Dot, Rows, false>(data, w, rule, observer, in_order);
  });
}

namespace detail {

template <class Dot, class Rows, class Rule>
StepOutcome online_step_in(const TrainingSet& data, MistakePick pick, double uniform, double* w,
                           Rule& rule, UpdateObserver* observer,
                           std::vector<std::uint32_t>& scratch) {
  const std::size_t d = data.cols;
  StepOutcome out;
  MistakeChoice choice(scratch);
  for (std::size_t i = 0; i < data.rows; ++i) {
    const auto x = Rows::get(data, i);
    const double score = Dot::apply(w, x, d);
    const double y = data.sign[i];
    if (!detail::rule_is_mistake(rule, data, i, Rows::dense(x), y, score, w, Rows::view(x)))
      continue;
    choice.offer(i, y * score);
  }
  if (choice.empty()) return out;
  out.sample = choice.pick(pick, uniform);
  const auto x = Rows::get(data, out.sample);
  const Sample s{data, out.sample,   Rows::dense(x), data.sign[out.sample], Dot::apply(w, x, d),
                 w,    Rows::view(x)};
  add_scaled(w, detail::rule_step(rule, s), x, d);
  out.updated = true;
  if (observer != nullptr) observer->on_update(out.sample, std::span<const double>(w, d));
  return out;
}

}  // namespace detail

// One step of a mistake-driven order (random_mistake, worst_mistake: docs/learners.md,
// "Orders").
// `scratch` is reused between steps to hold the indices of misclassified samples. A step
// scans the data, it does not visit it: on_correct is not called here.
template <class Rule, class Dot = SequentialDot>
StepOutcome online_step(const TrainingSet& data, MistakePick pick, double uniform, double* w,
                        Rule&& rule, UpdateObserver* observer, std::vector<std::uint32_t>& scratch,
                        Dot = {}) {
  return detail::with_rows(data, [&](auto rows) {
    return detail::online_step_in<Dot, decltype(rows)>(data, pick, uniform, w, rule, observer,
                                                       scratch);
  });
}

// The two tie conventions for binary learners (docs/learners.md, "Conventions").
struct TieMistake {  // `tie: "mistake"`: y·(w·x̃) ≤ 0 is a mistake, a zero score included
  // Written as !(y·s > 0) so a NaN score (overflowed dot product) is a mistake, never correct.
  static bool is_mistake(double score, double y) { return !(y * score > 0.0); }
  // The same test on K lanes at once (plab/lane_loop.hpp): −1 in each lane that erred.
  // (Vectors pass by reference: a wide vector by value would change with the target ISA.)
  template <class Lanes, class Bits>
  static void lane_mistakes(const Lanes& score, const Lanes& y, Bits& erred) {
    erred = ~(y * score > Lanes{});
  }
};
struct TiePositive {  // `tie: "positive"`: predict +1 iff w·x̃ ≥ 0, update when wrong
  // A NaN score predicts nothing: it is a mistake whatever the label.
  static bool is_mistake(double score, double y) {
    return std::isnan(score) || (score >= 0.0) != (y > 0.0);
  }
  template <class Lanes, class Bits>
  static void lane_mistakes(const Lanes& score, const Lanes& y, Bits& erred) {
    // Named masks, not one expression: GCC 12 fails on the inline XOR of two comparisons
    // when the pass is unrolled over a constant number of columns.
    const Bits nan = score != score;
    const Bits predicts_positive = score >= Lanes{};
    const Bits is_positive = y > Lanes{};
    erred = nan | (predicts_positive != is_positive);
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
  return detail::with_rows(data, [&](auto rows) {
    using Rows = decltype(rows);
    std::size_t errors = 0;
    for (std::size_t i = 0; i < data.rows; ++i) {
      errors += Tie::is_mistake(Dot::apply(w, Rows::get(data, i), data.cols), data.sign[i]) ? 1 : 0;
    }
    return errors;
  });
}

// The `dot` param of learners that offer both summation orders.
inline constexpr ParamSpec kDotParam = ParamSpec::choice(
    "dot", "sequential", "sequential|blocked",
    "summation order of w . x~: \"sequential\" (default; j = 0 upward, docs/reproducibility.md, "
    "equal to a "
    "equal to a plain reference implementation, and the order repeats train in side by side in "
    "SIMD lanes) "
    "or \"blocked\" (eight fixed partial sums: deterministic, about 1.5x faster for a run alone, "
    "but may round ties differently; no lanes, so its repeats train one at a time)");

// Calls f(SequentialDot{}) or f(BlockedDot{}).
template <class F>
decltype(auto) with_dot(bool blocked, F&& f) {
  if (blocked) return f(BlockedDot{});
  return f(SequentialDot{});
}

// A learner's `tie` and `dot` params as read once: "mistake" and "sequential" for a learner
// that does not declare them (kTieParam, kDotParam).
struct SignConventions {
  explicit SignConventions(const ParamSet& params)
      : tie_positive(params.has("tie") && params.choice("tie") == "positive"),
        blocked_dot(params.has("dot") && params.choice("dot") == "blocked") {}

  // Training errors of sign(w·x̃) under these conventions.
  std::size_t errors(const TrainingSet& data, const double* w) const {
    return with_tie(tie_positive, [&](auto tie) {
      return with_dot(blocked_dot, [&](auto dot) {
        return count_sign_errors<decltype(tie), decltype(dot)>(data, w);
      });
    });
  }

  bool tie_positive;
  bool blocked_dot;
};

}  // namespace plab
