// K runs of a multi-class online learner side by side, one run per SIMD lane
// (plab/lane_group.hpp), each bit-identical to the same run trained alone.
//
// A run has one weight row per class (Learner::weights(): classes × cols, row c is w_c). A
// sample's score of class c is the sequential sum of w_c[j]·x[j] (docs/learners.md,
// "Conventions"), so with K lanes a sample keeps classes × K independent chains of additions
// in flight where a run alone waits on one chain after another. A class rule reads a lane's
// scores and the label only:
//   ClassVerdict judge(const double* scores, std::size_t classes, std::size_t y) const;
//   double step_up() const;    // a in w_y ← w_y + a·x̃ on a mistake
//   double step_down() const;  // b in w_ŷ ← w_ŷ + b·x̃ on a mistake (ŷ ≠ y)
// and must judge exactly as the learner alone does, since the scores are the same bits.
//
// Lane k's weight j of class c sits at w[(c·cols + j)·K + k]. A shared order reads one row for
// all lanes and updates every class row in the lanes that erred with it (a select, as in
// plab/lane_pass.hpp, so no other weight changes, not even the sign of a zero); with per-run
// orders each lane reads its own row and each lane that erred updates its own two rows.
// Sparse rows are read in the shared order only, their stored entries in increasing column
// order, as plab/kernels.hpp sums and updates them for a run alone.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <stdexcept>
#include <vector>

#include "plab/lane_loop.hpp"
#include "plab/lane_vectors.hpp"
#include "plab/prefetch.hpp"

