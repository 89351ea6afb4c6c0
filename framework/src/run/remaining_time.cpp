#include "run/remaining_time.hpp"

#include <algorithm>

namespace plab {

RemainingTime::RemainingTime(const std::vector<PointWork>& points, std::size_t first_run,
                             std::size_t end_run) {
  for (const PointWork& p : points) {
    const std::size_t begin = std::max(p.first_run, first_run);
    const std::size_t end = std::min(p.first_run + p.runs, end_run);
    points_.push_back(Point{p, end > begin ? end - begin : 0, 0, 0});
  }
}

void RemainingTime::finished(std::size_t run, double seconds) {
  // Runs are told in canonical order, so the cursor only moves forward (a search from the
  // start, should one come out of order).
  if (cursor_ < points_.size() && run < points_[cursor_].work.first_run) cursor_ = 0;
  while (cursor_ < points_.size() &&
         run >= points_[cursor_].work.first_run + points_[cursor_].work.runs) {
    ++cursor_;
  }
  if (cursor_ == points_.size()) return;
  Point& p = points_[cursor_];
  seconds = std::max(seconds, 0.0);
  if (p.left > 0) --p.left;
  ++p.finished;
  p.seconds += seconds;
  seconds_ += seconds;
  ++finished_;
  if (p.work.work > 0) {
    work_ += p.work.work;
    work_seconds_ += seconds;
  }
}

std::optional<double> RemainingTime::seconds_left(double elapsed) const {
  if (finished_ == 0 || seconds_ <= 0) return std::nullopt;
  const double per_run = seconds_ / static_cast<double>(finished_);
  const double per_work = work_ > 0 ? work_seconds_ / work_ : 0;
  double left = 0;  // thread-seconds
  for (const Point& p : points_) {
    if (p.left == 0) continue;
    double each = per_run;
    if (p.finished > 0) {
      each = p.seconds / static_cast<double>(p.finished);
    } else if (p.work.work > 0 && per_work > 0) {
      each = p.work.work * per_work;
    }
    left += each * static_cast<double>(p.left);
  }
  // Wall time per thread-second so far: 1 on one thread, about 1/T on T busy threads.
  return left * (elapsed / seconds_);
}

}  // namespace plab
