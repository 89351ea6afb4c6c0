#include "theory/work_limit.hpp"

#include <algorithm>

#include "base/interrupt.hpp"

namespace plab {

bool WorkLimit::reached(std::uint64_t work) {
  if (stop_ != Stop::kNone) return true;
  // Saturating: a budget near the largest count cannot wrap around.
  done_ = work > kUnlimitedWork - done_ ? kUnlimitedWork : done_ + work;
  if (done_ > budget_) {
    stop_ = Stop::kWork;
    return true;
  }
  pending_ += work;
  if (pending_ < kPollWork) return false;
  return reached_now();
}

bool WorkLimit::reached_now() {
  pending_ = 0;
  if (stop_ != Stop::kNone) return true;
  if (done_ > budget_) {
    stop_ = Stop::kWork;
  } else if (interrupt_requested()) {
    stop_ = Stop::kSignal;
  } else if (deadline_ && Clock::now() > *deadline_) {
    stop_ = Stop::kClock;
  }
  return stop_ != Stop::kNone;
}

WorkLimit::Clock::time_point deadline_after(double seconds) {
  return WorkLimit::Clock::now() +
         std::chrono::duration_cast<WorkLimit::Clock::duration>(
             std::chrono::duration<double>(std::clamp(seconds, 0.0, 1e9)));
}

}  // namespace plab
