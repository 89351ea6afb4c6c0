#include "theory/least_squares.hpp"

#include <Eigen/Dense>

#include "plab/kernels.hpp"

namespace plab {

LeastSquaresReference solve_least_squares(const Dataset& data) {
  const auto n = static_cast<Eigen::Index>(data.rows());
  const auto d = static_cast<Eigen::Index>(data.cols());
  Eigen::MatrixXd x(n, d);
  Eigen::VectorXd y(n);
  for (Eigen::Index i = 0; i < n; ++i) {
    for (Eigen::Index j = 0; j < d; ++j) x(i, j) = data.row(static_cast<std::size_t>(i))[j];
    y(i) = data.label(static_cast<std::size_t>(i)) == 1 ? 1.0 : -1.0;
  }
  const Eigen::VectorXd w = x.completeOrthogonalDecomposition().solve(y);
  LeastSquaresReference ref;
  ref.w.assign(w.data(), w.data() + w.size());
  ref.loss = squared_error(data, ref.w);
  return ref;
}

double squared_error(const Dataset& data, std::span<const double> w) {
  double e = 0.0;
  for (std::size_t i = 0; i < data.rows(); ++i) {
    // The sum of docs/learners.md, "Conventions" on either storage (equal on both:
    // plab/kernels.hpp).
    const double o = plab::dot(w.data(), data.row_view(i), data.cols());
    const double r = (data.label(i) == 1 ? 1.0 : -1.0) - o;
    e += r * r;
  }
  return 0.5 * e;
}

}  // namespace plab
