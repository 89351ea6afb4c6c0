#include "data/sparse_synthetic.hpp"

#include <algorithm>
#include <cmath>

#include "base/random.hpp"
#include "config/object_reader.hpp"

namespace plab {

namespace {

// A row is redrawn at most this many times before the margin is declared out of reach.
constexpr std::size_t kMaxRowDraws = 100'000;

// Zipf draws by inverse transform over the cumulative weights.
class ZipfFeatures {
 public:
  ZipfFeatures(std::size_t features, double exponent) : cumulative_(features) {
    double total = 0.0;
    for (std::size_t j = 0; j < features; ++j) {
      total += std::pow(static_cast<double>(j + 1), -exponent);
      cumulative_[j] = total;
    }
  }

  std::uint32_t draw(Rng& rng) const {
    const double u = rng.uniform() * cumulative_.back();
    const auto it = std::upper_bound(cumulative_.begin(), cumulative_.end(), u);
    const std::size_t j = std::min<std::size_t>(static_cast<std::size_t>(it - cumulative_.begin()),
                                                cumulative_.size() - 1);
    return static_cast<std::uint32_t>(j);
  }

  // `count` distinct features in increasing order. Draws repeat until they are distinct; a
  // set that stays short after many draws (count close to the feature count, a steep Zipf)
  // is completed with the lowest unused features, so every request ends.
  void distinct(Rng& rng, std::size_t count, std::vector<std::uint32_t>& out,
                std::vector<std::uint64_t>& stamp, std::uint64_t mark) const {
    out.clear();
    const std::size_t max_draws = 64 * cumulative_.size() + 1000;
    for (std::size_t draws = 0; out.size() < count && draws < max_draws; ++draws) {
      const std::uint32_t j = draw(rng);
      if (stamp[j] == mark) continue;
      stamp[j] = mark;
      out.push_back(j);
    }
    for (std::uint32_t j = 0; out.size() < count; ++j) {
      if (stamp[j] == mark) continue;
      stamp[j] = mark;
      out.push_back(j);
    }
    std::sort(out.begin(), out.end());
  }

 private:
  std::vector<double> cumulative_;
};

}  // namespace

SparseSyntheticTable generate_sparse_synthetic(const SyntheticSpec& spec, std::uint64_t seed) {
  Rng rng(seed);
  const std::size_t d = spec.dim;
  const ZipfFeatures zipf(d, spec.zipf);
  std::vector<std::uint64_t> stamp(d, 0);
  std::uint64_t mark = 0;
  std::vector<std::uint32_t> chosen;

  // The teacher: sparse, Gaussian weights, unit norm over the augmented space (bias 0).
  std::vector<double> u(d, 0.0);
  zipf.distinct(rng, spec.teacher_nonzeros, chosen, stamp, ++mark);
  double norm = 0.0;
  for (std::uint32_t j : chosen) {
    double v = 0.0;
    while (v == 0.0) v = rng.gaussian();
    u[j] = v;
    norm += v * v;
  }
  norm = std::sqrt(norm);
  for (std::uint32_t j : chosen) u[j] /= norm;

  SparseSyntheticTable out{SparseRows(d, true), {}, {}};
  out.values.reserve(spec.rows, spec.rows * (spec.nonzeros + 1));
  out.labels.reserve(spec.rows);
  std::vector<double> value;
  for (std::size_t i = 0; i < spec.rows; ++i) {
    double score = 0.0;
    for (std::size_t draws = 0;; ++draws) {
      if (draws == kMaxRowDraws) {
        throw_config_error(
            "/dataset", "the sparse generator drew " + std::to_string(kMaxRowDraws) +
                            " rows in a row below the margin (|u . x| < margin); lower margin, or "
                            "raise nonzeros or teacher_nonzeros so rows meet the teacher");
      }
      zipf.distinct(rng, spec.nonzeros, chosen, stamp, ++mark);
      value.resize(chosen.size());
      score = 0.0;  // the bias weight is 0; features in increasing order
      for (std::size_t k = 0; k < chosen.size(); ++k) {
        value[k] = 2.0 * rng.uniform() - 1.0;
        score += u[chosen[k]] * value[k];
      }
      if (std::fabs(score) >= spec.margin) break;
    }
    const bool flip = rng.uniform() < spec.flip;
    out.values.append_row(chosen, value);
    out.labels.emplace_back((score > 0.0) != flip ? "1" : "-1");
  }
  out.teacher.reserve(d + 1);
  out.teacher.push_back(0.0);
  out.teacher.insert(out.teacher.end(), u.begin(), u.end());
  return out;
}

}  // namespace plab
