// When a long step of the margin oracle must stop: its budget (theory.oracle_seconds) is
// spent, or a signal asked plab to stop. One pass of the oracle over its points can itself
// be long (a multi-class set of n rows and k classes has n(k-1) Kesler points of k·d values:
// with one class per row, n² d multiply-adds a pass), so the loops ask inside a pass, not
// only between iterations.
#pragma once

#include <chrono>
#include <cstddef>
#include <optional>

namespace plab {

class WorkLimit {
 public:
  using Clock = std::chrono::steady_clock;

  WorkLimit() = default;  // no deadline: only a signal stops the work
  explicit WorkLimit(Clock::time_point deadline) : deadline_(deadline) {}

  // Counts `work` multiply-adds done since the last call and looks at the clock and the
  // signal flag once about kPollWork of them have accumulated (well under a millisecond):
  // cheap enough to call once a row. Once reached, it stays reached.
  bool reached(std::size_t work);
  bool reached_now();  // looks now, whatever the work since the last look
  bool was_reached() const { return reached_; }

 private:
  static constexpr std::size_t kPollWork = std::size_t{1} << 16;
  std::optional<Clock::time_point> deadline_;
  std::size_t pending_ = 0;
  bool reached_ = false;
};

}  // namespace plab
