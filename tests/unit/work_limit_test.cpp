// The oracle's work counter (theory/work_limit.hpp): the work budget stops on the same call
// whatever the time, the clock only when looked at, and a stop stays a stop.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <limits>

#include "support/binary_rows.hpp"
#include "theory/min_norm_point.hpp"
#include "theory/point_set.hpp"
#include "theory/work_limit.hpp"

namespace plab {
namespace {

using test::binary_rows;

TEST(WorkLimit, StopsOnTheCallThatPassesTheBudget) {
  WorkLimit limit(std::nullopt, 10);
  EXPECT_FALSE(limit.reached(4));
  EXPECT_FALSE(limit.reached(6));  // 10: the budget itself is allowed
  EXPECT_EQ(limit.work_done(), 10u);
  EXPECT_FALSE(limit.was_reached());
  EXPECT_TRUE(limit.reached(1));
  EXPECT_EQ(limit.stop(), WorkLimit::Stop::kWork);
  EXPECT_FALSE(limit.stopped_by_clock());
  // Once reached it stays reached and counts nothing more.
  EXPECT_TRUE(limit.reached(0));
  EXPECT_TRUE(limit.reached_now());
  EXPECT_EQ(limit.work_done(), 11u);
}

TEST(WorkLimit, TheBudgetIsCheckedBeforeAnExpiredClock) {
  // A deadline long past: the clock is looked at only every 65,536 units of work, the budget
  // on every call, so a budget passed within them is the stop, whatever the time.
  const auto past = WorkLimit::Clock::now() - std::chrono::seconds(1);
  WorkLimit limit(past, 100);
  EXPECT_FALSE(limit.reached(100));
  EXPECT_TRUE(limit.reached(1));
  EXPECT_EQ(limit.stop(), WorkLimit::Stop::kWork);
}

TEST(WorkLimit, TheClockStopsWhenLookedAtWithinTheBudget) {
  const auto past = WorkLimit::Clock::now() - std::chrono::seconds(1);
  WorkLimit polled(past);
  EXPECT_FALSE(polled.reached(1000));                   // not looked at yet
  EXPECT_TRUE(polled.reached(std::uint64_t{1} << 16));  // 65,536 more: looked at
  EXPECT_TRUE(polled.stopped_by_clock());
  WorkLimit now(past, 1'000'000);
  EXPECT_TRUE(now.reached_now());
  EXPECT_EQ(now.stop(), WorkLimit::Stop::kClock);
  // No deadline and no budget: only a signal would stop it.
  WorkLimit unlimited;
  EXPECT_FALSE(unlimited.reached(std::uint64_t{1} << 40));
  EXPECT_FALSE(unlimited.reached_now());
}

TEST(WorkLimit, TheCountSaturatesInsteadOfWrappingAround) {
  WorkLimit limit(std::nullopt, kUnlimitedWork - 1);
  EXPECT_FALSE(limit.reached(kUnlimitedWork - 1));
  EXPECT_TRUE(limit.reached(kUnlimitedWork));  // would wrap to a small count
  EXPECT_EQ(limit.work_done(), kUnlimitedWork);
  EXPECT_EQ(limit.stop(), WorkLimit::Stop::kWork);
}

TEST(WorkLimit, WolfeStopsAtTheSameStepForTheSameBudget) {
  // Points on a circle around (2, 0) with a bias column: many iterations to the optimum.
  std::vector<std::vector<double>> rows;
  std::vector<int> labels;
  for (int i = 0; i < 60; ++i) {
    const double a = 0.1 * i;
    rows.push_back({1.0, 2.0 + std::cos(a), std::sin(a), std::cos(3 * a)});
    labels.push_back(+1);
  }
  const Dataset d = binary_rows(rows, labels);
  const PointSet points(d);
  MinNormOptions full;
  full.max_work = kUnlimitedWork;
  const MinNormResult unlimited = min_norm_point(points, full);
  ASSERT_EQ(unlimited.stop, WorkLimit::Stop::kNone);
  ASSERT_GT(unlimited.iterations, 2u);
  MinNormOptions small;
  small.max_work = unlimited.work / 2;
  const MinNormResult a = min_norm_point(points, small);
  const MinNormResult b = min_norm_point(points, small);
  EXPECT_EQ(a.stop, WorkLimit::Stop::kWork);
  EXPECT_LE(a.work, small.max_work + 1000);  // the count stops at the call that passes it
  EXPECT_LT(a.iterations, unlimited.iterations);
  EXPECT_EQ(a.iterations, b.iterations);
  EXPECT_EQ(a.point, b.point);
  EXPECT_FALSE(a.point.empty());
}

}  // namespace
}  // namespace plab
