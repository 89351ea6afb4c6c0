// When a long step of the margin oracle must stop. Three causes, told apart because only
// one of them depends on the data alone:
// - its work budget (theory.oracle_work): a count of multiply-adds (or solver iterations)
//   that is the same on every machine, so a method stopped by it stops at the same step,
//   with the same result, on a quiet machine and on a loaded one;
// - the clock (theory.oracle_seconds), a safety stop only: where it stops a method first,
//   the oracle's answer is "undecided" and says so (docs/reproducibility.md);
// - a signal asking plab to stop.
// One pass of the oracle over its points can itself be long (a multi-class set of n rows
// and k classes has n(k-1) Kesler points of k·d values: with one class per row, n² d
// multiply-adds a pass), so the loops count inside a pass, not only between iterations.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>

namespace plab {

// The default of theory.oracle_work: multiply-adds (or their equivalent) per method.
inline constexpr std::uint64_t kDefaultOracleWork = 20'000'000'000;
inline constexpr std::uint64_t kUnlimitedWork = std::numeric_limits<std::uint64_t>::max();

class WorkLimit {
 public:
  using Clock = std::chrono::steady_clock;
  enum class Stop { kNone, kWork, kClock, kSignal };

  WorkLimit() = default;  // no deadline, no work budget: only a signal stops the work
  explicit WorkLimit(std::optional<Clock::time_point> deadline,
                     std::uint64_t work_budget = kUnlimitedWork)
      : deadline_(deadline), budget_(work_budget) {}

  // Counts `work` multiply-adds. The work budget is checked on every call (exactly, so the
  // stop falls on the same call on every machine); the clock and the signal flag are looked
  // at once about kPollWork of them have accumulated (well under a millisecond): cheap
  // enough to call once a row. Once reached, it stays reached.
  bool reached(std::uint64_t work);
  bool reached_now();  // the budget, the signal and the clock now, whatever the work since
  bool was_reached() const { return stop_ != Stop::kNone; }
  Stop stop() const { return stop_; }
  bool stopped_by_clock() const { return stop_ == Stop::kClock; }
  std::uint64_t work_done() const { return done_; }
  std::uint64_t work_budget() const { return budget_; }

 private:
  static constexpr std::uint64_t kPollWork = std::uint64_t{1} << 16;
  std::optional<Clock::time_point> deadline_;
  std::uint64_t budget_ = kUnlimitedWork;
  std::uint64_t done_ = 0;
  std::uint64_t pending_ = 0;
  Stop stop_ = Stop::kNone;
};

// The deadline `seconds` from now (clamped to [0, 1e9] s).
WorkLimit::Clock::time_point deadline_after(double seconds);

}  // namespace plab
