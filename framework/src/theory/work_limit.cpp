#include "theory/work_limit.hpp"

#include "base/interrupt.hpp"

namespace plab {

bool WorkLimit::reached(std::size_t work) {
  if (reached_) return true;
  pending_ += work;
  if (pending_ < kPollWork) return false;
  return reached_now();
}

bool WorkLimit::reached_now() {
  pending_ = 0;
  if (!reached_) reached_ = interrupt_requested() || (deadline_ && Clock::now() > *deadline_);
  return reached_;
}

}  // namespace plab
