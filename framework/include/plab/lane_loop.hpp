// The lane loop: K runs of an online learner in one pass over the data, one run per SIMD
// lane, each bit-identical to the same run trained alone (plab/lane_group.hpp). The pass itself
// and its arithmetic are in plab/lane_pass.hpp; this file compiles it for each vector unit,
// picks one at run time and wraps it in a LaneGroup (make_online_lanes).
//
// A lane rule reads the score and the label only:
//   bool   is_mistake(double score, double y) const;
//   double step(double score, double y) const;      // a in w ← w + a·x̃
// A rule that reads the whole Sample (x, w) or keeps state between samples has no lane form.
//
// The width follows the CPU at run time from one portable binary: each width is compiled
// for the widest vector unit that can hold it (target attributes) and picked by
// __builtin_cpu_supports, so the default build needs no -march.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "plab/descriptor.hpp"
#include "plab/lane_group.hpp"
#include "plab/lane_pass.hpp"

namespace plab {

namespace lane_detail {

template <class Rule>
using PassFunction = void(const TrainingSet&, double*, const Rule&, const std::uint32_t* const*,
                          const std::uint8_t*, std::uint64_t*, double*, const double*);
// A pass over the double rows, one over the float rows, one over sparse rows.
template <class Rule>
struct Passes {
  PassFunction<Rule>* rows64;
  PassFunction<Rule>* rows32;
  PassFunction<Rule>* sparse;
};

// The same pass compiled for three vector units; `flatten` inlines the rule into each.
template <std::size_t V, std::size_t G, class X, bool kSparse, class Rule>
[[gnu::flatten]] void pass_portable(const TrainingSet& data, double* w, const Rule& rule,
                                    const std::uint32_t* const* orders, const std::uint8_t* active,
                                    std::uint64_t* updates, double* sums, const double* visits) {
  pass<V, G, X, kSparse>(data, w, rule, orders, active, updates, sums, visits);
}
#if defined(__x86_64__)
template <std::size_t V, std::size_t G, class X, bool kSparse, class Rule>
[[gnu::flatten, gnu::target("avx2")]] void pass_avx2(
    const TrainingSet& data, double* w, const Rule& rule, const std::uint32_t* const* orders,
    const std::uint8_t* active, std::uint64_t* updates, double* sums, const double* visits) {
  pass<V, G, X, kSparse>(data, w, rule, orders, active, updates, sums, visits);
}
template <std::size_t V, std::size_t G, class X, bool kSparse, class Rule, std::size_t kCols = 0>
[[gnu::flatten, gnu::target("avx512f")]] void pass_avx512(
    const TrainingSet& data, double* w, const Rule& rule, const std::uint32_t* const* orders,
    const std::uint8_t* active, std::uint64_t* updates, double* sums, const double* visits) {
  pass<V, G, X, kSparse, Rule, kCols>(data, w, rule, orders, active, updates, sums, visits);
}
#endif

// Data sets of kMinHeldCols to kMaxHeldCols columns (bias included: 2-D toys, Iris) get a
// pass compiled for their column count, whose weights stay in vector registers (AVX-512 has
// 32 of them). 1,000 runs of 1,000 epochs on 150 rows of 3, 5 and 8 columns took 8-48 % less
// wall time in 8, 16 and 32 lanes (docs/performance.md). Other passes read W from memory.
inline constexpr std::size_t kMinHeldCols = 2;
inline constexpr std::size_t kMaxHeldCols = 8;

#if defined(__x86_64__)
template <std::size_t V, std::size_t G, class Rule, std::size_t... Extra>
PassFunction<Rule>* pick_held_pass(std::size_t cols, std::index_sequence<Extra...>) {
  PassFunction<Rule>* found = nullptr;
  ((cols == kMinHeldCols + Extra
        ? (found = &pass_avx512<V, G, double, false, Rule, kMinHeldCols + Extra>)
        : nullptr),
   ...);
  return found;
}
#endif

// The best compiled pass for K lanes on this CPU: vectors as wide as the CPU has (at most
// K), as many of them as K needs; `cols` picks a pass with the weights in registers.
template <std::size_t K, class X, bool kSparse, class Rule>
PassFunction<Rule>* pick_pass(std::size_t cols) {
#if defined(__x86_64__)
  if constexpr (K >= 8) {
    if (__builtin_cpu_supports("avx512f")) {
      if constexpr (std::is_same_v<X, double> && !kSparse) {
        constexpr auto kHeld = std::make_index_sequence<kMaxHeldCols - kMinHeldCols + 1>{};
        if (auto* held = pick_held_pass<8, K / 8, Rule>(cols, kHeld)) return held;
      }
      return &pass_avx512<8, K / 8, X, kSparse, Rule>;
    }
  }
  if constexpr (K >= 4) {
    if (__builtin_cpu_supports("avx2")) return &pass_avx2<4, K / 4, X, kSparse, Rule>;
  }
#endif
  return &pass_portable<2, K / 2, X, kSparse, Rule>;
}

// A lane's epoch as Learner::train_epoch reports it: every mistake updates, and an epoch
// without one has converged.
inline EpochOutcome epoch_of_updates(std::uint64_t updates) {
  EpochOutcome out;
  out.mistakes = updates;
  out.updates = updates;
  out.converged = updates == 0;
  return out;
}

template <std::size_t K, class Rule>
class OnlineLanes final : public LaneGroup {
 public:
  OnlineLanes(const Rule& rule, std::size_t cols)
      : rule_(rule),
        cols_(cols),
        w_(cols * K, 0.0),
        sums_(kAveragingRule<Rule> ? cols * K : 0, 0.0),
        passes_{pick_pass<K, double, false, Rule>(cols), pick_pass<K, float, false, Rule>(cols),
                pick_pass<K, double, true, Rule>(cols)} {}

