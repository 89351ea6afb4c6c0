// The SIMD vectors of the lane loop (plab/lane_loop.hpp): the lane width this CPU runs
// natively, the vector types of K lanes, a test for any lane set, the 8×8 transpose that
// per-run orders read their rows with, and the aligned block a group keeps its weights in.
// Internal to the lane loop; plugins need not include it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <new>
#include <type_traits>
#include <vector>

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
// GCC's vector types: the attribute binds to a typedef's name, which `using` cannot carry.
// NOLINTBEGIN(modernize-use-using)
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
// NOLINTEND(modernize-use-using)

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

// Every lane set to s, bit for bit. Not Lanes{} + s: that adds +0.0, which turns a −0.0
// into +0.0, and w + (+0.0) is +0.0 where a run alone computes w + (−0.0) = −0.0 for a
// weight of −0.0. s − (+0.0) is s for every s, and compiles to the broadcast alone. (An out
// parameter: a 512-bit vector returned outside an AVX-512 function changes the ABI.)
template <class Lanes>
[[gnu::always_inline]] inline void splat(double s, Lanes& out) {
  out = s - Lanes{};
}

// The allocator of a lane group's weights: 64-byte aligned, so that no vector of lanes
// straddles two cache lines. std::vector's own allocator aligns to 16 bytes, and where a block
// landed then depended on the heap's state (the same run with `--lanes 8` and with `auto`
// put it at 16 and 0 bytes past a line): a straddling 512-bit load or store costs two
// accesses, and the epoch measured 10–20 % slower (docs/performance.md).
template <class T>
struct CacheLineAllocator {
  using value_type = T;
  static constexpr std::align_val_t kAlignment{64};
  CacheLineAllocator() = default;
  template <class U>
  explicit CacheLineAllocator(const CacheLineAllocator<U>& /*other*/) noexcept {}
  T* allocate(std::size_t count) {
    return static_cast<T*>(::operator new(count * sizeof(T), kAlignment));
  }
  void deallocate(T* p, std::size_t /*count*/) noexcept { ::operator delete(p, kAlignment); }
  friend bool operator==(const CacheLineAllocator& /*a*/, const CacheLineAllocator& /*b*/) {
    return true;
  }
};
template <class T>
using LaneBlock = std::vector<T, CacheLineAllocator<T>>;

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
      typedef X Narrow __attribute__((vector_size(8 * sizeof(X))));  // NOLINT(modernize-use-using)
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

}  // namespace lane_detail

}  // namespace plab
