#include "run/run_request.hpp"

#include <algorithm>
#include <utility>

#include "results/folder/run_timing.hpp"
#include "results/format/run_record.hpp"
#include "run/record_builder.hpp"

namespace plab {

RunRequest request_for(const Experiment& e, const RunId& id, const TrainingSet& view) {
  const PreparedPoint& p = e.point(id.point);
  const PreparedLearner& l = p.learners[id.learner];
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
  return request;
}

RunText run_text(const Experiment& e, const RunId& id, RunOutcome outcome, double seconds) {
  const PreparedLearner& l = e.point(id.point).learners[id.learner];
  RunText text;
  text.record = write_run_record(build_run_record(e, id, outcome));
  text.record_sha256 = sha256_of(text.record);  // here, in parallel; the writer only chains
  text.timing = write_timing({id.point, l.name, id.repeat, seconds, outcome.train_seconds});
  text.seconds = seconds;
  text.trajectory = std::move(outcome.trajectory);
  text.failed = outcome.status == RunStatus::kFailed;
  return text;
}

}  // namespace plab
