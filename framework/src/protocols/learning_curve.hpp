// The learning curve: each epoch's mistakes and loss in the run's record (`record_curve`,
// with any protocol; mistake-driven steps have no epochs to record).
#pragma once

#include "protocols/training.hpp"

namespace plab {

class LearningCurve final : public EpochObserver {
 public:
  void epoch_ended(const EpochOutcome& epoch, RunOutcome& out) override;
};

}  // namespace plab
