// The progress line's time left on a sweep whose points differ tenfold in cost, driven with
// recorded run times (no clock: the estimate is a pure function of what it is told).
#include "run/remaining_time.hpp"

#include <gtest/gtest.h>

namespace {

// Two points of 10 runs: 1,000 rows at 1 s a run, then 10,000 rows at 10 s a run (cols 5).
plab::RemainingTime tenfold() {
  return plab::RemainingTime({{0, 10, 1000.0 * 5}, {10, 10, 10000.0 * 5}}, 0, 20);
}

TEST(RemainingTime, PricesTheDearPointByItsWorkBeforeAnyOfItsRunsFinished) {
  plab::RemainingTime t = tenfold();
  EXPECT_FALSE(t.seconds_left(0).has_value());
  for (std::size_t run = 0; run < 10; ++run) t.finished(run, 1.0);
  // Half the runs done, one thread (10 s elapsed for 10 thread-seconds): 100 s are left.
  // The mean over finished runs would say 10 s; the estimate must be within 20 % of 100 s.
  const auto left = t.seconds_left(10.0);
  ASSERT_TRUE(left.has_value());
  EXPECT_GT(*left, 80.0);
  EXPECT_LT(*left, 120.0);
}

TEST(RemainingTime, UsesThePointsOwnTimesOnceSomeFinished) {
  plab::RemainingTime t = tenfold();
  for (std::size_t run = 0; run < 10; ++run) t.finished(run, 1.0);
  // The dear point turns out 12 s a run, not the 10 its work predicts: 9 runs left at 12 s.
  t.finished(10, 12.0);
  const auto left = t.seconds_left(22.0);
  ASSERT_TRUE(left.has_value());
  EXPECT_DOUBLE_EQ(*left, 9 * 12.0);
}

TEST(RemainingTime, CountsThreadsWorkingSideBySide) {
  plab::RemainingTime t = tenfold();
  for (std::size_t run = 0; run < 10; ++run) t.finished(run, 1.0);
  // 10 thread-seconds in 2.5 s of wall time: four threads busy, so a quarter of 100 s.
  const auto left = t.seconds_left(2.5);
  ASSERT_TRUE(left.has_value());
  EXPECT_DOUBLE_EQ(*left, 25.0);
}

TEST(RemainingTime, CheapPointsLeftAfterTheDearOnesAreNotOverpriced) {
  // The dear point first: its runs do not make the cheap ones look dear.
  plab::RemainingTime t({{0, 10, 10000.0}, {10, 10, 1000.0}}, 0, 20);
  for (std::size_t run = 0; run < 10; ++run) t.finished(run, 10.0);
  const auto left = t.seconds_left(100.0);
  ASSERT_TRUE(left.has_value());
  EXPECT_DOUBLE_EQ(*left, 10.0);
}

TEST(RemainingTime, OnlyTheRunsStillToDoCount) {
  // A resume from run 15: 5 runs of the dear point are left, none of the cheap one.
  plab::RemainingTime t({{0, 10, 1000.0}, {10, 10, 10000.0}}, 15, 20);
  t.finished(15, 10.0);
  const auto left = t.seconds_left(10.0);
  ASSERT_TRUE(left.has_value());
  EXPECT_DOUBLE_EQ(*left, 4 * 10.0);
}

TEST(RemainingTime, WithoutKnownWorkTheMeanOfFinishedRunsPricesTheRest) {
  plab::RemainingTime t({{0, 4, 0}, {4, 4, 0}}, 0, 8);
  t.finished(0, 2.0);
  t.finished(1, 4.0);
  const auto left = t.seconds_left(6.0);
  ASSERT_TRUE(left.has_value());
  // Point 0: 2 left at its mean 3 s; point 1: 4 left at the overall mean 3 s.
  EXPECT_DOUBLE_EQ(*left, 6 * 3.0);
}

}  // namespace
