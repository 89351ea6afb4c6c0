// The convergence protocol: train on every row until an epoch without a mistake (or the
// learner's own criterion), or max_epochs.
#include "protocols/training.hpp"

namespace plab {

namespace {

class Convergence final : public Protocol {
 public:
  void run(const RunRequest& request, RunOutcome& out) const override {
    train_learner(request, *request.data, TrainingHooks{}, out);
  }
};

}  // namespace

const Protocol& convergence_protocol() {
  static const Convergence protocol{};
  return protocol;
}

}  // namespace plab
