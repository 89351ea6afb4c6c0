#include "run/progress_line.hpp"

#include <cmath>
#include <cstdio>
#include <optional>
#include <string>
#include <utility>

namespace plab {

namespace {

using Clock = std::chrono::steady_clock;

std::string clock_text(double seconds) {
  const long long s = std::llround(seconds);
  char buffer[32];
  if (s >= 3600) {
    std::snprintf(buffer, sizeof buffer, "%lld:%02lld:%02lld", s / 3600, s / 60 % 60, s % 60);
  } else {
    std::snprintf(buffer, sizeof buffer, "%lld:%02lld", s / 60, s % 60);
  }
  return buffer;
}

}  // namespace

ProgressLine::ProgressLine(std::size_t total, std::size_t already_done, ProgressStyle style,
                           RemainingTime remaining)
    : total_(total),
      start_done_(already_done),
      style_(style),
      remaining_(std::move(remaining)),
      done_(already_done),
      printed_done_(already_done),
      start_(Clock::now()),
      last_(start_) {}

bool ProgressLine::plain_line_due(std::size_t done, Clock::time_point now) const {
  if (done >= total_) return true;
  const auto since_last = now - last_;
  if (since_last >= std::chrono::seconds(10)) return true;
  // Another 5 % of the runs, rounded up so that a small run does not print a line a run.
  const std::size_t step = (total_ + 19) / 20;
  return done - printed_done_ >= step && since_last >= std::chrono::seconds(1);
}

void ProgressLine::update(std::size_t done, std::size_t run, double seconds) {
  if (style_ == ProgressStyle::kNone) return;
  remaining_.finished(run, seconds);
  done_ = done;
  const auto now = Clock::now();
  if (style_ == ProgressStyle::kPlain) {
    if (done > printed_done_ && plain_line_due(done, now)) print(done, now);
    return;
  }
  if (drawn_ && now - last_ < std::chrono::milliseconds(200) && done < total_) return;
  print(done, now);
}

void ProgressLine::print(std::size_t done, Clock::time_point now) {
  last_ = now;
  drawn_ = true;
  printed_done_ = done;
  const double elapsed = std::chrono::duration<double>(now - start_).count();
  const double rate = elapsed > 0 ? static_cast<double>(done - start_done_) / elapsed : 0.0;
  const double percent =
      total_ > 0 ? 100.0 * static_cast<double>(done) / static_cast<double>(total_) : 100.0;
  const std::optional<double> left =
      done >= total_ ? std::optional<double>(0.0) : remaining_.seconds_left(elapsed);
  const std::string eta = left.has_value() ? clock_text(*left) : "--:--";
  if (style_ == ProgressStyle::kPlain) {
    std::fprintf(stderr, "plab: progress: %zu/%zu runs  %5.1f%%  %.1f runs/s  elapsed %s  ETA %s\n",
                 done, total_, percent, rate, clock_text(elapsed).c_str(), eta.c_str());
  } else {
    std::fprintf(stderr, "\r\033[K%zu/%zu runs  %5.1f%%  %.1f runs/s  elapsed %s  ETA %s", done,
                 total_, percent, rate, clock_text(elapsed).c_str(), eta.c_str());
  }
  std::fflush(stderr);
}

void ProgressLine::finish() {
  if (style_ == ProgressStyle::kPlain) {
    // The last line: where the runs stopped (all done, or interrupted), unless already said.
    if (!drawn_ || done_ != printed_done_) print(done_, Clock::now());
    return;
  }
  if (style_ == ProgressStyle::kNone || !drawn_) return;
  std::fprintf(stderr, "\r\033[K");
  std::fflush(stderr);
}

}  // namespace plab
