#include "results/folder/ordered_writer.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "support/temp_dir.hpp"

namespace plab {
namespace {

RunText text(std::size_t i) {
  return RunText{"r" + std::to_string(i) + "\n", "t" + std::to_string(i) + "\n", "", false, {}};
}

TEST(OrderedWriter, WritesInCanonicalOrderWhateverTheSubmissionOrder) {
  test::TempDir dir;
  std::vector<std::size_t> seen;
  {
    OrderedWriter w(dir.path(), 0, 100, false,
                    [&](std::size_t i, const RunText&) { seen.push_back(i); });
    for (std::size_t i : {2, 0, 3, 1, 4}) w.submit(i, text(i));
    EXPECT_EQ(w.close(), "");
  }
  EXPECT_EQ(test::read_file(dir / "runs.jsonl"), "r0\nr1\nr2\nr3\nr4\n");
  EXPECT_EQ(test::read_file(dir / "timings.jsonl"), "t0\nt1\nt2\nt3\nt4\n");
  EXPECT_EQ(seen, (std::vector<std::size_t>{0, 1, 2, 3, 4}));
}

TEST(OrderedWriter, StopKeepsOnlyTheCanonicalPrefix) {
  test::TempDir dir;
  OrderedWriter w(dir.path(), 0, 100, false, [](std::size_t, const RunText&) {});
  w.submit(0, text(0));
  w.submit(2, text(2));  // waits for 1, which never comes
  w.request_stop();
  w.submit(1, text(1));  // after the stop: dropped
  EXPECT_EQ(w.next_index(), 1u);
  w.close();
  EXPECT_EQ(test::read_file(dir / "runs.jsonl"), "r0\n");
}

// An interrupt: runs already running (another thread's lane group) still land when they
// extend the prefix; no new run may start, and a run that never came ends the prefix.
TEST(OrderedWriter, AfterAnInterruptRunningRunsStillExtendThePrefix) {
  test::TempDir dir;
  OrderedWriter w(dir.path(), 0, 100, false, [](std::size_t, const RunText&) {});
  w.submit(0, text(0));
  w.submit(2, text(2));  // waits for 1
  w.stop_new_runs();
  EXPECT_FALSE(w.wait_turn(3));
  w.submit(1, text(1));  // finished after the signal: written, and 2 with it
  w.submit(4, text(4));  // 3 never ran: 4 stays out
  EXPECT_EQ(w.next_index(), 3u);
  EXPECT_EQ(w.close(), "");
  EXPECT_EQ(test::read_file(dir / "runs.jsonl"), "r0\nr1\nr2\n");
}

// A thread waiting for its turn when the interrupt comes does not start its run.
TEST(OrderedWriter, AnInterruptWakesAThreadWaitingForItsTurn) {
  test::TempDir dir;
  OrderedWriter w(dir.path(), 0, 1, false, [](std::size_t, const RunText&) {});
  std::atomic<bool> turn{true};
  std::thread far([&] { turn = w.wait_turn(5); });
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  w.stop_new_runs();
  far.join();
  EXPECT_FALSE(turn.load());
  w.close();
}

TEST(OrderedWriter, WaitTurnBlocksRunsTooFarAheadUntilThePrefixMoves) {
  test::TempDir dir;
  OrderedWriter w(dir.path(), 0, 2, false, [](std::size_t, const RunText&) {});
  EXPECT_TRUE(w.wait_turn(1));
  std::atomic<bool> started{false};
  std::thread far([&] {
    EXPECT_TRUE(w.wait_turn(2));
    started = true;
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_FALSE(started.load());
  w.submit(0, text(0));
  far.join();
  EXPECT_TRUE(started.load());
  w.close();
}

TEST(OrderedWriter, AppendsAfterAnExistingPrefix) {
  test::TempDir dir;
  dir.write("runs.jsonl", "r0\n");
  {
    OrderedWriter w(dir.path(), 1, 10, false, [](std::size_t, const RunText&) {});
    w.submit(1, text(1));
    w.close();
  }
  EXPECT_EQ(test::read_file(dir / "runs.jsonl"), "r0\nr1\n");
}

}  // namespace
}  // namespace plab
