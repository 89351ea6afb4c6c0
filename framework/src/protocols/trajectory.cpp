// The trajectory protocol: convergence, and every update's weights kept as a line of
// trajectory.jsonl (the 2-D figure of the report draws them).
#include "protocols/training.hpp"
#include "results/format/json_text.hpp"

namespace plab {

namespace {

// Called only on updates, never per sample.
class TrajectoryRecorder final : public UpdateObserver, public EpochObserver {
 public:
  explicit TrajectoryRecorder(const std::string& prefix) : prefix_(prefix) {}
  void epoch_started(std::uint64_t epoch) override { epoch_ = epoch; }
  void on_update(std::size_t sample, std::span<const double> weights) override {
    append_trajectory_line(text_, prefix_, epoch_, sample, weights);
  }
  std::string take() { return std::move(text_); }

 private:
  const std::string& prefix_;
  std::uint64_t epoch_ = 0;
  std::string text_;
};

class Trajectory final : public Protocol {
 public:
  void run(const RunRequest& request, RunOutcome& out) const override {
    TrajectoryRecorder recorder(request.trajectory_prefix);
    train_learner(request, *request.data, TrainingHooks{&recorder, &recorder}, out);
    out.trajectory = recorder.take();
  }
};

}  // namespace

void append_trajectory_line(std::string& out, const std::string& prefix, std::uint64_t epoch,
                            std::size_t sample, std::span<const double> weights) {
  out += prefix;
  out += ",\"epoch\":" + std::to_string(epoch) +
         ",\"sample\":" + (sample == kBatchUpdate ? std::string("null") : std::to_string(sample)) +
         ",\"w\":";
  append_json_numbers(out, weights);
  out += "}\n";
}

const Protocol& trajectory_protocol() {
  static const Trajectory protocol{};
  return protocol;
}

}  // namespace plab
