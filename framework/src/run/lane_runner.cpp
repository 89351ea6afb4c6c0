#include "run/lane_runner.hpp"

#include <algorithm>
#include <bit>
#include <optional>

#include "base/interrupt.hpp"
#include "plab/lane_vectors.hpp"
#include "plugin_loader/plugin_library.hpp"
#include "protocols/lane_training.hpp"
#include "run/parallel_runner.hpp"
#include "run/run_request.hpp"

namespace plab {

namespace {

constexpr std::size_t kMostRunsPerUnit = 64;
// The widest group `auto` makes, on AVX2 too: there one group of 32 (two passes of four
// vectors a sample) took 0.450–0.461 ms a run's epoch of the cyclic 50,000 × 100 and two of
// 16 0.494–0.497; 1,000 Iris runs 175–176 ms and 177–179 (AMD EPYC with AVX2,
// docs/performance.md, "On AVX2").
constexpr std::size_t kWidestGroup = 32;
constexpr std::size_t kGroupMemoryBudget = std::size_t{2} << 20;  // 2 MiB
constexpr std::size_t kSparseWidest = 8;                          // doubles in a 64-byte cache line
// The most 8 lanes' weights may take on sparse data under `auto` (262,144 features): half of
// the 32 MB last-level cache measured here. A fixed figure, not the machine's: sysconf's
// cache size is unreliable on virtual machines (it says 320 MiB on this one).
constexpr std::size_t kSparseLaneBudget = std::size_t{16} << 20;

// With per-run shuffles each lane gathers its own rows: that pays when the rows come from
// memory (the gathers overlap their misses), not when the data sits in cache, where one run
// at a time was measured faster (Iris, 150 rows: 1.0 s alone against 1.4 s in lanes).
constexpr std::size_t kShuffledLanesAbove = std::size_t{1} << 20;  // bytes of data

bool may_share_lanes(const PreparedPoint& p, const PreparedLearner& l, std::size_t lanes) {
  if (!lanes_apply(p.config.protocol) || l.plugin->descriptor().create_lanes == nullptr) {
    return false;
  }
  // Lanes read sparse rows in the shared (cyclic) order only (plab/lane_loop.hpp): sparse runs
  // with per-run shuffles train one at a time. Sparse rows read scattered weights, so lanes pay
  // while the group's weights stay in cache; past it each entry's lanes come from memory, and
  // one run at a time was faster (1,000,000 features: 8 lanes, 64 MB of weights, 23 ms a run's
  // epoch; alone, 8 MB in cache, 17 ms: docs/performance.md).
  if (p.data->sparse()) {
    const std::size_t group_bytes = kSparseWidest * p.data->cols() * sizeof(double);
    return p.config.protocol.order == SampleOrder::kCyclic &&
           (lanes != 0 || group_bytes <= kSparseLaneBudget);
  }
  if (lanes != 0 || p.config.protocol.order != SampleOrder::kShuffle) return true;
  const TrainingSet view = p.data->view();
  return view.rows * view.cols * sizeof(double) > kShuffledLanesAbove;
}

// `auto`: as many lanes as the unit has runs (a power of two, at most the widest group):
// more lanes than runs would only add work.
// A run of several weight rows (multi-class: a row a class) already sums one chain a row in
// each vector, so it takes one vector's lanes at most: a wider group loads as many weights a
// run and holds them past L1 (4 classes of 101 columns, a visit of a run: 8 lanes 35 ns,
// 32 lanes 45 ns; docs/performance.md).
// A group's own memory (its weights, `weights` a run, and with per-run shuffles one order per lane)
// stays within an L2-sized budget, so that memory stays near flat in the number of runs.
std::size_t auto_width(const WorkUnit& unit, const TrainingSet& view, std::size_t weights,
                       const ProtocolSpec& protocol) {
  std::size_t lanes =
      std::clamp<std::size_t>(std::bit_ceil(unit.end - unit.first), 2, kWidestGroup);
  if (weights >= 2 * view.cols) lanes = std::min(lanes, native_lane_width());
  // Sparse rows read the weights of scattered columns: the K lanes of one column share a
  // cache line up to 8 doubles, and the block is as large as K runs' weights alone anyway.
  if (view.sparse()) return std::min<std::size_t>(lanes, kSparseWidest);
  const std::size_t per_lane =
      weights * sizeof(double) +
      (protocol.order == SampleOrder::kShuffle ? view.rows * sizeof(std::uint32_t) : 0);
  while (lanes > 2 && lanes * per_lane > kGroupMemoryBudget) lanes /= 2;
  return lanes;
}

}  // namespace

std::vector<WorkUnit> plan_work_units(const Experiment& e, std::size_t first, std::size_t end,
                                      int threads, std::size_t lanes) {
  std::vector<WorkUnit> units;
  std::size_t i = first;
  while (i < end) {
    const RunId id = e.locate(i);
    const PreparedPoint& p = e.point(id.point);
    const auto repeats = static_cast<std::size_t>(p.config.repeats);
    // The rest of this (point, learner) block within [first, end).
    const std::size_t block_end = std::min(end, i + (repeats - id.repeat));
    const std::size_t block = block_end - i;
    if (lanes == 1 || block < 2 || !may_share_lanes(p, p.learners[id.learner], lanes)) {
      units.push_back({i, i + 1, false});
      ++i;
      continue;
    }
    const std::size_t per_thread = (block + static_cast<std::size_t>(threads) - 1) /
                                   static_cast<std::size_t>(std::max(threads, 1));
    const std::size_t size = std::clamp<std::size_t>(per_thread, 2, kMostRunsPerUnit);
    for (std::size_t start = i; start < block_end; start += size) {
      units.push_back({start, std::min(block_end, start + size), true});
    }
    i = block_end;
  }
  return units;
}

void execute_lane_unit(const Experiment& e, const WorkUnit& unit, std::size_t width,
                       const std::function<void(std::size_t, RunText)>& done) {
  const RunId first = e.locate(unit.first);
  const PreparedPoint& p = e.point(first.point);
  const PreparedLearner& l = p.learners[first.learner];
  const TrainingSet view = p.data->view();
  const LearnerSetup setup{l.params, p.data->task(), view.rows, view.cols, view.classes};
  const std::size_t weights = weights_per_run(request_for(e, first, view), view);
  const std::size_t lanes =
      width != 0
          ? width
          : auto_width(unit, view, std::max<std::size_t>(weights, view.cols), p.config.protocol);
  const std::shared_ptr<LaneGroup> group = l.plugin->create_lanes(setup, lanes);
  std::vector<RunRequest> requests;
  if (group != nullptr) {
    for (std::size_t i = unit.first; i < unit.end; ++i) {
      requests.push_back(request_for(e, e.locate(i), view));
    }
  }
  std::vector<std::optional<RunOutcome>> outcomes =
      group != nullptr ? train_in_lanes(requests, *group)
                       : std::vector<std::optional<RunOutcome>>(unit.end - unit.first);
  for (std::size_t i = unit.first; i < unit.end; ++i) {
    std::optional<RunOutcome>& outcome = outcomes[i - unit.first];
    if (!outcome.has_value()) {
      if (interrupt_requested()) return;  // not started: the files keep a prefix
      done(i, execute_one(e, i));
      continue;
    }
    const double seconds = outcome->train_seconds;
    done(i, run_text(e, e.locate(i), std::move(*outcome), seconds));
  }
}

}  // namespace plab
