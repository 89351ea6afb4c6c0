// A line on stderr when one of the oracle's methods takes longer than a second, so that a
// slow oracle is not mistaken for a hung one (issue 14). Quick methods print nothing.
#pragma once

#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

namespace plab {

class SlowMethodNotice {
 public:
  // Prints `line` (prefixed "plab: ") if this object still lives one second from now.
  explicit SlowMethodNotice(std::string line);
  ~SlowMethodNotice();
  SlowMethodNotice(const SlowMethodNotice&) = delete;
  SlowMethodNotice& operator=(const SlowMethodNotice&) = delete;

  static void enable(bool enabled);

 private:
  std::mutex mutex_;
  std::condition_variable done_signal_;
  std::condition_variable waiting_signal_;
  bool done_ = false;
  bool waiting_ = false;  // the watcher has started and waits: it allocates nothing now
  std::thread watcher_;
};

}  // namespace plab
