// One epoch of a lane group (plab/lane_loop.hpp): K runs of an online learner in one pass over
// the data, one run per SIMD lane, each bit-identical to the same run trained alone.
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
// Sparse rows (TrainingSet::sparse()) are read in the shared order only: each stored entry
// (j, x_j) adds W[j]·x_j to the K scores and, on an update, W[j] += a·x_j in the lanes that
// erred, exactly the sparse kernels of plab/kernels.hpp lane by lane (so each lane equals the
// run trained alone, which equals the dense run). One cache line of W[j] serves all K lanes,
// which is what makes lanes pay on sparse data: a run alone waits for one scattered weight per
// entry. With per-run orders on sparse data the engine trains each run alone.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

#include "plab/descriptor.hpp"
#include "plab/lane_moving_sets.hpp"
#include "plab/lane_vectors.hpp"
#include "plab/prefetch.hpp"

namespace plab {

namespace lane_detail {

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
  // A shared order reads the rows in file order, and on data beyond L2 the hardware's own
  // prefetch left the sums waiting on them: the row kSharedRowAhead samples ahead is asked
  // for in L1 (docs/performance.md, "Repeats side by side").
  const bool prefetch_shared =
      orders == nullptr && !kSparse && rows_worth_prefetching(data, sizeof(X));
  // The update of a shared dense row is made in the next sample's score pass (or after the
  // last sample): each weight vector is loaded once for both, and the update adds no loop
  // of its own. The same operations on the same values in the same order (the update of
  // sample t, then the score of t + 1), so the same bits; `pending` holds the update's lanes
  // that erred, and `products` its step·x_j (one step for every lane of a shared row: a
  // vector rule's step depends on the label alone). Averaging rules, which also add to their
  // sums with t and the label, and weights held in registers update in their own loop.
  constexpr bool kFused =
      !kSparse && kCols == 0 && kVectorRule<Rule, Lanes, Bits> && !kAveragingRule<Rule>;
  struct Pending {
    bool any = false;
    bool vector[G] = {};  // whether vector g holds a lane that erred
    Bits erred[G] = {};
  } pending;
  // On AVX2 a group of 16 or 32 lanes on 32 columns or more updates in a loop compiled for
  // each set of moving vectors (plab/lane_moving_sets.hpp); on fewer columns it selects in
  // every vector, and groups of two vectors and AVX-512 test each vector before the select.
  constexpr bool kMovingSets = V == 4 && G >= 4 && G % 4 == 0;
  const bool moving_sets = kMovingSets && d >= 32;
  // A shared row's step·x_j, formed once per sample as one scalar a column for all vectors
  // (the same bits as the product in each lane); −step·x_j, exactly, under moving_sets.
  std::vector<double> products(kVectorRule<Rule, Lanes, Bits> ? data.cols : 0);
  // W[j] of vector g after the pending update: w + step·x_j in the lanes that erred. Written
  // as a select of the sum, it compiles on AVX-512 to one merge-masked add whose operand is
  // broadcast from `products` (no scalar product, broadcast or blend a vector), which made
  // 32 lanes' epoch 8 % faster (docs/performance.md, "Repeats side by side").
  const auto apply_pending = [&](std::size_t j, std::size_t g, Lanes& wj) {
    if (moving_sets) {
      Lanes against;
      splat(products[j], against);
      subtract_moves(wj, (Bits)against, pending.erred[g]);
      store_w(j, g, (Bits)wj);
    } else {
      const Lanes kept = pending.erred[g] != 0 ? wj + products[j] : wj;
      store_w(j, g, (Bits)kept);
      wj = kept;
    }
  };
  // A shared float row, widened once per sample for the K lanes' products (the pending
  // update reads `products`, formed from the row before).
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
      if (prefetch_shared && t + kSharedRowAhead < n) {
        prefetch_to_l1(row(t + kSharedRowAhead), d * sizeof(X));
      }
      if constexpr (std::is_same_v<X, double>) {
        x = row(t);
      } else {
        const X* narrow = row(t);
        double* into = widened.data();
        for (std::size_t j = 0; j < d; ++j) into[j] = static_cast<double>(narrow[j]);
        x = into;
      }
      if (kFused && moving_sets && pending.any) {
        if constexpr (kMovingSets) {
          moving_sets_pass<G>(d, x, products.data(), pending.vector, pending.erred, score, load_w,
                              store_w);
        }
        pending.any = false;
      } else if (kFused && pending.any) {
        for (std::size_t j = 0; j < d; ++j) {
          for (std::size_t g = 0; g < G; ++g) {
            Lanes wj;
            load_w(j, g, wj);
            if (kMovingSets || pending.vector[g]) apply_pending(j, g, wj);
            score[g] += wj * x[j];
          }
        }
        pending.any = false;
      } else {
        for (std::size_t j = 0; j < d; ++j) {
          for (std::size_t g = 0; g < G; ++g) {
            Lanes wj;
            load_w(j, g, wj);
            score[g] += wj * x[j];
          }
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
    if constexpr (kFused) {
      if (orders == nullptr) {
        pending = Pending{true, {}, {}};
        const double a = moving_sets ? -step[0][0] : step[0][0];
        for (std::size_t j = 0; j < d; ++j) products[j] = a * x[j];
        for (std::size_t g = 0; g < G; ++g) {
          pending.erred[g] = erred[g];
          pending.vector[g] = any_lane<V>(erred[g]);
        }
        continue;
      }
    }
    // W[j] += step·x_j in the lanes that erred, for the lane values xj of column j.
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
    if (kSparse || orders == nullptr) {
      // A row shared by all lanes (entry e: column column(e), value value(e)). Only the vectors
      // that hold a lane that erred are read and written: the update's stores bind this pass,
      // and a vector whose lanes all judged right would store its weights unchanged. A vector
      // rule's step is one value for every lane of a shared row (it depends on the label
      // alone), so its products step·x_e are formed once per sample for all vectors: the
      // same bits as the product in each lane, fewer multiplications.
      std::size_t count = d;
      if constexpr (kSparse) count = sparse.count;
      const auto column = [&](std::size_t e) -> std::size_t {
        if constexpr (kSparse) {
          return sparse.index[e];
        } else {
          return e;
        }
      };
      const auto value = [&](std::size_t e) {
        if constexpr (kSparse) {
          return sparse.value[e];
        } else {
          return x[e];
        }
      };
      if constexpr (kVectorRule<Rule, Lanes, Bits>) {
        const double a = step[0][0];
        for (std::size_t e = 0; e < count; ++e) products[e] = a * value(e);
      }
      for (std::size_t g = 0; g < G; ++g) {
        if (!any_lane<V>(erred[g])) continue;
        for (std::size_t e = 0; e < count; ++e) {
          Lanes xe;
          splat(value(e), xe);
          if constexpr (kVectorRule<Rule, Lanes, Bits>) {
            Lanes moves;
            splat(products[e], moves);
            update(column(e), g, xe, moves);
          } else {
            update(column(e), g, xe, step[g] * xe);
          }
        }
      }
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
  if (kFused && pending.any) {  // the last sample's update
    for (std::size_t g = 0; g < G; ++g) {
      if (!pending.vector[g]) continue;
      for (std::size_t j = 0; j < d; ++j) {
        Lanes wj;
        load_w(j, g, wj);
        apply_pending(j, g, wj);
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

}  // namespace lane_detail

}  // namespace plab
