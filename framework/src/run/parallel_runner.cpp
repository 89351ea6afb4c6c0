#include "run/parallel_runner.hpp"

#include <atomic>
#include <chrono>
#include <new>
#include <vector>

#include "base/interrupt.hpp"
#include "protocols/protocol.hpp"
#include "results/folder/ordered_writer.hpp"
#include "run/lane_runner.hpp"
#include "run/progress_line.hpp"
#include "run/run_request.hpp"

namespace plab {

RunText execute_one(const Experiment& e, std::size_t index) {
  const RunId id = e.locate(index);
  const TrainingSet view = e.point(id.point).data->view();
  const RunRequest request = request_for(e, id, view);
  const auto start = std::chrono::steady_clock::now();
  RunOutcome outcome = run_protocol(request);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return run_text(e, id, std::move(outcome), seconds);
}

ExecuteResult execute_runs(const Experiment& e, const std::filesystem::path& dir,
                           const ExecuteOptions& options) {
  ExecuteResult result;
  bool trajectory = false;
  for (const PreparedPoint& p : e.points)
    trajectory = trajectory || p.config.protocol.kind == ProtocolKind::kTrajectory;

  // An empty slice [k, k) runs nothing: a shard may have no runs (more shards than runs).
  const std::size_t end = options.end_run;
  const std::size_t base = options.folder_first_run;
  std::vector<PointWork> work;
  for (const PreparedPoint& p : e.points) {
    const double rows = p.data != nullptr ? static_cast<double>(p.data->rows()) : 0;
    const double cols = p.data != nullptr ? static_cast<double>(p.data->cols()) : 0;
    work.push_back(PointWork{p.first_run, p.runs(), rows * cols});
  }
  ProgressLine progress(end - base, options.first_run - base, options.progress,
                        RemainingTime(work, options.first_run, end));
  // A run starts only within `window` of the oldest unwritten one: records waiting for an
  // earlier, slower run are bounded in number, so memory is too.
  const std::size_t window = 64 * static_cast<std::size_t>(options.threads) + 256;
  OrderedWriter writer(dir, options.first_run, window, trajectory,
                       [&](std::size_t index, const RunText& text) {
                         if (text.failed) ++result.failed;
                         progress.update(index + 1 - base, index, text.seconds);
                       });

  std::atomic<bool> stop{false};
  std::string internal_error;
  bool out_of_memory = false;
  const std::vector<WorkUnit> units =
      plan_work_units(e, options.first_run, end, options.threads, options.lanes);
  const auto unit_count = static_cast<long long>(units.size());
  // After a signal no run starts; runs in other threads (a lane group's runs) finish and
  // keep their records.
  const auto stop_on_interrupt = [&] {
    if (!interrupt_requested()) return false;
    stop = true;
    writer.stop_new_runs();
    return true;
  };
#pragma omp parallel for schedule(dynamic, 1) num_threads(options.threads)
  for (long long u = 0; u < unit_count; ++u) {
    if (stop.load(std::memory_order_relaxed)) continue;
    if (stop_on_interrupt()) continue;
    const WorkUnit& unit = units[static_cast<std::size_t>(u)];
    if (!writer.wait_turn(unit.end - 1)) {
      stop = true;
      continue;
    }
    if (stop_on_interrupt()) continue;  // the signal came while this thread waited its turn
    std::size_t index = unit.first;     // the run being recorded, for the messages below
    // Nothing may leave an OpenMP region by exception: a failure here stops the runner.
    try {
      if (unit.lanes) {
        execute_lane_unit(e, unit, options.lanes, [&](std::size_t i, RunText text) {
          index = i;
          writer.submit(i, std::move(text));
        });
      } else {
        writer.submit(index, execute_one(e, index));
      }
    } catch (const std::bad_alloc&) {
#pragma omp critical(plab_runner_error)
      if (internal_error.empty()) {
        const RunId id = e.locate(index);
        internal_error = "out of memory while running and recording run " + std::to_string(index) +
                         " (sweep point " + std::to_string(id.point) + ", learner '" +
                         e.point(id.point).learners[id.learner].name + "', repeat " +
                         std::to_string(id.repeat) + ")";
        out_of_memory = true;
      }
      stop = true;
      writer.request_stop();
    } catch (const std::exception& ex) {
#pragma omp critical(plab_runner_error)
      if (internal_error.empty()) internal_error = ex.what();
      stop = true;
      writer.request_stop();
    }
  }
  progress.finish();
  // Closed first: a failed write cuts the files back to the runs written whole.
  result.write_error = writer.close();
  result.written = writer.next_index();
  if (result.write_error.empty() && !internal_error.empty()) {
    result.write_error = internal_error;
    result.out_of_memory = out_of_memory;
  }
  result.interrupted = interrupt_requested() && result.written < end;
  return result;
}

}  // namespace plab
