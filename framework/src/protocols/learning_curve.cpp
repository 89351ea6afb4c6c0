#include "protocols/learning_curve.hpp"

namespace plab {

void LearningCurve::epoch_ended(const EpochOutcome& epoch, RunOutcome& out) {
  out.epoch_mistakes.push_back(epoch.mistakes);
  out.epoch_loss.push_back(epoch.loss);
}

}  // namespace plab