namespace plab {

// A class rule's judgement of one sample: whether it is a mistake, and the class ŷ whose row
// is pushed down then.
struct ClassVerdict {
  bool mistake = false;
  std::size_t predicted = 0;
};

namespace lane_detail {

// One epoch of K = V·G lanes of `classes` rows each over dense rows (shared or per-run
// orders) or sparse rows (shared order). updates[k] counts lane k's updates.
template <std::size_t V, std::size_t G, bool kSparse, class Rule>
[[gnu::always_inline]] inline void class_pass(const TrainingSet& data, std::size_t classes,
                                              double* w, const Rule& rule,
                                              const std::uint32_t* const* orders,
                                              const std::uint8_t* active, std::uint64_t* updates) {
  using Lanes = typename Vectors<V>::Lanes;
  using Bits = typename Vectors<V>::Bits;
  constexpr std::size_t K = V * G;
  const std::size_t d = data.cols;
  const auto at = [&](std::size_t c, std::size_t j, std::size_t g) {
    return w + (c * d + j) * K + g * V;
  };
  // Class c's scores of the K lanes at score[c·K], lane k at score[c·K + k] (doubles, not a
  // vector of Lanes: std::vector does not keep the 64-byte alignment of a vector type).
  std::vector<double> score(classes * K);
  std::vector<double> lane_scores(classes);
  const double* rows[K] = {};
  std::size_t index[K] = {};
  std::size_t truth[K] = {};
  std::size_t predicted[K] = {};
  bool erred[K] = {};
  const bool prefetch = orders != nullptr && rows_worth_prefetching(data, sizeof(double));
  const double up = rule.step_up();
  const double down = rule.step_down();
  // The scores of classes c0 … c0 + kBlock − 1 (those below `classes`) over the entries
  // 0 … count − 1 (column column(e), lane values value(e, g, into)): kBlock·G sums held in
  // registers, each in the sequential order, then stored to `score`.
  constexpr std::size_t kBlock = 4;
  const auto sum_block = [&](std::size_t c0, std::size_t count, const auto& column,
                             const auto& value) {
    Lanes sum[kBlock][G] = {};
    for (std::size_t e = 0; e < count; ++e) {
      const std::size_t j = column(e);
      for (std::size_t g = 0; g < G; ++g) {
        Lanes xj;
        value(e, g, xj);
        for (std::size_t b = 0; b < kBlock; ++b) {
          if (c0 + b >= classes) break;
          Lanes wj;
          std::memcpy(&wj, at(c0 + b, j, g), sizeof wj);
          sum[b][g] += wj * xj;
        }
      }
    }
    for (std::size_t b = 0; b < kBlock && c0 + b < classes; ++b) {
      for (std::size_t g = 0; g < G; ++g)
        std::memcpy(&score[(c0 + b) * K + g * V], &sum[b][g], sizeof(Lanes));
    }
  };
  const auto sum_scores = [&](std::size_t count, const auto& column, const auto& value) {
    for (std::size_t c0 = 0; c0 < classes; c0 += kBlock) sum_block(c0, count, column, value);
  };
  const auto same = [](std::size_t e) { return e; };
  for (std::size_t t = 0; t < data.rows; ++t) {
    SparseRow sparse;
    const double* x = nullptr;  // the shared dense row
    std::size_t count = d;
    if constexpr (kSparse) {
      sparse = data.sparse_row(t);
      count = sparse.count;
      sum_scores(
          count, [&](std::size_t e) -> std::size_t { return sparse.index[e]; },
          [&](std::size_t e, std::size_t /*g*/, Lanes& xj) { splat(sparse.value[e], xj); });
    } else if (orders == nullptr) {
      x = data.row(t);
      sum_scores(d, same, [&](std::size_t j, std::size_t /*g*/, Lanes& xj) { splat(x[j], xj); });
    } else {
      for (std::size_t k = 0; k < K; ++k) {
        index[k] = active[k] != 0 ? orders[k][t] : 0;
        rows[k] = data.row(index[k]);
        if (prefetch && active[k] != 0 && t + 1 < data.rows) {
          prefetch_to_l2(data.row(orders[k][t + 1]), d * sizeof(double));
        }
      }
      sum_scores(d, same, [&](std::size_t j, std::size_t g, Lanes& xj) {
        for (std::size_t v = 0; v < V; ++v) xj[v] = rows[g * V + v][j];
      });
    }
    // Each lane's verdict from its own scores, exactly as the learner alone judges.
    bool any = false;
    for (std::size_t k = 0; k < K; ++k) {
      erred[k] = false;
      if (active[k] == 0) continue;
      for (std::size_t c = 0; c < classes; ++c) lane_scores[c] = score[c * K + k];
      truth[k] = static_cast<std::size_t>(data.label[orders == nullptr ? t : index[k]]);
      const ClassVerdict verdict = rule.judge(lane_scores.data(), classes, truth[k]);
      if (!verdict.mistake) continue;
      if (verdict.predicted == truth[k] || verdict.predicted >= classes) {
        throw std::logic_error("a class rule's mistake names the true class or none");
      }
      erred[k] = true;
      predicted[k] = verdict.predicted;
      ++updates[k];
      any = true;
    }
    if (!any) continue;
    if (orders != nullptr) {
      // Per-run orders: each lane that erred moves its own two rows from its own row.
      for (std::size_t k = 0; k < K; ++k) {
        if (!erred[k]) continue;
        double* wy = w + truth[k] * d * K + k;
        double* wp = w + predicted[k] * d * K + k;
        for (std::size_t j = 0; j < d; ++j) wy[j * K] += up * rows[k][j];
        for (std::size_t j = 0; j < d; ++j) wp[j * K] += down * rows[k][j];
      }
      continue;
    }
    // A shared row: class c's row moves by up·x in the lanes whose true class is c and by
    // down·x in those that predicted c; only vectors holding such a lane are read and written.
    for (std::size_t c = 0; c < classes; ++c) {
      for (std::size_t g = 0; g < G; ++g) {
        Bits raised = {};
        Bits lowered = {};
        for (std::size_t v = 0; v < V; ++v) {
          const std::size_t k = g * V + v;
          raised[v] = erred[k] && truth[k] == c ? -1 : 0;
          lowered[v] = erred[k] && predicted[k] == c ? -1 : 0;
        }
        const Bits moves = raised | lowered;
        if (!any_lane<V>(moves)) continue;
        Lanes up_lanes;
        Lanes down_lanes;
        splat(up, up_lanes);
        splat(down, down_lanes);
        const Lanes step = (Lanes)((raised & (Bits)up_lanes) | (~raised & (Bits)down_lanes));
        for (std::size_t e = 0; e < count; ++e) {
          std::size_t j = e;
          double xe = 0.0;
          if constexpr (kSparse) {
            j = sparse.index[e];
            xe = sparse.value[e];
          } else {
            xe = x[e];
          }
          Lanes wj;
          std::memcpy(&wj, at(c, j, g), sizeof wj);
          const Lanes moved = wj + step * xe;
          const Bits kept = (moves & (Bits)moved) | (~moves & (Bits)wj);
          std::memcpy(at(c, j, g), &kept, sizeof kept);
        }
      }
    }
  }
}

template <class Rule>
using ClassPassFunction = void(const TrainingSet&, std::size_t, double*, const Rule&,
                               const std::uint32_t* const*, const std::uint8_t*, std::uint64_t*);

// The class pass compiled for three vector units, as plab/lane_loop.hpp compiles the binary one.
template <std::size_t V, std::size_t G, bool kSparse, class Rule>
[[gnu::flatten]] void class_pass_portable(const TrainingSet& data, std::size_t classes, double* w,
                                          const Rule& rule, const std::uint32_t* const* orders,
                                          const std::uint8_t* active, std::uint64_t* updates) {
  class_pass<V, G, kSparse>(data, classes, w, rule, orders, active, updates);
}
#if defined(__x86_64__)
template <std::size_t V, std::size_t G, bool kSparse, class Rule>
[[gnu::flatten, gnu::target("avx2")]] void class_pass_avx2(
    const TrainingSet& data, std::size_t classes, double* w, const Rule& rule,
    const std::uint32_t* const* orders, const std::uint8_t* active, std::uint64_t* updates) {
  class_pass<V, G, kSparse>(data, classes, w, rule, orders, active, updates);
}
template <std::size_t V, std::size_t G, bool kSparse, class Rule>
[[gnu::flatten, gnu::target("avx512f")]] void class_pass_avx512(
    const TrainingSet& data, std::size_t classes, double* w, const Rule& rule,
    const std::uint32_t* const* orders, const std::uint8_t* active, std::uint64_t* updates) {
  class_pass<V, G, kSparse>(data, classes, w, rule, orders, active, updates);
}
#endif

template <std::size_t K, bool kSparse, class Rule>
ClassPassFunction<Rule>* pick_class_pass() {
#if defined(__x86_64__)
  if constexpr (K >= 8) {
    if (__builtin_cpu_supports("avx512f")) return &class_pass_avx512<8, K / 8, kSparse, Rule>;
  }
  if constexpr (K >= 4) {
    if (__builtin_cpu_supports("avx2")) return &class_pass_avx2<4, K / 4, kSparse, Rule>;
  }
#endif
  return &class_pass_portable<2, K / 2, kSparse, Rule>;
}

template <std::size_t K, class Rule>
class ClassLanes final : public LaneGroup {
 public:
  ClassLanes(const Rule& rule, std::size_t classes, std::size_t cols)
      : rule_(rule),
        classes_(classes),
        weights_(classes * cols),
        w_(classes * cols * K, 0.0),
        dense_(pick_class_pass<K, false, Rule>()),
        sparse_(pick_class_pass<K, true, Rule>()) {}

