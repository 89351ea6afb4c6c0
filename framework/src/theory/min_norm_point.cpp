#include "theory/min_norm_point.hpp"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <limits>

#include "theory/work_limit.hpp"

namespace plab {

namespace {

// Weights μ (Σμ = 1) of the point of the affine hull of A's columns nearest the origin:
// minimise ‖a₀ + B μ'‖ with B = [aⱼ − a₀], by a rank-revealing QR of B (better conditioned
// than the normal equations on badly scaled data).
Eigen::VectorXd affine_minimiser(const Eigen::MatrixXd& a) {
  const Eigen::Index s = a.cols();
  Eigen::VectorXd mu(s);
  if (s == 1) {
    mu(0) = 1.0;
    return mu;
  }
  const Eigen::MatrixXd b = a.rightCols(s - 1).colwise() - a.col(0);
  const Eigen::VectorXd rest = b.colPivHouseholderQr().solve(-a.col(0));
  mu(0) = 1.0 - rest.sum();
  mu.tail(s - 1) = rest;
  return mu;
}

}  // namespace

MinNormResult min_norm_point(const PointSet& points, const MinNormOptions& options) {
  WorkLimit limit(options.deadline, options.max_work);
  const std::size_t m = points.dim();
  const std::size_t n = points.size();
  MinNormResult result;
  Eigen::VectorXd p(static_cast<Eigen::Index>(m));

  // Start from the shortest point; note the longest for the scale of "zero". Each Kesler
  // point is written out whole (k·d values), so this pass alone can outlast the budget.
  std::size_t first = 0;
  double shortest = std::numeric_limits<double>::infinity();
  double longest = 0.0;
  for (std::size_t j = 0; j < n; ++j) {
    if (limit.reached(m)) {
      result.stop = limit.stop();
      result.work = limit.work_done();
      return result;
    }
    points.point(j, std::span<double>(p.data(), m));
    const double norm = p.squaredNorm();
    longest = std::max(longest, norm);
    if (norm < shortest) {
      shortest = norm;
      first = j;
    }
  }
  longest = std::sqrt(longest);
  // ‖Pⱼ‖² beyond the double range (|x| ≳ 1e154) would make every test below meaningless:
  // an infinite "longest" would even declare the origin reached.
  if (!std::isfinite(longest)) {
    result.failure = "a point's squared norm is not finite in double (values of 1e154 or more)";
    return result;
  }

  std::vector<std::size_t> active{first};
  Eigen::MatrixXd columns(static_cast<Eigen::Index>(m), 1);
  points.point(first, std::span<double>(columns.col(0).data(), m));
  Eigen::VectorXd lambda = Eigen::VectorXd::Ones(1);
  Eigen::VectorXd x = columns.col(0);
  constexpr double kTiny = 1e-14;

  while (result.iterations < options.max_iterations) {
    ++result.iterations;
    const double xx = x.squaredNorm();
    if (std::sqrt(xx) <= options.zero_norm * longest) {
      result.origin_reached = true;
      break;
    }
    const PointSet::Extreme e = points.min_dot(std::span<const double>(x.data(), m), &limit);
    if (e.stopped) {
      result.stop = limit.stop();
      break;
    }
    if (xx - e.value <= options.relative_gap * xx) {
      result.optimal = true;
      break;
    }
    if (std::find(active.begin(), active.end(), e.index) != active.end()) break;  // stalled
    // A signal (Ctrl-C) stops the search like its time limit: plab ends once the oracle returns.
    if (limit.reached_now()) {
      result.stop = limit.stop();
      break;
    }
    active.push_back(e.index);
    columns.conservativeResize(Eigen::NoChange, columns.cols() + 1);
    points.point(e.index, std::span<double>(columns.col(columns.cols() - 1).data(), m));
    lambda.conservativeResize(lambda.size() + 1);
    lambda(lambda.size() - 1) = 0.0;

    // Minor cycles: move toward the affine minimiser until it lies inside the simplex. Each
    // factorises a k·d × s matrix; stopped between them, λ still weighs the active points.
    while (true) {
      // The factorisation of the m × s active set, counted before it is done.
      const auto s = static_cast<std::uint64_t>(columns.cols());
      if (limit.reached(static_cast<std::uint64_t>(m) * s * s) || limit.reached_now()) {
        result.stop = limit.stop();
        break;
      }
      const Eigen::VectorXd mu = affine_minimiser(columns);
      if ((mu.array() > kTiny).all()) {
        lambda = mu;
        break;
      }
      double theta = 1.0;
      for (Eigen::Index i = 0; i < mu.size(); ++i) {
        if (mu(i) <= kTiny) theta = std::min(theta, lambda(i) / (lambda(i) - mu(i)));
      }
      lambda = (1.0 - theta) * lambda + theta * mu;
      // Drop the points whose weight reached zero (at least one does).
      Eigen::Index keep = 0;
      for (Eigen::Index i = 0; i < lambda.size(); ++i) {
        if (lambda(i) > kTiny) {
          columns.col(keep) = columns.col(i);
          lambda(keep) = lambda(i);
          active[static_cast<std::size_t>(keep)] = active[static_cast<std::size_t>(i)];
          ++keep;
        }
      }
      if (keep == lambda.size()) {  // nothing reached zero: numerically stuck, stop here
        break;
      }
      columns.conservativeResize(Eigen::NoChange, keep);
      lambda.conservativeResize(keep);
      active.resize(static_cast<std::size_t>(keep));
      if (keep == 1) break;
    }
    lambda /= lambda.sum();
    x = columns * lambda;
    if (result.stop != WorkLimit::Stop::kNone) break;
  }
  result.work = limit.work_done();
  result.point.assign(x.data(), x.data() + x.size());
  for (std::size_t i = 0; i < active.size(); ++i) {
    result.weights.emplace_back(active[i], lambda(static_cast<Eigen::Index>(i)));
  }
  return result;
}

}  // namespace plab
