// Out-of-line key functions: the vtables and type_info of the SDK interfaces live in
// libplab_sdk, once, shared by the engine and every plugin.
#include "plab/learner.hpp"

#include "plab/lane_group.hpp"

#include <stdexcept>

namespace plab {

UpdateObserver::~UpdateObserver() = default;
MetricSink::~MetricSink() = default;
Learner::~Learner() = default;
LaneGroup::~LaneGroup() = default;

void Learner::on_start(const TrainingSet&) {}

StepOutcome Learner::train_step(const TrainingSet&, MistakePick, double, UpdateObserver*) {
  throw std::logic_error("this learner does not support mistake-driven orders");
}

void Learner::report_metrics(const TrainingSet&, MetricSink&) const {}

}  // namespace plab
