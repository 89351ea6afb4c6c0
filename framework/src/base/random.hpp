// Random streams that depend only on (master seed, sweep point, repeat, purpose).
//
// Each run draws from its own generator, seeded by a counter-based mix of those four numbers
// (SplitMix64's finaliser, Steele et al. 2014), never from a shared one: a run's numbers do
// not depend on which thread ran it or when. Distributions are written here rather than
// taken from <random>, whose normal and uniform distributions may differ between standard
// libraries; the same seed gives the same numbers with any compiler.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace plab {

// Separate purposes get separate streams, so that drawing initial weights does not shift
// the orders (and adding a purpose later changes nothing that exists).
enum class StreamPurpose : std::uint64_t {
  kInitialWeights = 1,
  kOrder = 2,
  kData = 3,
  kSplit = 4,
  kReplay = 5,  // which records `plab verify --replay K` re-runs
};

inline std::uint64_t mix64(std::uint64_t z) {
  z += 0x9e3779b97f4a7c15ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

inline std::uint64_t derive_seed(std::uint64_t master, std::uint64_t point, std::uint64_t repeat,
                                 StreamPurpose purpose) {
  std::uint64_t h = mix64(master);
  h = mix64(h ^ point);
  h = mix64(h ^ repeat);
  return mix64(h ^ static_cast<std::uint64_t>(purpose));
}

// xoshiro256** (Blackman & Vigna 2018): small state, fast, good statistical quality.
class Rng {
 public:
  explicit Rng(std::uint64_t seed) {
    for (auto& s : state_) {
      seed += 0x9e3779b97f4a7c15ULL;
      s = mix64(seed);
    }
  }

  std::uint64_t next() {
    const std::uint64_t result = rotl(state_[1] * 5, 7) * 9;
    const std::uint64_t t = state_[1] << 17;
    state_[2] ^= state_[0];
    state_[3] ^= state_[1];
    state_[1] ^= state_[2];
    state_[0] ^= state_[3];
    state_[2] ^= t;
    state_[3] = rotl(state_[3], 45);
    return result;
  }

  // Uniform in [0, 1) with 53 random bits.
  double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

  // Uniform integer in [0, n), without modulo bias (Lemire 2019).
  std::uint64_t below(std::uint64_t n) {
    unsigned __int128 m = static_cast<unsigned __int128>(next()) * n;
    auto low = static_cast<std::uint64_t>(m);
    if (low < n) {
      const std::uint64_t threshold = (0 - n) % n;
      while (low < threshold) {
        m = static_cast<unsigned __int128>(next()) * n;
        low = static_cast<std::uint64_t>(m);
      }
    }
    return static_cast<std::uint64_t>(m >> 64);
  }

  // Standard normal by Marsaglia's polar method; the second value is kept for the next call.
  double gaussian() {
    if (has_spare_) {
      has_spare_ = false;
      return spare_;
    }
    double u = 0;
    double v = 0;
    double s = 0;
    do {
      u = 2.0 * uniform() - 1.0;
      v = 2.0 * uniform() - 1.0;
      s = u * u + v * v;
    } while (s >= 1.0 || s == 0.0);
    const double f = std::sqrt(-2.0 * std::log(s) / s);
    spare_ = v * f;
    has_spare_ = true;
    return u * f;
  }

  // Fills `order` with a uniformly random permutation of 0..n−1 (Fisher–Yates).
  void permutation(std::vector<std::uint32_t>& order, std::size_t n) {
    order.resize(n);
    for (std::size_t i = 0; i < n; ++i) order[i] = static_cast<std::uint32_t>(i);
    for (std::size_t i = n; i > 1; --i) {
      const std::size_t j = below(i);
      std::swap(order[i - 1], order[j]);
    }
  }

 private:
  static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  std::uint64_t state_[4];
  double spare_ = 0.0;
  bool has_spare_ = false;
};

}  // namespace plab