  std::size_t width() const override { return K; }

  void set_weights(std::size_t lane, std::span<const double> w) override {
    if (w.size() != weights_) throw std::logic_error("a lane's weights have another size");
    for (std::size_t r = 0; r < weights_; ++r) w_[r * K + lane] = w[r];
  }
  void get_weights(std::size_t lane, std::span<double> w) const override {
    if (w.size() != weights_) throw std::logic_error("a lane's weights have another size");
    for (std::size_t r = 0; r < weights_; ++r) w[r] = w_[r * K + lane];
  }

  void hand_over(std::size_t lane, Learner& learner) const override {
    get_weights(lane, learner.weights());
  }

  void train_epoch(const TrainingSet& data, const std::uint32_t* const* orders,
                   const std::uint8_t* active, EpochOutcome* outcomes) override {
    if (data.sparse() && orders != nullptr) {
      throw std::logic_error("lanes read sparse rows in the shared order only");
    }
    if (data.cols * classes_ != weights_) {
      throw std::logic_error("the lanes were made for another column count");
    }
    std::uint64_t updates[K] = {};
    (data.sparse() ? sparse_ : dense_)(data, classes_, w_.data(), rule_, orders, active, updates);
    for (std::size_t k = 0; k < K; ++k) {
      if (active[k] != 0) outcomes[k] = epoch_of_updates(updates[k]);
    }
  }

 private:
  Rule rule_;
  std::size_t classes_;
  std::size_t weights_;  // classes × cols, a run's weights
  LaneBlock<double> w_;  // [classes · cols][K]
  ClassPassFunction<Rule>* dense_;
  ClassPassFunction<Rule>* sparse_;
};

}  // namespace lane_detail

// A lane group of `width` lanes (0: native_lane_width()) for a multi-class learner whose rule
// is `rule`, for use in a plugin's create_lanes. Never throws.
template <class Rule>
CreateLanesResult make_class_lanes(const Rule& rule, std::size_t classes, std::size_t cols,
                                   std::size_t width) noexcept {
  return lane_detail::lanes_of_width(width, [&](auto lanes) -> LaneGroup* {
    return new lane_detail::ClassLanes<decltype(lanes)::value, Rule>(rule, classes, cols);
  });
}

}  // namespace plab
