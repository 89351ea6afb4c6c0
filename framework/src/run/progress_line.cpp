#include "run/progress_line.hpp"

#include <cmath>
#include <cstdio>
#include <string>

namespace plab {

namespace {

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

ProgressLine::ProgressLine(std::size_t total, std::size_t already_done, bool enabled)
    : total_(total),
      start_done_(already_done),
      enabled_(enabled),
      start_(std::chrono::steady_clock::now()),
      last_(start_) {}

void ProgressLine::update(std::size_t done) {
  if (!enabled_) return;
  const auto now = std::chrono::steady_clock::now();
  if (drawn_ && now - last_ < std::chrono::milliseconds(200) && done < total_) return;
  last_ = now;
  drawn_ = true;
  const double elapsed = std::chrono::duration<double>(now - start_).count();
  const double rate = elapsed > 0 ? static_cast<double>(done - start_done_) / elapsed : 0.0;
  const double percent =
      total_ > 0 ? 100.0 * static_cast<double>(done) / static_cast<double>(total_) : 100.0;
  const std::string eta =
      rate > 0 ? clock_text(static_cast<double>(total_ - done) / rate) : "--:--";
  std::fprintf(stderr, "\r\033[K%zu/%zu runs  %5.1f%%  %.1f runs/s  elapsed %s  ETA %s", done,
               total_, percent, rate, clock_text(elapsed).c_str(), eta.c_str());
  std::fflush(stderr);
}

void ProgressLine::finish() {
  if (!enabled_ || !drawn_) return;
  std::fprintf(stderr, "\r\033[K");
  std::fflush(stderr);
}

}  // namespace plab
