// The ceilings of the roofline in docs/performance.md: how many vector loads, stores, additions
// and multiplications one core of this machine sustains per nanosecond, and how many bytes a
// second it reads from memory. Each kernel keeps its resource busy and little else: loads
// OR-ed into eight accumulators (integer logic is cheaper than any of the four), stores of
// one register over an L1-sized buffer, twelve independent chains of additions or
// multiplications (twelve hide a latency of up to 6 cycles at two a cycle), the OR of a
// 256 MiB buffer for memory, and one chain of dependent additions for the latency that a
// single sequential sum waits on. The vectors are as wide as the lane loop's on this CPU
// (plab/lane_vectors.hpp: 8 doubles with AVX-512, 4 with AVX2, else 2), compiled for that
// unit by target attributes and `flatten` (so that the kernels are inlined into the function
// compiled for it), as the lane loop is. Best of 5 repetitions; prints one JSON object.
//
// Usage: plab_roofline [MEMORY_MIB]   (default 256)
#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include "plab/lane_vectors.hpp"

namespace {

using Clock = std::chrono::steady_clock;

template <std::size_t V>
struct Vec {
  typedef double Lanes __attribute__((vector_size(V * 8)));
  typedef std::int64_t Bits __attribute__((vector_size(V * 8)));
};

constexpr int kRepetitions = 5;
constexpr std::size_t kL1Doubles = 2048;  // 16 KiB: half of any L1 data cache measured here

// A buffer on a 64-byte boundary, as a lane group's weights are (LaneBlock). std::vector
// aligns to 16 bytes, and then every other 256-bit access straddles two cache lines and costs
// two: on an AVX2 core (AMD EPYC, family 23 model 49) that halved the store ceiling (1.56
// against 3.36 a ns) and cut the load ceiling by a third, so that the lane loops measured
// "above" their ceilings.
using Buffer = plab::lane_detail::LaneBlock<double>;

// The best time of kRepetitions calls of `kernel`, in nanoseconds.
template <class F>
double best_ns(F&& kernel) {
  double best = 1e300;
  for (int r = 0; r < kRepetitions; ++r) {
    const auto start = Clock::now();
    kernel();
    const std::chrono::duration<double, std::nano> took = Clock::now() - start;
    best = std::min(best, took.count());
  }
  return best;
}

volatile std::int64_t g_sink_bits;
volatile double g_sink_double;

// Vector loads per ns: `sweeps` passes over an L1-resident buffer, eight loads in flight.
template <std::size_t V>
double loads_per_ns(const double* buffer, std::size_t doubles, std::size_t sweeps) {
  using Bits = typename Vec<V>::Bits;
  const std::size_t vectors = doubles / V;
  const double ns = best_ns([&] {
    Bits acc[8] = {};
    for (std::size_t s = 0; s < sweeps; ++s) {
      for (std::size_t i = 0; i + 8 <= vectors; i += 8) {
#pragma GCC unroll 8
        for (std::size_t q = 0; q < 8; ++q) {
          Bits b;
          std::memcpy(&b, buffer + (i + q) * V, sizeof b);
          acc[q] |= b;
        }
      }
      asm volatile("" ::: "memory");
    }
    Bits all = {};
    for (const Bits& a : acc) all |= a;
    g_sink_bits = all[0];
  });
  return static_cast<double>(sweeps * (vectors / 8 * 8)) / ns;
}

// Vector stores per ns into an L1-resident buffer.
template <std::size_t V>
double stores_per_ns(double* buffer, std::size_t doubles, std::size_t sweeps) {
  using Lanes = typename Vec<V>::Lanes;
  const std::size_t vectors = doubles / V;
  const double ns = best_ns([&] {
    Lanes value = {};
    for (std::size_t s = 0; s < sweeps; ++s) {
      value += 1.0;
#pragma GCC unroll 8
      for (std::size_t i = 0; i < vectors; ++i) std::memcpy(buffer + i * V, &value, sizeof value);
      asm volatile("" ::: "memory");
    }
  });
  g_sink_double = buffer[0];
  return static_cast<double>(sweeps * vectors) / ns;
}

// Vector additions (kMultiply: multiplications) per ns, twelve independent chains.
template <std::size_t V, bool kMultiply>
double arithmetic_per_ns(std::size_t steps) {
  using Lanes = typename Vec<V>::Lanes;
  const double ns = best_ns([&] {
    Lanes acc[12];
    for (std::size_t c = 0; c < 12; ++c) acc[c] = Lanes{} + (1.0 + static_cast<double>(c));
    const Lanes by = Lanes{} + (kMultiply ? 1.0000001 : 1e-9);
    for (std::size_t s = 0; s < steps; ++s) {
#pragma GCC unroll 12
      for (Lanes& a : acc) {
        if constexpr (kMultiply) {
          a *= by;
        } else {
          a += by;
        }
      }
    }
    Lanes all = {};
    for (const Lanes& a : acc) all += a;
    g_sink_double = all[0];
  });
  return static_cast<double>(steps * 12) / ns;
}

// Nanoseconds per addition in one chain of dependent additions: the latency that a single
// sequential sum waits on at each step.
template <std::size_t V>
double add_latency_ns(std::size_t steps) {
  using Lanes = typename Vec<V>::Lanes;
  const double ns = best_ns([&] {
    Lanes acc = Lanes{} + 1.0;
    const Lanes by = Lanes{} + 1e-9;
    for (std::size_t s = 0; s < steps; ++s) acc += by;
    g_sink_double = acc[0];
  });
  return ns / static_cast<double>(steps);
}

// Bytes per ns (GB/s) read from a buffer far larger than every cache.
template <std::size_t V>
double memory_gb_per_s(const double* buffer, std::size_t doubles) {
  return loads_per_ns<V>(buffer, doubles, 1) * static_cast<double>(V * sizeof(double));
}

struct Ceilings {
  double loads, stores, adds, muls, memory, add_latency;
};

template <std::size_t V>
Ceilings measure(Buffer& small, Buffer& large) {
  return {loads_per_ns<V>(small.data(), small.size(), 20000),
          stores_per_ns<V>(small.data(), small.size(), 20000),
          arithmetic_per_ns<V, false>(2000000),
          arithmetic_per_ns<V, true>(2000000),
          memory_gb_per_s<V>(large.data(), large.size()),
          add_latency_ns<V>(2000000)};
}

#if defined(__x86_64__)
[[gnu::flatten, gnu::target("avx512f")]] Ceilings measure_avx512(Buffer& s, Buffer& l) {
  return measure<8>(s, l);
}
[[gnu::flatten, gnu::target("avx2")]] Ceilings measure_avx2(Buffer& s, Buffer& l) {
  return measure<4>(s, l);
}
#endif

std::string cpu_model() {
  std::ifstream info("/proc/cpuinfo");
  std::string line;
  while (std::getline(info, line)) {
    if (line.rfind("model name", 0) == 0) return line.substr(line.find(':') + 2);
  }
  return "unknown";
}

}  // namespace

int main(int argc, char** argv) {
  const std::size_t mib = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 256;
  Buffer small(kL1Doubles, 1.0);
  Buffer large(mib * (std::size_t{1} << 20) / sizeof(double), 1.0);
  std::size_t width = 2;
  Ceilings c{};
#if defined(__x86_64__)
  if (__builtin_cpu_supports("avx512f")) {
    width = 8;
    c = measure_avx512(small, large);
  } else if (__builtin_cpu_supports("avx2")) {
    width = 4;
    c = measure_avx2(small, large);
  }
#endif
  if (width == 2) c = measure<2>(small, large);
  std::printf(
      "{\"cpu\": \"%s\", \"vector_doubles\": %zu, \"loads_per_ns\": %.4f, "
      "\"stores_per_ns\": %.4f, \"adds_per_ns\": %.4f, \"muls_per_ns\": %.4f, "
      "\"memory_gb_per_s\": %.3f, \"memory_mib\": %zu, \"add_latency_ns\": %.4f}\n",
      cpu_model().c_str(), width, c.loads, c.stores, c.adds, c.muls, c.memory, mib, c.add_latency);
  return 0;
}
