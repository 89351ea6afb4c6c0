#include "theory/oracle_progress.hpp"

#include <atomic>
#include <chrono>
#include <cstdio>
#include <system_error>

namespace plab {

namespace {

std::atomic<bool> g_enabled{true};

}  // namespace

void SlowMethodNotice::enable(bool enabled) { g_enabled = enabled; }

SlowMethodNotice::SlowMethodNotice(std::string line, std::string what) {
  if (!g_enabled) return;
  // The notice only reports progress: where no thread can start (an address-space limit), the
  // method runs without it.
  try {
    start_watcher(std::move(line), std::move(what));
  } catch (const std::system_error&) {
    return;
  }
  // The method this notice watches may fork (LIBLINEAR runs in a child): a thread that is
  // still starting up may hold an allocator lock at that moment, and the child would then
  // wait for it forever (ASan's allocator has no fork handler: every such child hung until
  // the oracle's budget ran out). Once the watcher waits, it holds none.
  std::unique_lock lock(mutex_);
  waiting_signal_.wait(lock, [this] { return waiting_; });
}

void SlowMethodNotice::start_watcher(std::string line, std::string what) {
  watcher_ = std::thread([this, line = std::move(line), what = std::move(what)] {
    std::unique_lock lock(mutex_);
    waiting_ = true;
    waiting_signal_.notify_one();
    if (done_signal_.wait_for(lock, std::chrono::seconds(1), [this] { return done_; })) return;
    std::fprintf(stderr, "plab: %s\n", line.c_str());
    std::fflush(stderr);
    for (long long seconds = 11; !what.empty(); seconds += 10) {
      if (done_signal_.wait_for(lock, std::chrono::seconds(10), [this] { return done_; })) return;
      std::fprintf(stderr, "plab: %s: still working after %lld s\n", what.c_str(), seconds);
      std::fflush(stderr);
    }
  });
}

SlowMethodNotice::~SlowMethodNotice() {
  if (!watcher_.joinable()) return;
  {
    const std::lock_guard lock(mutex_);
    done_ = true;
  }
  done_signal_.notify_one();
  watcher_.join();
}

}  // namespace plab
