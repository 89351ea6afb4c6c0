#include "run/parallel_runner.hpp"

#include <atomic>
#include <chrono>
#include <new>

#include "base/interrupt.hpp"
#include "protocols/protocol.hpp"
#include "results/ordered_writer.hpp"
#include "results/run_record.hpp"
#include "results/run_timing.hpp"
#include "run/record_builder.hpp"

namespace plab {

RunText execute_one(const Experiment& e, std::size_t index) {
  const RunId id = e.locate(index);
  const PreparedPoint& p = e.point(id.point);
  const PreparedLearner& l = p.learners[id.learner];
  const TrainingSet view = p.data->view();
  RunRequest request;
  request.data = &view;
  request.plugin = l.plugin.get();
  request.params = &l.params;
  request.task = p.data->task();
  request.init = &p.config.init;
  request.protocol = &p.config.protocol;
  // Seeds depend on (seed, point, repeat) only, not on the learner: every learner of a
  // repeat starts from the same weights and sees the same orders (common random numbers).
  request.init_seed =
      derive_seed(p.config.seed, p.sweep.index, id.repeat, StreamPurpose::kInitialWeights);
  request.order_seed = derive_seed(p.config.seed, p.sweep.index, id.repeat, StreamPurpose::kOrder);
  if (p.config.protocol.kind == ProtocolKind::kTrajectory) {
    request.trajectory_prefix = trajectory_prefix(e, id);
  }
  // k-fold cross-validation: repeats k·c … k·c + k − 1 share one partition and test fold
  // r mod k of it; a plain holdout draws a new split for every repeat.
  const auto folds = static_cast<std::size_t>(std::max<std::int64_t>(p.config.protocol.folds, 0));
  const std::size_t split_round = folds >= 2 ? id.repeat / folds : id.repeat;
  request.fold = folds >= 2 ? id.repeat % folds : 0;
  request.split_seed =
      derive_seed(p.config.seed, p.sweep.index, split_round, StreamPurpose::kSplit);

  const auto start = std::chrono::steady_clock::now();
  RunOutcome outcome = run_protocol(request);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  RunText text;
  text.record = write_run_record(build_run_record(e, id, outcome));
  text.record_sha256 = sha256_of(text.record);  // here, in parallel; the writer only chains
  text.timing = write_timing({id.point, l.name, id.repeat, seconds, outcome.train_seconds});
  text.trajectory = std::move(outcome.trajectory);
  text.failed = outcome.status == RunStatus::kFailed;
  return text;
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
  ProgressLine progress(end - base, options.first_run - base, options.progress);
  // A run starts only within `window` of the oldest unwritten one: records waiting for an
  // earlier, slower run are bounded in number, so memory is too.
  const std::size_t window = 64 * static_cast<std::size_t>(options.threads) + 256;
  OrderedWriter writer(dir, options.first_run, window, trajectory,
                       [&](std::size_t index, const RunText& text) {
                         if (text.failed) ++result.failed;
                         progress.update(index + 1 - base);
                       });

  std::atomic<bool> stop{false};
  std::string internal_error;
  bool out_of_memory = false;
  const auto first = static_cast<long long>(options.first_run);
  const auto total = static_cast<long long>(end);
#pragma omp parallel for schedule(dynamic, 1) num_threads(options.threads)
  for (long long i = first; i < total; ++i) {
    if (stop.load(std::memory_order_relaxed)) continue;
    if (interrupt_requested()) {
      stop = true;
      writer.request_stop();
      continue;
    }
    const auto index = static_cast<std::size_t>(i);
    if (!writer.wait_turn(index)) {
      stop = true;
      continue;
    }
    // Nothing may leave an OpenMP region by exception: a failure here stops the runner.
    try {
      writer.submit(index, execute_one(e, index));
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
  result.written = writer.next_index();
  result.write_error = writer.close();
  if (result.write_error.empty() && !internal_error.empty()) {
    result.write_error = internal_error;
    result.out_of_memory = out_of_memory;
  }
  result.interrupted = interrupt_requested() && result.written < end;
  return result;
}

}  // namespace plab
