#include "theory/exact_gordan.hpp"

#include <boost/multiprecision/cpp_int.hpp>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>

namespace plab {

namespace {

using Integer = boost::multiprecision::cpp_int;
using Rational = boost::multiprecision::cpp_rational;

// A finite double as mantissa · 2^exponent, both exact.
struct Dyadic {
  std::int64_t mantissa = 0;
  int exponent = 0;
};

Dyadic split(double v) {
  int e = 0;
  const double f = std::frexp(v, &e);  // v = f · 2^e, 0.5 ≤ |f| < 1: f · 2^53 is an integer
  return {static_cast<std::int64_t>(std::ldexp(f, 53)), e - 53};
}

Rational exact(double v) {
  const Dyadic d = split(v);
  Rational r(d.mantissa);
  if (d.exponent >= 0) return r * Rational(Integer(1) << d.exponent);
  return r / Rational(Integer(1) << -d.exponent);
}

// Why the exact check stopped, for the manifest.
std::string stopped_detail(const WorkLimit& limit) {
  switch (limit.stop()) {
    case WorkLimit::Stop::kWork:
      return "the exact check reached its work budget (theory.oracle_work)";
    case WorkLimit::Stop::kClock:
      return "the exact check was stopped by the clock (theory.oracle_seconds)";
    default:
      return "the exact check was interrupted";
  }
}

}  // namespace

ExactGordan prove_origin_in_hull(const PointSet& points,
                                 const std::vector<std::pair<std::size_t, double>>& guess,
                                 WorkLimit& limit) {
  ExactGordan out;
  const std::size_t s = guess.size();
  const std::size_t m = points.dim();
  if (s == 0) {
    out.detail = "no points to check";
    return out;
  }
  // Z_S column by column, in double (exact copies of the data, up to sign).
  std::vector<std::vector<double>> columns(s, std::vector<double>(m));
  for (std::size_t j = 0; j < s; ++j) {
    points.point(guess[j].first, columns[j]);
    for (double v : columns[j]) {
      if (!std::isfinite(v)) {
        out.detail = "a point has a value that is not finite";
        return out;
      }
    }
  }
  // Each equation Σⱼ zⱼᵢ vⱼ = 0 is homogeneous, so it may be scaled by a power of two: one per
  // row makes every entry an integer. Rows that are zero on every point say nothing.
  std::vector<std::vector<Integer>> a;
  for (std::size_t i = 0; i < m; ++i) {
    int lowest = std::numeric_limits<int>::max();
    for (std::size_t j = 0; j < s; ++j) {
      if (columns[j][i] != 0.0) lowest = std::min(lowest, split(columns[j][i]).exponent);
    }
    if (lowest == std::numeric_limits<int>::max()) continue;
    std::vector<Integer> row(s);
    for (std::size_t j = 0; j < s; ++j) {
      if (columns[j][i] == 0.0) continue;
      const Dyadic d = split(columns[j][i]);
      row[j] = Integer(d.mantissa) << (d.exponent - lowest);
    }
    a.push_back(std::move(row));
  }
  const std::vector<std::vector<Integer>> original = a;

  // Fraction-free Gaussian elimination (Bareiss 1968): every division below is exact, and
  // the entries stay minors of the original matrix, so they grow only linearly in size.
  std::vector<std::size_t> pivots;
  Integer previous = 1;
  std::size_t r = 0;
  for (std::size_t c = 0; c < s && r < a.size(); ++c) {
    std::size_t p = r;
    while (p < a.size() && a[p][c] == 0) ++p;
    if (p == a.size()) continue;
    std::swap(a[p], a[r]);
    // A row's update multiplies integers of the pivot's size: counted as (its 64-bit limbs)²
    // multiply-adds per entry, since the minors grow to 53·s bits.
    const std::uint64_t limbs = boost::multiprecision::msb(abs(a[r][c])) / 64 + 1;
    for (std::size_t i = r + 1; i < a.size(); ++i) {
      if (limit.reached((s - c) * limbs * limbs)) {
        out.detail = stopped_detail(limit);
        return out;
      }
      for (std::size_t j = c + 1; j < s; ++j) {
        a[i][j] = (a[r][c] * a[i][j] - a[i][c] * a[r][j]) / previous;
      }
      a[i][c] = 0;
    }
    previous = a[r][c];
    pivots.push_back(c);
    ++r;
  }
  if (pivots.size() == s) {
    out.detail = "the origin is not exactly a combination of the " + std::to_string(s) +
                 " points found (they are linearly independent)";
    return out;
  }

  // Free unknowns take the floating-point weights; the pivot unknowns follow exactly.
  std::vector<Rational> v(s);
  std::vector<bool> is_pivot(s, false);
  for (std::size_t c : pivots) is_pivot[c] = true;
  for (std::size_t j = 0; j < s; ++j) {
    if (!is_pivot[j]) v[j] = exact(guess[j].second);
  }
  for (std::size_t k = pivots.size(); k-- > 0;) {
    const std::size_t c = pivots[k];
    Rational sum = 0;
    for (std::size_t j = c + 1; j < s; ++j) {
      if (a[k][j] != 0) sum += Rational(a[k][j]) * v[j];
    }
    v[c] = -sum / Rational(a[k][c]);
  }

  // The certificate is checked on its own, against the original integers: the proof does
  // not rest on the elimination above being right.
  Rational total = 0;
  for (const Rational& x : v) {
    if (x < 0) {
      out.detail = "the exact solution nearest the weights has a negative weight";
      return out;
    }
    total += x;
  }
  if (total == 0) {
    out.detail = "the exact solution is zero";
    return out;
  }
  for (const auto& row : original) {
    if (limit.reached(s)) {
      out.detail = stopped_detail(limit);
      return out;
    }
    Rational sum = 0;
    for (std::size_t j = 0; j < s; ++j) {
      if (row[j] != 0) sum += Rational(row[j]) * v[j];
    }
    if (sum != 0) {
      out.detail = "the exact combination does not vanish";
      return out;
    }
  }
  for (std::size_t j = 0; j < s; ++j) {
    if (v[j] == 0) continue;
    out.weights.emplace_back(guess[j].first, static_cast<double>(v[j] / total));
  }
  out.proved = true;
  return out;
}

std::optional<std::vector<double>> exact_affine_nearest_point(
    const PointSet& points, const std::vector<std::pair<std::size_t, double>>& active,
    WorkLimit& limit) {
  const std::size_t s = active.size();
  const std::size_t m = points.dim();
  if (s == 0) return std::nullopt;
  std::vector<std::vector<Rational>> z(s, std::vector<Rational>(m));
  std::vector<double> column(m);
  for (std::size_t j = 0; j < s; ++j) {
    points.point(active[j].first, column);
    for (std::size_t i = 0; i < m; ++i) {
      if (!std::isfinite(column[i])) return std::nullopt;
      if (column[i] != 0.0) z[j][i] = exact(column[i]);
    }
  }
  // min ‖Σ μⱼ zⱼ‖² subject to Σ μⱼ = 1: [G 1; 1ᵀ 0] [μ; ν] = [0; 1] with G = ZᵀZ (Lagrange).
  const std::size_t n = s + 1;
  std::vector<std::vector<Rational>> a(n, std::vector<Rational>(n + 1));
  for (std::size_t j = 0; j < s; ++j) {
    if (limit.reached((s - j) * m)) return std::nullopt;
    for (std::size_t k = j; k < s; ++k) {
      Rational g = 0;
      for (std::size_t i = 0; i < m; ++i) {
        if (z[j][i] != 0 && z[k][i] != 0) g += z[j][i] * z[k][i];
      }
      a[j][k] = g;
      a[k][j] = g;
    }
    a[j][s] = 1;
    a[s][j] = 1;
  }
  a[s][n] = 1;
  // Gauss–Jordan in exact rationals; a zero pivot column means affinely dependent points.
  for (std::size_t c = 0; c < n; ++c) {
    if (limit.reached(n * (n + 1 - c))) return std::nullopt;
    std::size_t p = c;
    while (p < n && a[p][c] == 0) ++p;
    if (p == n) return std::nullopt;
    std::swap(a[p], a[c]);
    for (std::size_t i = 0; i < n; ++i) {
      if (i == c || a[i][c] == 0) continue;
      const Rational f = a[i][c] / a[c][c];
      for (std::size_t k = c; k <= n; ++k) a[i][k] -= f * a[c][k];
    }
  }
  std::vector<double> out(m);
  for (std::size_t i = 0; i < m; ++i) {
    Rational x = 0;
    for (std::size_t j = 0; j < s; ++j) {
      if (z[j][i] != 0) x += a[j][n] / a[j][j] * z[j][i];
    }
    out[i] = static_cast<double>(x);
  }
  return out;
}

}  // namespace plab
