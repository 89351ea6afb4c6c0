// A hint that a row will be read soon, for the shared loops over shuffled orders.
//
// In a shuffled order the next rows are at random places of the data set, which the hardware
// cannot guess; the loop knows them from the order. Asking for their lines in the core's L2
// (not L1, where they would push out the weights: an L1 hint measured no gain) lets the
// reads of the coming samples overlap this sample's sums and update. A lane group in the
// shared order reads one row for all its lanes, which fits in L1 beside their weights: it asks
// for that row a few samples ahead in L1. A hint only: it changes no value. Measured in
// docs/performance.md ("Prefetching the rows of a shuffled order", "Repeats side by side").
#pragma once

#include <cstddef>
#include <cstdint>

#include "plab/training_set.hpp"

namespace plab {

// How many samples ahead a run alone asks for its rows (lanes ask one sample ahead: a
// sample of 8 lanes takes long enough to cover the wait).
inline constexpr std::size_t kPrefetchAhead = 4;
// How many samples ahead a lane group in the shared order asks for the row all its lanes read.
inline constexpr std::size_t kSharedRowAhead = 8;

namespace prefetch_detail {
// Asks for the cache lines of [p, p + bytes) at __builtin_prefetch's `locality`.
// always_inline, and so must be every function that wraps it: GCC sees no effect in a call
// to a function that only prefetches, and drops the call when it leaves it out of line.
template <int kLocality>
[[gnu::always_inline]] inline void prefetch_lines(const void* p, std::size_t bytes) {
  constexpr std::size_t kLine = 64;
  const char* first = static_cast<const char*>(p);
  for (std::size_t b = 0; b < bytes; b += kLine) __builtin_prefetch(first + b, 0, kLocality);
  // A row that starts inside a line ends in the line after the last one asked for.
  if (bytes != 0) __builtin_prefetch(first + bytes - 1, 0, kLocality);
}
}  // namespace prefetch_detail

// Asks for the cache lines of [p, p + bytes) in L2 (locality 2: prefetcht1 on x86-64).
[[gnu::always_inline]] inline void prefetch_to_l2(const void* p, std::size_t bytes) {
  prefetch_detail::prefetch_lines<2>(p, bytes);
}

// The same in L1 (locality 3: prefetcht0), for the row every lane of a shared order reads
// next: one row does not push the lanes' weights out of L1 as K rows of per-run orders would.
[[gnu::always_inline]] inline void prefetch_to_l1(const void* p, std::size_t bytes) {
  prefetch_detail::prefetch_lines<3>(p, bytes);
}

// Row i of either storage (the dense doubles, or the sparse row's indices and values).
[[gnu::always_inline]] inline void prefetch_row(const TrainingSet& data, std::size_t i) {
  if (data.sparse()) {
    const SparseRow x = data.sparse_row(i);
    prefetch_to_l2(x.index, x.count * sizeof(std::uint32_t));
    prefetch_to_l2(x.value, x.count * sizeof(double));
  } else {
    prefetch_to_l2(data.row(i), data.cols * sizeof(double));
  }
}

// True when the rows the loop reads (`value_bytes` a value: 8 for doubles, 4 for float32
// rows) take 1 MiB or more, so that rows read in a shuffled order come from beyond a core's
// L2 (1 MiB on the machine it was measured on, 512 KiB on some others); below that the
// hint only costs instructions.
inline bool rows_worth_prefetching(const TrainingSet& data,
                                   std::size_t value_bytes = sizeof(double)) {
  constexpr std::size_t kAbove = std::size_t{1} << 20;
  const std::size_t bytes =
      data.sparse() ? data.csr_offset[data.rows] * (sizeof(double) + sizeof(std::uint32_t))
                    : data.rows * data.cols * value_bytes;
  return bytes >= kAbove;
}

}  // namespace plab
