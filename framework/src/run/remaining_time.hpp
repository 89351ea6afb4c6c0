// The time left of an experiment's runs, for the progress line (run/progress_line.hpp).
//
// Runs of different sweep points may differ widely in cost: a point with ten times the rows
// takes about ten times as long. The mean time of the runs finished so far would then be
// wrong by up to that factor while the cheap points finish first. So each point's runs left
// are priced at that point's own mean time once some of its runs finished, and before that
// at its work (rows × columns of its data, one epoch's work) times the time per unit of work
// of the runs finished so far. The sum, in thread-seconds, becomes wall-clock time at the
// rate seen so far (elapsed wall time per thread-second of finished runs, which counts the
// threads working side by side). A pure function of what it is told: no clock of its own.
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

namespace plab {

struct PointWork {
  std::size_t first_run = 0;  // canonical index of the point's first run
  std::size_t runs = 0;
  double work = 0;  // cost of one of its runs relative to other points' (0: not known)
};

class RemainingTime {
 public:
  // The points of the runs [first_run, end_run) still to do, in canonical order.
  RemainingTime(const std::vector<PointWork>& points, std::size_t first_run, std::size_t end_run);

  // Run `run` finished after `seconds` of its own (its thread's time).
  void finished(std::size_t run, double seconds);

  // Wall-clock seconds left, `elapsed` seconds after the first run began; none before a run
  // with a measurable time finished.
  std::optional<double> seconds_left(double elapsed) const;

 private:
  struct Point {
    PointWork work;
    std::size_t left = 0;  // runs of [first_run, end_run) not finished
    std::size_t finished = 0;
    double seconds = 0;
  };
  std::vector<Point> points_;
  std::size_t cursor_ = 0;  // the point of the latest finished run (runs finish in order)
  double seconds_ = 0;      // of every finished run
  double work_ = 0;         // of the finished runs of points whose work is known
  double work_seconds_ = 0;
  std::size_t finished_ = 0;
};

}  // namespace plab
