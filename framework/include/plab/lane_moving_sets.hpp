// The pending update of the AVX2 lane pass (plab/lane_pass.hpp) in groups of 16 and 32 lanes
// on 32 columns or more: four vectors at a time, in a column loop compiled for each set of
// those four that hold a lane that erred, chosen once a sample. Which vectors move changes
// from sample to sample at random on noisy data: a test a vector a column mispredicted, and
// storing every vector bound the loop on the core's one store a cycle. A moving vector's
// weights become w − (−step·x_j & erred): x − y is x + (−y) in IEEE arithmetic, so a lane
// that erred gets w + step·x_j to the bit, and the others w − (+0.0), which is w for every w,
// −0.0 included; an and and a subtraction cost less than an add and a blend on AVX2
// (measurements in docs/performance.md, "On AVX2"). Internal to the lane loop.
#pragma once

#include <cstddef>
#include <type_traits>
#include <utility>

#include "plab/lane_vectors.hpp"

namespace plab::lane_detail {

// Weights `wj` of a moving vector moved by −step·x_j (`against`, in every lane) where `erred`.
template <class Lanes, class Bits>
[[gnu::always_inline]] inline void subtract_moves(Lanes& wj, const Bits& against,
                                                  const Bits& erred) {
  wj -= (Lanes)(against & erred);
}

// One sample's score pass over d columns of vectors first … first + 3 (bit q of kMoved set where
// vector first + q moves), the pending update made on the way: sums[g] += W[j]·x_j. x_j and
// −step·x_j (`negated[j]`) are broadcast once a column: read through a pointer after a store
// to the weights, which might alias them for all the compiler knows, they were loaded again
// for every vector.
template <unsigned kMoved, class Lanes, class Bits, class First, class Load, class Store>
[[gnu::always_inline]] inline void moving_set_pass(std::size_t d, First first, const double* xs,
                                                   const double* negated, const Bits* erred,
                                                   Lanes* sums, const Load& load_w,
                                                   const Store& store_w) {
#pragma GCC unroll 2
  for (std::size_t j = 0; j < d; ++j) {
    Lanes xj;
    Lanes against;
    splat(xs[j], xj);
    splat(negated[j], against);
    const auto one = [&]<std::size_t q>(std::integral_constant<std::size_t, q>) {
      Lanes wj;
      load_w(j, first + q, wj);
      if constexpr (((kMoved >> q) & 1U) != 0) {
        subtract_moves(wj, (Bits)against, erred[first + q]);
        store_w(j, first + q, (Bits)wj);
      }
      sums[first + q] += wj * xj;
    };
    [&]<std::size_t... q>(std::index_sequence<q...>) {
      (one(std::integral_constant<std::size_t, q>{}), ...);
    }
    (std::make_index_sequence<4>{});
  }
}

// The score pass of a group of G vectors (G a multiple of 4) with its pending update, `moving[g]`
// whether vector g moves. In a group of 16 the first vector is a constant, which keeps the four
// sums in registers (16 lanes 0.518 → 0.494 ms a run's epoch); in one of 32, holding its 8
// sums there measured slower (0.475 against 0.450–0.461 ms).
template <std::size_t G, class Lanes, class Bits, class Load, class Store>
[[gnu::always_inline]] inline void moving_sets_pass(std::size_t d, const double* xs,
                                                    const double* negated, const bool* moving,
                                                    const Bits* erred, Lanes* sums,
                                                    const Load& load_w, const Store& store_w) {
  static_assert(G % 4 == 0);
  const auto quad = [&](auto first) {
    unsigned set = 0;
    for (std::size_t q = 0; q < 4; ++q) set |= (moving[first + q] ? 1U : 0U) << q;
    [&]<unsigned... kSets>(std::integer_sequence<unsigned, kSets...>) {
      ((set == kSets ? moving_set_pass<kSets, Lanes, Bits>(d, first, xs, negated, erred, sums,
                                                           load_w, store_w)
                     : void()),
       ...);
    }
    (std::make_integer_sequence<unsigned, 16>{});
  };
  if constexpr (G == 4) {
    quad(std::integral_constant<std::size_t, 0>{});
  } else {
    for (std::size_t first = 0; first < G; first += 4) quad(first);
  }
}

}  // namespace plab::lane_detail
