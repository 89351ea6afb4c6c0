// The lane loop: K runs of an online learner in one pass over the data, one run per SIMD
// lane, each bit-identical to the same run trained alone (plab/lane_group.hpp).
//
// Lane k's weights are column k of a [cols][K] block. For each sample the K scores are one
// vector: score += W[j]·x[j] from j = 0 upward is, lane by lane, exactly the sequential sum
// of docs/learners.md, "Conventions" (the build forbids FMA contraction), so each lane's score
// equals dot()'s. The rule then judges each lane's score on its own, and the update W[j] += a·x[j]
// is made for the lanes that erred only (a select, not a multiply by zero, so that no untouched
// weight changes even in the sign of a zero). A shared order reads one row for all lanes;
// with per-run orders each lane reads its own row (on AVX-512 eight columns of eight rows
// at a time, transposed in registers), and each lane that erred updates its own weights.
//
// The rows are doubles, or floats for `precision: "float32"` data (TrainingSet::features32):
// the pass is compiled for both, and a float row is widened exactly to doubles as it is
// read (a shared row once per sample, into a small buffer), so both passes compute the same
// sums over the same values; the float pass reads half the bytes.
//
// A lane rule reads the score and the label only:
//   bool   is_mistake(double score, double y) const;
//   double step(double score, double y) const;      // a in w ← w + a·x̃
// A rule that reads the whole Sample (x, w) or keeps state between samples has no lane form.
//
// The width follows the CPU at run time from one portable binary: each width is compiled
// for the widest vector unit that can hold it (target attributes) and picked by
// __builtin_cpu_supports, so the default build needs no -march.
//
// Sparse rows (TrainingSet::sparse()) are read in the shared order only: each stored entry
// (j, x_j) adds W[j]·x_j to the K scores and, on an update, W[j] += a·x_j in the lanes that
// erred, exactly the sparse kernels of plab/kernels.hpp lane by lane (so each lane equals the
// run trained alone, which equals the dense run). One cache line of W[j] serves all K lanes,
// which is what makes lanes pay on sparse data: a run alone waits for one scattered weight per
// entry. With per-run orders on sparse data the engine trains each run alone.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <span>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "plab/descriptor.hpp"
#include "plab/lane_group.hpp"
#include "plab/prefetch.hpp"

