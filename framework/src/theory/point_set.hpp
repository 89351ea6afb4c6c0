// The finite point sets whose convex hull decides separability (docs/bounds.md, "Certificates").
//
// Binary: zᵢ = yᵢx̃ᵢ; a separator u has margin minᵢ u·zᵢ. Multi-class (Kesler construction,
// docs/bounds.md, "Multi-class (Kesler)"): for each sample i and class c ≠ yᵢ, the vector with +x̃ᵢ
// in block yᵢ and −x̃ᵢ in block c; U·Z = (u_y − u_c)·x̃ᵢ. Kesler vectors are never stored: n(k−1) of
// them of size k·d would be large, and each is cheap to rebuild from its sample.
#pragma once

#include <cstddef>
#include <optional>
#include <span>

#include "data/dataset.hpp"
#include "theory/work_limit.hpp"

namespace plab {

class PointSet {
 public:
  explicit PointSet(const Dataset& data);

  std::size_t size() const;  // number of points
  std::size_t dim() const;   // their dimension (d, or k·d for multi-class)
  void point(std::size_t index, std::span<double> out) const;

  struct Extreme {
    std::size_t index = 0;
    double value = 0.0;    // minⱼ x·Pⱼ
    bool stopped = false;  // `limit` was reached before every point was seen: no answer
  };
  // The point with the smallest inner product with x (lowest index among equals).
  Extreme min_dot(std::span<const double> x, WorkLimit* limit = nullptr) const;

  // An upper bound on the rounding error of any computed x·Pⱼ (for certificates); nullopt
  // when `limit` was reached first.
  std::optional<double> dot_error_bound(std::span<const double> x,
                                        WorkLimit* limit = nullptr) const;

 private:
  const Dataset& data_;
  bool multiclass_;
  std::size_t classes_;
};

}  // namespace plab
