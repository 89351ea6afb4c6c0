#include "run/shard_range.hpp"

#include <algorithm>
#include <vector>

namespace plab {

RunRange shard_range(const Experiment& e, const ShardSpec& shard) {
  // A large sweep's points are not all prepared, so their work is not known: its runs are
  // split evenly by number (every point makes as many).
  if (e.large) {
    // At most 10^9 runs times 10^5 shards: no overflow.
    const auto at = [&](std::size_t i) { return e.total_runs * i / shard.count; };
    return RunRange{at(shard.index), at(shard.index + 1)};
  }
  // Cumulative estimated work at the start of each point; runs within a point cost alike.
  double total = 0.0;
  std::vector<double> per_run(e.points.size());
  for (std::size_t p = 0; p < e.points.size(); ++p) {
    const PreparedPoint& point = e.points[p];
    double point_cost = 0.0;
    for (const PreparedLearner& l : point.learners) {
      point_cost += static_cast<double>(point.data->rows() * l.shape.size());
    }
    per_run[p] = point_cost / static_cast<double>(point.learners.size());
    total += point_cost * static_cast<double>(point.config.repeats);
  }
  // The first run whose cumulative cost reaches `target`.
  auto boundary = [&](double target) -> std::size_t {
    if (target <= 0.0) return 0;
    double before = 0.0;
    for (std::size_t p = 0; p < e.points.size(); ++p) {
      const double point_total = per_run[p] * static_cast<double>(e.points[p].runs());
      if (before + point_total >= target) {
        const auto k = static_cast<std::size_t>((target - before) / per_run[p]);
        return std::min(e.points[p].first_run + k, e.points[p].first_run + e.points[p].runs());
      }
      before += point_total;
    }
    return e.total_runs;
  };
  RunRange r;
  r.begin = boundary(total * static_cast<double>(shard.index) / static_cast<double>(shard.count));
  r.end = shard.index + 1 == shard.count ? e.total_runs
                                         : boundary(total * static_cast<double>(shard.index + 1) /
                                                    static_cast<double>(shard.count));
  return r;
}

}  // namespace plab