namespace plab {

// The widest lane count this CPU runs natively: 8 doubles with AVX-512, 4 with AVX2, else 2.
inline std::size_t native_lane_width() {
#if defined(__x86_64__) || defined(__i386__)
  if (__builtin_cpu_supports("avx512f")) return 8;
  if (__builtin_cpu_supports("avx2")) return 4;
#endif
  return 2;
}

namespace lane_detail {

// The vector types of K lanes: K doubles, and K 64-bit masks of the same size.
template <std::size_t K>
struct Vectors;
template <>
struct Vectors<2> {
  typedef double Lanes __attribute__((vector_size(16)));
  typedef std::int64_t Bits __attribute__((vector_size(16)));
};
template <>
struct Vectors<4> {
  typedef double Lanes __attribute__((vector_size(32)));
  typedef std::int64_t Bits __attribute__((vector_size(32)));
};
template <>
struct Vectors<8> {
  typedef double Lanes __attribute__((vector_size(64)));
  typedef std::int64_t Bits __attribute__((vector_size(64)));
};

// Whether any lane of a mask is set, by halving the vector: log₂K steps, not K extractions.
template <std::size_t K>
[[gnu::always_inline]] inline bool any_lane(const typename Vectors<K>::Bits& mask) {
  if constexpr (K == 2) {
    return (mask[0] | mask[1]) != 0;
  } else {
    typename Vectors<K / 2>::Bits low;
    typename Vectors<K / 2>::Bits high;
    std::memcpy(&low, &mask, sizeof low);
    std::memcpy(&high, reinterpret_cast<const char*>(&mask) + sizeof low, sizeof high);
    const typename Vectors<K / 2>::Bits either = low | high;
    return any_lane<K / 2>(either);
  }
}

// Eight rows' columns j0 … j0 + 7 as eight vectors of eight lanes: out[q][k] = rows[k][j0 + q],
// a float widened exactly. Eight loads and a transpose in registers (24 shuffles) in place of
// 64 one-lane loads, for per-run orders, where every lane reads its own row.
template <class X>
[[gnu::always_inline]] inline void transpose_8x8(const X* const* rows, std::size_t j0,
                                                 typename Vectors<8>::Lanes* out) {
  using L = typename Vectors<8>::Lanes;
  L r[8];
  for (std::size_t k = 0; k < 8; ++k) {
    if constexpr (std::is_same_v<X, double>) {
      std::memcpy(&r[k], rows[k] + j0, sizeof r[k]);
    } else {
      typedef X Narrow __attribute__((vector_size(8 * sizeof(X))));
      Narrow narrow;
      std::memcpy(&narrow, rows[k] + j0, sizeof narrow);
      r[k] = __builtin_convertvector(narrow, L);
    }
  }
  // Pairs of rows interleaved, then pairs of pairs, then halves: the classic 8×8 transpose.
  const L a01 = __builtin_shufflevector(r[0], r[1], 0, 8, 2, 10, 4, 12, 6, 14);
  const L b01 = __builtin_shufflevector(r[0], r[1], 1, 9, 3, 11, 5, 13, 7, 15);
  const L a23 = __builtin_shufflevector(r[2], r[3], 0, 8, 2, 10, 4, 12, 6, 14);
  const L b23 = __builtin_shufflevector(r[2], r[3], 1, 9, 3, 11, 5, 13, 7, 15);
  const L a45 = __builtin_shufflevector(r[4], r[5], 0, 8, 2, 10, 4, 12, 6, 14);
  const L b45 = __builtin_shufflevector(r[4], r[5], 1, 9, 3, 11, 5, 13, 7, 15);
  const L a67 = __builtin_shufflevector(r[6], r[7], 0, 8, 2, 10, 4, 12, 6, 14);
  const L b67 = __builtin_shufflevector(r[6], r[7], 1, 9, 3, 11, 5, 13, 7, 15);
  const L c0 = __builtin_shufflevector(a01, a23, 0, 1, 8, 9, 4, 5, 12, 13);
  const L c2 = __builtin_shufflevector(a01, a23, 2, 3, 10, 11, 6, 7, 14, 15);
  const L c1 = __builtin_shufflevector(b01, b23, 0, 1, 8, 9, 4, 5, 12, 13);
  const L c3 = __builtin_shufflevector(b01, b23, 2, 3, 10, 11, 6, 7, 14, 15);
  const L e0 = __builtin_shufflevector(a45, a67, 0, 1, 8, 9, 4, 5, 12, 13);
  const L e2 = __builtin_shufflevector(a45, a67, 2, 3, 10, 11, 6, 7, 14, 15);
  const L e1 = __builtin_shufflevector(b45, b67, 0, 1, 8, 9, 4, 5, 12, 13);
  const L e3 = __builtin_shufflevector(b45, b67, 2, 3, 10, 11, 6, 7, 14, 15);
  out[0] = __builtin_shufflevector(c0, e0, 0, 1, 2, 3, 8, 9, 10, 11);
  out[4] = __builtin_shufflevector(c0, e0, 4, 5, 6, 7, 12, 13, 14, 15);
  out[1] = __builtin_shufflevector(c1, e1, 0, 1, 2, 3, 8, 9, 10, 11);
  out[5] = __builtin_shufflevector(c1, e1, 4, 5, 6, 7, 12, 13, 14, 15);
  out[2] = __builtin_shufflevector(c2, e2, 0, 1, 2, 3, 8, 9, 10, 11);
  out[6] = __builtin_shufflevector(c2, e2, 4, 5, 6, 7, 12, 13, 14, 15);
  out[3] = __builtin_shufflevector(c3, e3, 0, 1, 2, 3, 8, 9, 10, 11);
  out[7] = __builtin_shufflevector(c3, e3, 4, 5, 6, 7, 12, 13, 14, 15);
}

// A rule that also decides K lanes at once: lane_mistakes(score, y, erred) on vectors (−1 where a
// lane erred, lane by lane what is_mistake says) and a step that depends on the label alone
// (step_for_label(±1), lane by lane what step says for that label).
template <class Rule, class Lanes, class Bits>
concept kVectorRule = requires(const Rule& r, const Lanes& v, Bits& erred) {
  r.lane_mistakes(v, v, erred);
  r.step_for_label(1.0);
};

// A rule that averages (the averaged perceptron): it says so with kAverages, and hands a
// lane's state over to a learner of its plugin with
//   void hand_over(Learner&, span<const double> w, span<const double> sums, uint64 visits);
template <class Rule>
concept kAveragingRule = requires {
  requires Rule::kAverages;
};

// The rows of the element type X: the doubles, or the floats of float32 data.
template <class X>
const X* rows_of(const TrainingSet& data) {
  if constexpr (std::is_same_v<X, float>) {
    return data.features32;
  } else {
    return data.features;
  }
}

// One epoch of K = V·G lanes (see the top of this file): G vectors of V doubles, so that G
// independent chains of additions are in flight at once. Lane k is lane k mod V of vector
// k / V; its weight j sits at w[j·K + k]. `updates[k]` counts lane k's updates. X is the
// type of the rows read (double or float); kSparse reads the sparse rows (shared order).
template <std::size_t V, std::size_t G, class X, bool kSparse, class Rule, std::size_t kCols = 0>
[[gnu::always_inline]] inline void pass(const TrainingSet& data, double* w, const Rule& rule,
                                        const std::uint32_t* const* orders,
                                        const std::uint8_t* active, std::uint64_t* updates,
                                        double* sums, const double* visits) {
  using Lanes = typename Vectors<V>::Lanes;
  using Bits = typename Vectors<V>::Bits;
  constexpr std::size_t K = V * G;
  const std::size_t n = data.rows;
  const std::size_t d = kCols != 0 ? kCols : data.cols;
  const X* block = rows_of<X>(data);
  // With few columns known at compile time the K lanes' weights live in registers for the
  // whole pass (kCols·G vectors), so that a sample's sums and update touch no memory.
  Lanes held[kCols != 0 ? kCols : 1][G];
  if constexpr (kCols != 0) {
    for (std::size_t j = 0; j < kCols; ++j)
      for (std::size_t g = 0; g < G; ++g)
        std::memcpy(&held[j][g], w + j * K + g * V, sizeof(Lanes));
  }
  const auto load_w = [&](std::size_t j, std::size_t g, Lanes& wj) {
    if constexpr (kCols != 0) {
      wj = held[j][g];
    } else {
      std::memcpy(&wj, w + j * K + g * V, sizeof wj);
    }
  };
  const auto store_w = [&](std::size_t j, std::size_t g, const Bits& kept) {
    if constexpr (kCols != 0) {
      held[j][g] = (Lanes)kept;
    } else {
      std::memcpy(w + j * K + g * V, &kept, sizeof kept);
    }
  };
  const auto row = [&](std::size_t i) { return block + i * d; };
  const bool prefetch = orders != nullptr && rows_worth_prefetching(data, sizeof(X));
  // A shared float row, widened once per sample for the K lanes' products.
  std::vector<double> widened(std::is_same_v<X, double> ? 0 : d);
  const X* rows[K] = {};
  std::size_t index[K] = {};
  Bits live[G] = {};  // −1 in the active lanes
  for (std::size_t k = 0; k < K; ++k) live[k / V][k % V] = active[k] != 0 ? -1 : 0;
  Bits counts[G] = {};  // the updates of each lane (erred is −1 where a lane updates)
  Lanes step_plus = {};
  Lanes step_minus = {};
  if constexpr (kVectorRule<Rule, Lanes, Bits>) {
    step_plus += rule.step_for_label(1.0);
    step_minus += rule.step_for_label(-1.0);
  }
  // An averaging rule also keeps, per lane, Σ (visits before the update)·y·x̃ over its
  // updates ([cols][K] at `sums`), the averaged perceptron's correction term; `visits[k]` is
  // lane k's visits before this epoch.
  Lanes visited[G] = {};
  Lanes label[G] = {};
  if constexpr (kAveragingRule<Rule>) {
    for (std::size_t k = 0; k < K; ++k) visited[k / V][k % V] = visits[k];
  }
  // Lane k's value of x[j] (shared order: the one row's; per-lane orders: its own row's).
  const auto lane_x = [&](std::size_t g, std::size_t j, Lanes& xj) {
    for (std::size_t v = 0; v < V; ++v) xj[v] = static_cast<double>(rows[g * V + v][j]);
  };
  for (std::size_t t = 0; t < n; ++t) {
    Lanes score[G] = {};
    const double* x = nullptr;  // the shared row as doubles (shared order only)
    SparseRow sparse;           // the shared sparse row (kSparse)
    if constexpr (kSparse) {
      sparse = data.sparse_row(t);
      for (std::size_t e = 0; e < sparse.count; ++e) {
        const std::size_t j = sparse.index[e];
        for (std::size_t g = 0; g < G; ++g) {
          Lanes wj;
          load_w(j, g, wj);
          score[g] += wj * sparse.value[e];
        }
      }
    } else if (orders == nullptr) {
      if constexpr (std::is_same_v<X, double>) {
        x = row(t);
      } else {
        const X* narrow = row(t);
        for (std::size_t j = 0; j < d; ++j) widened[j] = static_cast<double>(narrow[j]);
        x = widened.data();
      }
      for (std::size_t j = 0; j < d; ++j) {
        for (std::size_t g = 0; g < G; ++g) {
          Lanes wj;
          load_w(j, g, wj);
          score[g] += wj * x[j];
        }
      }
    } else {
      for (std::size_t k = 0; k < K; ++k) {
        index[k] = active[k] != 0 ? orders[k][t] : 0;
        rows[k] = row(index[k]);
      }
      // The next sample's rows into L2 while this sample's are summed (plab/prefetch.hpp).
      if (prefetch && t + 1 < n) {
        for (std::size_t k = 0; k < K; ++k) {
          if (active[k] != 0) prefetch_to_l2(row(orders[k][t + 1]), d * sizeof(X));
        }
      }
      std::size_t j = 0;
      if constexpr (V == 8 && kCols == 0) {
        for (; j + 8 <= d; j += 8) {
          for (std::size_t g = 0; g < G; ++g) {
            Lanes xs[8];
            transpose_8x8(rows + g * V, j, xs);
            for (std::size_t q = 0; q < 8; ++q) {
              Lanes wj;
              load_w(j + q, g, wj);
              score[g] += wj * xs[q];
            }
          }
        }
      }
      for (; j < d; ++j) {
        for (std::size_t g = 0; g < G; ++g) {
          Lanes wj;
          Lanes xj;
          load_w(j, g, wj);
          lane_x(g, j, xj);
          score[g] += wj * xj;
        }
      }
    }
    Lanes step[G];
    Bits erred[G];
    if constexpr (kVectorRule<Rule, Lanes, Bits>) {
      // The whole decision in vector instructions: on noisy data whether a lane errs is a
      // coin toss, and K mispredicted branches a sample would cost more than the sums.
      Bits either = {};
      for (std::size_t g = 0; g < G; ++g) {
        Lanes y;
        if (orders == nullptr) {
          y = Lanes{} + data.sign[t];
        } else {
          for (std::size_t v = 0; v < V; ++v) y[v] = data.sign[index[g * V + v]];
        }
        label[g] = y;
        rule.lane_mistakes(score[g], y, erred[g]);
        erred[g] &= live[g];
        either |= erred[g];
        const Bits positive = y > Lanes{};
        step[g] = (Lanes)((positive & (Bits)step_plus) | (~positive & (Bits)step_minus));
      }
      if (!any_lane<V>(either)) continue;
    } else {
      bool any = false;
      for (std::size_t g = 0; g < G; ++g) {
        step[g] = Lanes{};
        erred[g] = Bits{};
        for (std::size_t v = 0; v < V; ++v) {
          const std::size_t k = g * V + v;
          if (active[k] == 0) continue;
          const double y = data.sign[orders == nullptr ? t : index[k]];
          if (!rule.is_mistake(score[g][v], y)) continue;
          step[g][v] = rule.step(score[g][v], y);
          erred[g][v] = -1;
          any = true;
        }
      }
      if (!any) continue;
    }
    for (std::size_t g = 0; g < G; ++g) counts[g] -= erred[g];
    // W[j] += step·x_j in the lanes that erred, for the lane values xj of column j.
    // `step_xj` is step[g]·xj. In the shared order a vector rule's step is one value for all
    // lanes (it depends on the label alone, and every lane reads the same sample), so the
    // product is formed once a column for all G vectors: the same bits, fewer multiplications.
    const auto update = [&](std::size_t j, std::size_t g, const Lanes& xj, const Lanes& step_xj) {
      Lanes wj;
      load_w(j, g, wj);
      const Lanes moved = wj + step_xj;  // kept only in the lanes that erred
      const Bits kept = (erred[g] & (Bits)moved) | (~erred[g] & (Bits)wj);
      store_w(j, g, kept);
      if constexpr (kAveragingRule<Rule>) {
        // The scalar rule's add_scaled(correction, double(visits)·y, x̃): visits below
        // 2⁵³, so visits + t is exact in double.
        const Lanes scale = (visited[g] + static_cast<double>(t)) * label[g];
        Lanes cj;
        std::memcpy(&cj, sums + j * K + g * V, sizeof cj);
        const Lanes summed = cj + scale * xj;
        const Bits sum_kept = (erred[g] & (Bits)summed) | (~erred[g] & (Bits)cj);
        std::memcpy(sums + j * K + g * V, &sum_kept, sizeof sum_kept);
      }
    };
    // The update for column j of a row shared by all lanes, its value broadcast in xj.
    const auto update_shared = [&](std::size_t j, const Lanes& xj) {
      if constexpr (kVectorRule<Rule, Lanes, Bits>) {
        const Lanes step_xj = step[0] * xj;
        for (std::size_t g = 0; g < G; ++g) update(j, g, xj, step_xj);
      } else {
        for (std::size_t g = 0; g < G; ++g) update(j, g, xj, step[g] * xj);
      }
    };
    if constexpr (kSparse) {
      for (std::size_t e = 0; e < sparse.count; ++e) {
        update_shared(sparse.index[e], Lanes{} + sparse.value[e]);
      }
    } else if (orders == nullptr) {
      for (std::size_t j = 0; j < d; ++j) update_shared(j, Lanes{} + x[j]);
    } else if constexpr (kCols == 0) {
      // Per-run orders: a sample errs in one or two of the K lanes as a rule, so each lane that
      // erred updates its own column of W from its own row, scalar by scalar. These are the
      // vector form's operations lane by lane (w + a·x, s + ((visits + t)·y)·x), so the same
      // bits, without gathering K lanes' values for every column to change one or two.
      for (std::size_t k = 0; k < K; ++k) {
        const std::size_t g = k / V;
        const std::size_t v = k % V;
        if (erred[g][v] == 0) continue;
        const X* xk = rows[k];
        const double a = step[g][v];
        double* wk = w + k;
        for (std::size_t j = 0; j < d; ++j) wk[j * K] += a * static_cast<double>(xk[j]);
        if constexpr (kAveragingRule<Rule>) {
          const double scale = (visited[g][v] + static_cast<double>(t)) * data.sign[index[k]];
          double* sk = sums + k;
          for (std::size_t j = 0; j < d; ++j) sk[j * K] += scale * static_cast<double>(xk[j]);
        }
      }
    } else {
      for (std::size_t j = 0; j < d; ++j) {
        for (std::size_t g = 0; g < G; ++g) {
          Lanes xj;
          lane_x(g, j, xj);
          update(j, g, xj, step[g] * xj);
        }
      }
    }
  }
  for (std::size_t k = 0; k < K; ++k) {
    updates[k] += static_cast<std::uint64_t>(counts[k / V][k % V]);
  }
  if constexpr (kCols != 0) {
    for (std::size_t j = 0; j < kCols; ++j)
      for (std::size_t g = 0; g < G; ++g)
        std::memcpy(w + j * K + g * V, &held[j][g], sizeof(Lanes));
  }
}

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
      outcomes[k] = EpochOutcome{};
      outcomes[k].mistakes = updates[k];
      outcomes[k].updates = updates[k];
      outcomes[k].converged = updates[k] == 0;
    }
  }

 private:
  Rule rule_;
  std::size_t cols_;
  std::vector<double> w_;
  std::vector<double> sums_;      // averaging rules: Σ visits·y·x̃ per lane, [cols][K]
  std::uint64_t visits_[K] = {};  // samples each lane's run has visited
  Passes<Rule> passes_;
};

}  // namespace lane_detail

// A lane group for `rule` with `width` lanes (0: native_lane_width()), for use in a
// plugin's create_lanes. Never throws.
template <class Rule>
CreateLanesResult make_online_lanes(const Rule& rule, std::size_t cols,
                                    std::size_t width) noexcept {
  CreateLanesResult result;
  try {
    switch (width == 0 ? native_lane_width() : width) {
      case 2:
        result.group = new lane_detail::OnlineLanes<2, Rule>(rule, cols);
        break;
      case 4:
        result.group = new lane_detail::OnlineLanes<4, Rule>(rule, cols);
        break;
      case 8:
        result.group = new lane_detail::OnlineLanes<8, Rule>(rule, cols);
        break;
      case 16:
        result.group = new lane_detail::OnlineLanes<16, Rule>(rule, cols);
        break;
      case 32:
        result.group = new lane_detail::OnlineLanes<32, Rule>(rule, cols);
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

}  // namespace plab
