#include "theory/oracle_progress.hpp"

#include <atomic>
#include <chrono>
#include <cstdio>

namespace plab {

namespace {

std::atomic<bool> g_enabled{true};

}  // namespace

void SlowMethodNotice::enable(bool enabled) { g_enabled = enabled; }

SlowMethodNotice::SlowMethodNotice(std::string line) {
  if (!g_enabled) return;
  watcher_ = std::thread([this, line = std::move(line)] {
    std::unique_lock lock(mutex_);
    if (done_signal_.wait_for(lock, std::chrono::seconds(1), [this] { return done_; })) return;
    std::fprintf(stderr, "plab: %s\n", line.c_str());
    std::fflush(stderr);
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
