// Progress on stderr while runs go: runs done / total, rate and time left (priced point by
// point: run/remaining_time.hpp).
//
// On a terminal, one line redrawn in place (at most 5 times a second). Elsewhere (a batch
// job's log, a pipe) plain lines that a log keeps: one at each further 5 % of the runs, but
// not more than one a second, one at least every 10 s while runs finish, and a last one at
// the end. Silent with kNone (the CLI's --quiet).
#pragma once

#include <chrono>
#include <cstddef>

#include "run/remaining_time.hpp"

namespace plab {

enum class ProgressStyle { kNone, kTerminal, kPlain };

class ProgressLine {
 public:
  // `total` runs, `already_done` of them on disk before (a resume); `remaining` prices the
  // runs left.
  ProgressLine(std::size_t total, std::size_t already_done, ProgressStyle style,
               RemainingTime remaining);
  // `done` runs now, the latest run `run` after `seconds` of its own. Cheap: prints only as
  // often as said above.
  void update(std::size_t done, std::size_t run, double seconds);
  void finish();  // clears the terminal line, or prints the last plain line

 private:
  void print(std::size_t done, std::chrono::steady_clock::time_point now);
  bool plain_line_due(std::size_t done, std::chrono::steady_clock::time_point now) const;

  std::size_t total_;
  std::size_t start_done_;
  ProgressStyle style_;
  RemainingTime remaining_;
  bool drawn_ = false;
  std::size_t done_ = 0;          // the latest count given to update()
  std::size_t printed_done_ = 0;  // the count of the last line printed
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point last_;
};

}  // namespace plab
