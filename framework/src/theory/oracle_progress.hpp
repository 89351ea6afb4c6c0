// A line on stderr when one of the oracle's methods (or the reading of a data set) takes
// longer than a second, so that slow work is not mistaken for a hung plab; then, with `what`,
// a line every 10 s while it lasts, so that a batch job's log shows it is still alive.
// Quick work prints nothing.
#pragma once

#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

namespace plab {

class SlowMethodNotice {
 public:
  // Prints `line` (prefixed "plab: ") if this object still lives one second from now, then
  // "plab: WHAT: still working after N s" every 10 s (none when `what` is empty).
  explicit SlowMethodNotice(std::string line, std::string what = {});
  ~SlowMethodNotice();
  SlowMethodNotice(const SlowMethodNotice&) = delete;
  SlowMethodNotice& operator=(const SlowMethodNotice&) = delete;

  static void enable(bool enabled);

 private:
  void start_watcher(std::string line, std::string what);

  std::mutex mutex_;
  std::condition_variable done_signal_;
  std::condition_variable waiting_signal_;
  bool done_ = false;
  bool waiting_ = false;  // the watcher has started and waits: it allocates nothing now
  std::thread watcher_;
};

}  // namespace plab
