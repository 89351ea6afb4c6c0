// The lane loop: K runs of an online learner in one pass over the data, one run per SIMD
// lane, each bit-identical to the same run trained alone (plab/lane_group.hpp).
//
// Lane k's weights are column k of a [cols][K] block. For each sample the K scores are one
// vector: score += W[j]·x[j] from j = 0 upward is, lane by lane, exactly the sequential sum
// of THEORY.md §0 (the build forbids FMA contraction), so each lane's score equals dot()'s.
// The rule then judges each lane's score on its own, and the update W[j] += a·x[j] is made
// for the lanes that erred only (a select, not a multiply by zero, so that no untouched
// weight changes even in the sign of a zero). A shared order reads one row for all lanes;
// per-run orders gather each lane's row.
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

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "plab/descriptor.hpp"
#include "plab/lane_group.hpp"

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

// How many samples ahead a shuffled lane's row is prefetched.
inline constexpr std::size_t kPrefetchAhead = 4;

// One epoch of K lanes (see the top of this file). `updates[k]` counts lane k's updates.
template <std::size_t K, class Rule>
[[gnu::always_inline]] inline void pass(const TrainingSet& data, double* w, const Rule& rule,
                                        const std::uint32_t* const* orders,
                                        const std::uint8_t* active, std::uint64_t* updates) {
  using Lanes = typename Vectors<K>::Lanes;
  using Bits = typename Vectors<K>::Bits;
  const std::size_t n = data.rows;
  const std::size_t d = data.cols;
  const double* rows[K] = {};
  std::size_t index[K] = {};
  for (std::size_t t = 0; t < n; ++t) {
    Lanes score = {};
    if (orders == nullptr) {
      const double* x = data.row(t);
      for (std::size_t j = 0; j < d; ++j) {
        Lanes wj;
        std::memcpy(&wj, w + j * K, sizeof wj);
        score += wj * x[j];
      }
    } else {
      for (std::size_t k = 0; k < K; ++k) {
        index[k] = active[k] != 0 ? orders[k][t] : 0;
        rows[k] = data.row(index[k]);
      }
      // Shuffled rows defeat the hardware prefetcher: ask for each lane's row a few samples
      // ahead, so that K rows are fetched at once instead of waited for one by one.
      if (t + kPrefetchAhead < n) {
        for (std::size_t k = 0; k < K; ++k) {
          if (active[k] == 0) continue;
          const char* ahead =
              reinterpret_cast<const char*>(data.row(orders[k][t + kPrefetchAhead]));
          for (std::size_t byte = 0; byte < d * sizeof(double); byte += 64) {
            __builtin_prefetch(ahead + byte);
          }
        }
      }
      for (std::size_t j = 0; j < d; ++j) {
        Lanes wj;
        Lanes xj;
        std::memcpy(&wj, w + j * K, sizeof wj);
        for (std::size_t k = 0; k < K; ++k) xj[k] = rows[k][j];
        score += wj * xj;
      }
    }
    Lanes step = {};
    Bits erred = {};
    bool any = false;
    for (std::size_t k = 0; k < K; ++k) {
      if (active[k] == 0) continue;
      const double y = data.sign[orders == nullptr ? t : index[k]];
      if (!rule.is_mistake(score[k], y)) continue;
      step[k] = rule.step(score[k], y);
      erred[k] = -1;
      ++updates[k];
      any = true;
    }
    if (!any) continue;
    for (std::size_t j = 0; j < d; ++j) {
      Lanes wj;
      Lanes xj;
      std::memcpy(&wj, w + j * K, sizeof wj);
      if (orders == nullptr) {
        xj = Lanes{} + data.row(t)[j];
      } else {
        for (std::size_t k = 0; k < K; ++k) xj[k] = rows[k][j];
      }
      const Lanes moved = wj + step * xj;
      const Bits kept = (erred & (Bits)moved) | (~erred & (Bits)wj);
      std::memcpy(w + j * K, &kept, sizeof kept);
    }
  }
}

template <std::size_t K, class Rule>
using PassFunction = void(const TrainingSet&, double*, const Rule&, const std::uint32_t* const*,
                          const std::uint8_t*, std::uint64_t*);

// The same pass compiled for three vector units; `flatten` inlines the rule into each.
template <std::size_t K, class Rule>
[[gnu::flatten]] void pass_portable(const TrainingSet& data, double* w, const Rule& rule,
                                    const std::uint32_t* const* orders, const std::uint8_t* active,
                                    std::uint64_t* updates) {
  pass<K>(data, w, rule, orders, active, updates);
}
#if defined(__x86_64__)
template <std::size_t K, class Rule>
[[gnu::flatten, gnu::target("avx2")]] void pass_avx2(const TrainingSet& data, double* w,
                                                     const Rule& rule,
                                                     const std::uint32_t* const* orders,
                                                     const std::uint8_t* active,
                                                     std::uint64_t* updates) {
  pass<K>(data, w, rule, orders, active, updates);
}
template <std::size_t K, class Rule>
[[gnu::flatten, gnu::target("avx512f")]] void pass_avx512(const TrainingSet& data, double* w,
                                                          const Rule& rule,
                                                          const std::uint32_t* const* orders,
                                                          const std::uint8_t* active,
                                                          std::uint64_t* updates) {
  pass<K>(data, w, rule, orders, active, updates);
}
#endif

// The best compiled pass for K lanes on this CPU.
template <std::size_t K, class Rule>
PassFunction<K, Rule>* pick_pass() {
#if defined(__x86_64__)
  if (K >= 8 && __builtin_cpu_supports("avx512f")) return &pass_avx512<K, Rule>;
  if (K >= 4 && __builtin_cpu_supports("avx2")) return &pass_avx2<K, Rule>;
#endif
  return &pass_portable<K, Rule>;
}

template <std::size_t K, class Rule>
class OnlineLanes final : public LaneGroup {
 public:
  OnlineLanes(const Rule& rule, std::size_t cols)
      : rule_(rule), cols_(cols), w_(cols * K, 0.0), pass_(pick_pass<K, Rule>()) {}

  std::size_t width() const override { return K; }

  void set_weights(std::size_t lane, std::span<const double> w) override {
    for (std::size_t j = 0; j < cols_; ++j) w_[j * K + lane] = w[j];
  }
  void get_weights(std::size_t lane, std::span<double> w) const override {
    for (std::size_t j = 0; j < cols_; ++j) w[j] = w_[j * K + lane];
  }

  void train_epoch(const TrainingSet& data, const std::uint32_t* const* orders,
                   const std::uint8_t* active, EpochOutcome* outcomes) override {
    std::uint64_t updates[K] = {};
    pass_(data, w_.data(), rule_, orders, active, updates);
    for (std::size_t k = 0; k < K; ++k) {
      if (active[k] == 0) continue;
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
  PassFunction<K, Rule>* pass_;
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
      default:
        result.error = "lane width " + std::to_string(width) + " is not one of 2, 4, 8";
    }
  } catch (const std::exception& e) {
    result.group = nullptr;
    result.error = e.what();
  }
  return result;
}

}  // namespace plab
