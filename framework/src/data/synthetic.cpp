#include "data/synthetic.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>

#include "base/random.hpp"
#include "config/object_reader.hpp"

namespace plab {

namespace {

// A number as typed: the shortest text that reads back as the same double, so that a radius
// of 1.0000000000000002 is not shown as the 1.000000 it was compared against.
std::string shortest_text(double v) {
  char text[32];
  return std::string(text, std::to_chars(text, text + sizeof text, v).ptr);
}

// Rejection sampling gives up when this many draws in a row fall inside the margin: the
// margin is then too large for the ball (the cap is per point placed, not for the whole
// set, so a set of 10^7 rows or more is not refused for its size).
constexpr std::size_t kMaxDraws = 10'000'000;

// √(R² − 1), the radius left for the features beside the bias coordinate 1; for an R whose
// square overflows a double, R itself (they agree to every digit a double holds).
double feature_radius(double radius) {
  const double squared = radius * radius;
  return std::isfinite(squared) ? std::sqrt(squared - 1.0) : radius;
}

std::vector<double> uniform_in_ball(Rng& rng, std::size_t dim, double r) {
  std::vector<double> x(dim);
  double norm = 0.0;
  for (double& v : x) {
    v = rng.gaussian();
    norm += v * v;
  }
  norm = std::sqrt(norm);
  const double scale = r * std::pow(rng.uniform(), 1.0 / static_cast<double>(dim)) / norm;
  for (double& v : x) v *= scale;
  return x;
}

double teacher_score(const std::vector<double>& u, std::size_t offset,
                     const std::vector<double>& x) {
  double s = u[offset];
  for (std::size_t j = 0; j < x.size(); ++j) s += u[offset + 1 + j] * x[j];
  return s;
}

void normalise(std::vector<double>& u) {
  double n = 0.0;
  for (double v : u) n += v * v;
  n = std::sqrt(n);
  for (double& v : u) v /= n;
}

[[noreturn]] void infeasible(const std::string& why) { throw_config_error("/dataset", why); }

SyntheticTable binary(const SyntheticSpec& s, Rng& rng) {
  if (s.radius <= 1.0) infeasible("radius must exceed 1 (the bias coordinate alone has norm 1)");
  if (s.margin <= 0.0) infeasible("margin must be positive for a separable set");
  const double r = feature_radius(s.radius);
  SyntheticTable t;
  // A unit teacher [b, v]: a small bias |b| ≤ 0.2 keeps both classes well populated, and a
  // uniformly random direction for v with ‖v‖ = √(1 − b²).
  t.teacher.resize(s.dim + 1);
  const double bias = std::clamp(0.05 * rng.gaussian(), -0.2, 0.2);
  std::vector<double> direction(s.dim);
  for (double& v : direction) v = rng.gaussian();
  normalise(direction);
  const double v_norm = std::sqrt(1.0 - bias * bias);
  t.teacher[0] = bias;
  for (std::size_t j = 0; j < s.dim; ++j) t.teacher[j + 1] = v_norm * direction[j];
  if (s.margin + std::fabs(bias) >= v_norm * r) {
    infeasible("margin " + shortest_text(s.margin) + " is too large for radius " +
               shortest_text(s.radius) + " in " + std::to_string(s.dim) + " dimensions");
  }
  auto along_v = [&](double length) {
    std::vector<double> x(s.dim);
    for (std::size_t j = 0; j < s.dim; ++j) x[j] = t.teacher[j + 1] / v_norm * length;
    return x;
  };
  auto add = [&](const std::vector<double>& x, double y) {
    t.values.insert(t.values.end(), x.begin(), x.end());
    t.labels.emplace_back(y > 0 ? "1" : "-1");
  };
  // One point exactly on the margin (u·x̃ = margin), one on the sphere ‖x̃‖ = R.
  add(along_v((s.margin - bias) / v_norm), 1.0);
  if (s.rows > 1) add(along_v(-r), -1.0);
  std::size_t draws = 0;
  while (t.labels.size() < s.rows) {
    if (++draws > kMaxDraws) {
      infeasible("could not place a point outside the margin in " + std::to_string(kMaxDraws) +
                 " draws in a row (after " + std::to_string(t.labels.size()) +
                 " points); lower the margin");
    }
    const std::vector<double> x = uniform_in_ball(rng, s.dim, r);
    const double sc = teacher_score(t.teacher, 0, x);
    if (std::fabs(sc) < s.margin) continue;
    draws = 0;
    add(x, sc);
  }
  return t;
}

SyntheticTable multiclass(const SyntheticSpec& s, Rng& rng) {
  if (s.classes < 2) infeasible("classes must be at least 2");
  if (s.radius <= 1.0) infeasible("radius must exceed 1");
  const double r = feature_radius(s.radius);
  const std::size_t width = s.dim + 1;
  SyntheticTable t;
  t.teacher.resize(s.classes * width);
  for (double& v : t.teacher) v = rng.gaussian();
  for (std::size_t j = 0; j < width; ++j) {  // centre the rows, then ‖U‖_F = 1
    double mean = 0.0;
    for (std::size_t c = 0; c < s.classes; ++c) mean += t.teacher[c * width + j];
    for (std::size_t c = 0; c < s.classes; ++c)
      t.teacher[c * width + j] -= mean / static_cast<double>(s.classes);
  }
  normalise(t.teacher);
  std::size_t draws = 0;
  while (t.labels.size() < s.rows) {
    if (++draws > kMaxDraws) {
      infeasible("could not place a point with the requested margin in " +
                 std::to_string(kMaxDraws) + " draws in a row (after " +
                 std::to_string(t.labels.size()) + " points); lower the margin");
    }
    const std::vector<double> x = uniform_in_ball(rng, s.dim, r);
    std::vector<double> sc(s.classes);
    for (std::size_t c = 0; c < s.classes; ++c) sc[c] = teacher_score(t.teacher, c * width, x);
    const auto best = static_cast<std::size_t>(std::max_element(sc.begin(), sc.end()) - sc.begin());
    double gap = std::numeric_limits<double>::infinity();
    for (std::size_t c = 0; c < s.classes; ++c) {
      if (c != best) gap = std::min(gap, sc[best] - sc[c]);
    }
    if (gap < s.margin) continue;
    draws = 0;
    t.values.insert(t.values.end(), x.begin(), x.end());
    t.labels.push_back(std::to_string(best));
  }
  return t;
}

SyntheticTable xor_clusters(const SyntheticSpec& s, Rng& rng) {
  SyntheticTable t;
  for (std::size_t i = 0; i < s.rows; ++i) {
    const double cx = (i % 2 == 0) ? 1.0 : -1.0;
    const double cy = (i % 4 < 2) ? 1.0 : -1.0;
    t.values.push_back(cx + 0.3 * rng.gaussian());
    t.values.push_back(cy + 0.3 * rng.gaussian());
    t.labels.emplace_back(cx * cy > 0 ? "1" : "-1");
  }
  return t;
}

// Boolean features, each 1 with probability `density`; the label is the OR of k relevant
// features drawn by the seed. Rows alternate negative (every relevant feature 0) and
// positive (relevant features redrawn until one is 1), so both classes are always present.
SyntheticTable disjunction(const SyntheticSpec& s, Rng& rng) {
  std::vector<std::uint32_t> order;
  rng.permutation(order, s.dim);
  std::vector<bool> relevant(s.dim, false);
  for (std::size_t j = 0; j < s.literals; ++j) relevant[order[j]] = true;
  SyntheticTable t;
  // The teacher in the augmented space: bias -1, 2 on each relevant feature, scaled to
  // l1 norm 1: margin 1/(2k + 1) on every row, in l1 and (unscaled) in sign.
  const double scale = 1.0 / static_cast<double>(2 * s.literals + 1);
  t.teacher.assign(s.dim + 1, 0.0);
  t.teacher[0] = -scale;
  for (std::size_t j = 0; j < s.dim; ++j) {
    if (relevant[j]) t.teacher[j + 1] = 2.0 * scale;
  }
  std::vector<double> x(s.dim);
  for (std::size_t i = 0; i < s.rows; ++i) {
    const bool positive = i % 2 == 1;
    for (std::size_t j = 0; j < s.dim; ++j) {
      x[j] = !relevant[j] || positive ? (rng.uniform() < s.density ? 1.0 : 0.0) : 0.0;
    }
    bool any = false;
    for (std::size_t j = 0; j < s.dim; ++j) any = any || (relevant[j] && x[j] == 1.0);
    while (positive && !any) {
      for (std::size_t j = 0; j < s.dim; ++j) {
        if (relevant[j]) x[j] = rng.uniform() < s.density ? 1.0 : 0.0;
        any = any || (relevant[j] && x[j] == 1.0);
      }
    }
    t.values.insert(t.values.end(), x.begin(), x.end());
    t.labels.emplace_back(positive ? "1" : "-1");
  }
  return t;
}

// Rows in random order: the points placed on the margin and on the sphere must not come
// first, where file order would hand the perceptron the teacher's direction at once.
void shuffle_rows(SyntheticTable& t, std::size_t width, Rng& rng) {
  std::vector<std::uint32_t> order;
  rng.permutation(order, t.labels.size());
  SyntheticTable out;
  out.teacher = std::move(t.teacher);
  for (std::uint32_t i : order) {
    out.values.insert(out.values.end(), t.values.begin() + static_cast<std::ptrdiff_t>(i * width),
                      t.values.begin() + static_cast<std::ptrdiff_t>((i + 1) * width));
    out.labels.push_back(std::move(t.labels[i]));
  }
  t = std::move(out);
}

}  // namespace

SyntheticTable generate_synthetic(const SyntheticSpec& spec, std::uint64_t seed) {
  Rng rng(seed);
  if (spec.generator == SyntheticGenerator::kMulticlass) return multiclass(spec, rng);
  if (spec.generator == SyntheticGenerator::kXor) return xor_clusters(spec, rng);
  if (spec.generator == SyntheticGenerator::kDisjunction) return disjunction(spec, rng);
  SyntheticTable t = binary(spec, rng);
  shuffle_rows(t, spec.dim, rng);
  if (spec.generator == SyntheticGenerator::kNoisy) {
    for (auto& label : t.labels) {
      if (rng.uniform() < spec.flip) label = label == "1" ? "-1" : "1";
    }
  }
  return t;
}

}  // namespace plab
