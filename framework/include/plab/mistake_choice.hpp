// The choice a mistake-driven order makes at each step (random_mistake,
// worst_mistake; docs/learners.md, "Orders"), written once for every learner that scans for
// mistakes itself.
//
// A step offers the misclassified rows in increasing index order, each with its margin
// (y·score, or a multi-class learner's own); `worst_mistake` (MistakePick::kWorst) takes the
// smallest margin, the lowest index among equals; `random_mistake` (kUniform) takes the
// ⌊uniform·m⌋-th of the m offered, `uniform` ∈ [0, 1) being the engine's draw.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "plab/learner.hpp"

namespace plab {

class MistakeChoice {
 public:
  // `rows` holds the offered rows; a learner keeps it between steps so a step allocates
  // nothing once it has grown.
  explicit MistakeChoice(std::vector<std::uint32_t>& rows) : rows_(rows) { rows_.clear(); }

  void offer(std::size_t row, double margin) {
    if (rows_.empty() || margin < worst_margin_) {  // strict: the lowest index among equals
      worst_margin_ = margin;
      worst_ = row;
    }
    rows_.push_back(static_cast<std::uint32_t>(row));
  }

  bool empty() const { return rows_.empty(); }

  // The row to update on; only when !empty().
  std::size_t pick(MistakePick how, double uniform) const {
    if (how == MistakePick::kWorst) return worst_;
    std::size_t k = static_cast<std::size_t>(uniform * static_cast<double>(rows_.size()));
    if (k >= rows_.size()) k = rows_.size() - 1;
    return rows_[k];
  }

 private:
  std::vector<std::uint32_t>& rows_;
  std::size_t worst_ = 0;
  double worst_margin_ = 0.0;
};

}  // namespace plab
