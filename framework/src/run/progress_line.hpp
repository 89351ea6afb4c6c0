// A one-line progress display on stderr: runs done / total, rate and time left.
// Silent unless enabled (the CLI enables it when stderr is a terminal and not --quiet).
#pragma once

#include <chrono>
#include <cstddef>

namespace plab {

class ProgressLine {
 public:
  ProgressLine(std::size_t total, std::size_t already_done, bool enabled);
  void update(std::size_t done);  // cheap: redraws at most 5 times a second
  void finish();                  // clears the line

 private:
  std::size_t total_;
  std::size_t start_done_;
  bool enabled_;
  bool drawn_ = false;
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point last_;
};

}  // namespace plab
