// Per-sample update counts (`record_sample_mistakes`): an UpdateObserver that counts the
// updates each row caused and passes every update on to the protocol's own observer (the
// trajectory's), if any. Called only on updates, never per sample.
#pragma once

#include <cstdint>
#include <vector>

#include "plab/learner.hpp"

namespace plab {

class SampleCounter final : public UpdateObserver {
 public:
  SampleCounter(std::size_t rows, UpdateObserver* next) : counts_(rows, 0), next_(next) {}
  void on_update(std::size_t sample, std::span<const double> weights) override {
    // A batch update has no single sample: no per-sample counts for that run.
    if (sample < counts_.size()) {
      ++counts_[sample];
    } else {
      whole_ = false;
    }
    if (next_ != nullptr) next_->on_update(sample, weights);
  }
  // The counts, or empty when some update named no row (a batch learner's) or when they do
  // not add up to the run's `updates` (a plugin that does not report every update).
  std::vector<std::uint64_t> take(std::uint64_t updates) {
    std::uint64_t total = 0;
    for (std::uint64_t c : counts_) total += c;
    if (!whole_ || total != updates) counts_.clear();
    return std::move(counts_);
  }

 private:
  std::vector<std::uint64_t> counts_;
  UpdateObserver* next_;
  bool whole_ = true;
};

}  // namespace plab