  std::size_t width() const override { return K; }

  // A new run in the lane: its initial weights, and no visits yet.
  void set_weights(std::size_t lane, std::span<const double> w) override {
    for (std::size_t j = 0; j < cols_; ++j) w_[j * K + lane] = w[j];
    if constexpr (kAveragingRule<Rule>) {
      for (std::size_t j = 0; j < cols_; ++j) sums_[j * K + lane] = 0.0;
      visits_[lane] = 0;
    }
  }
  void get_weights(std::size_t lane, std::span<double> w) const override {
    for (std::size_t j = 0; j < cols_; ++j) w[j] = w_[j * K + lane];
  }

  void hand_over(std::size_t lane, Learner& learner) const override {
    std::vector<double> w(cols_);
    get_weights(lane, w);
    if constexpr (kAveragingRule<Rule>) {
      std::vector<double> sums(cols_);
      for (std::size_t j = 0; j < cols_; ++j) sums[j] = sums_[j * K + lane];
      rule_.hand_over(learner, w, sums, visits_[lane]);
    } else {
      const std::span<double> into = learner.weights();
      if (into.size() != w.size())
        throw std::logic_error("the learner's weights have another size");
      std::copy(w.begin(), w.end(), into.begin());
    }
  }

  void train_epoch(const TrainingSet& data, const std::uint32_t* const* orders,
                   const std::uint8_t* active, EpochOutcome* outcomes) override {
    // Sparse rows in the shared order only; the engine trains other sparse runs one at a time.
    if (data.sparse() && orders != nullptr) {
      throw std::logic_error("lanes read sparse rows in the shared order only");
    }
    std::uint64_t updates[K] = {};
    double visited[K] = {};
    for (std::size_t k = 0; k < K; ++k) visited[k] = static_cast<double>(visits_[k]);
    PassFunction<Rule>* pass = data.sparse()                ? passes_.sparse
                               : data.features32 != nullptr ? passes_.rows32
                                                            : passes_.rows64;
    pass(data, w_.data(), rule_, orders, active, updates, sums_.data(), visited);
    for (std::size_t k = 0; k < K; ++k) {
      if (active[k] == 0) continue;
      visits_[k] += data.rows;
      outcomes[k] = epoch_of_updates(updates[k]);
    }
  }

 private:
  Rule rule_;
  std::size_t cols_;
  LaneBlock<double> w_;
  LaneBlock<double> sums_;        // averaging rules: Σ visits·y·x̃ per lane, [cols][K]
  std::uint64_t visits_[K] = {};  // samples each lane's run has visited
  Passes<Rule> passes_;
};

}  // namespace lane_detail

namespace lane_detail {

// A group of `width` lanes (0: native_lane_width()) from make(std::integral_constant<size_t,
// K>), the group class compiled for K lanes. Never throws.
template <class Make>
CreateLanesResult lanes_of_width(std::size_t width, const Make& make) noexcept {
  CreateLanesResult result;
  try {
    switch (width == 0 ? native_lane_width() : width) {
      case 2:
        result.group = make(std::integral_constant<std::size_t, 2>{});
        break;
      case 4:
        result.group = make(std::integral_constant<std::size_t, 4>{});
        break;
      case 8:
        result.group = make(std::integral_constant<std::size_t, 8>{});
        break;
      case 16:
        result.group = make(std::integral_constant<std::size_t, 16>{});
        break;
      case 32:
        result.group = make(std::integral_constant<std::size_t, 32>{});
        break;
      default:
        result.error = "lane width " + std::to_string(width) + " is not one of 2, 4, 8, 16, 32";
    }
  } catch (const std::exception& e) {
    result.group = nullptr;
    result.error = e.what();
  }
  return result;
}

}  // namespace lane_detail

// A lane group for `rule` with `width` lanes (0: native_lane_width()), for use in a
// plugin's create_lanes. Never throws.
template <class Rule>
CreateLanesResult make_online_lanes(const Rule& rule, std::size_t cols,
                                    std::size_t width) noexcept {
  return lane_detail::lanes_of_width(width, [&](auto lanes) -> LaneGroup* {
    return new lane_detail::OnlineLanes<decltype(lanes)::value, Rule>(rule, cols);
  });
}

}  // namespace plab
