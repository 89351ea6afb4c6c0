// The holdout protocol: convergence on a stratified training part of the data, then the
// error on the held-out part: one split per repeat, or (folds >= 2) k-fold
// cross-validation, fold `request.fold` held out.
#include "protocols/data_split.hpp"
#include "protocols/training.hpp"

namespace plab {

namespace {

class Holdout final : public Protocol {
 public:
  void run(const RunRequest& request, RunOutcome& out) const override {
    const ProtocolSpec& protocol = *request.protocol;
    const SplitRows split =
        protocol.folds >= 2
            ? stratified_fold(*request.data, static_cast<std::size_t>(protocol.folds), request.fold,
                              request.split_seed)
            : stratified_holdout(*request.data, protocol.test_fraction, request.split_seed);
    const RowSubset train_part(*request.data, split.train);
    const RowSubset test_part(*request.data, split.test);
    const auto learner = train_learner(request, train_part.view(), TrainingHooks{}, out);
    if (learner && out.status != RunStatus::kDiverged && out.status != RunStatus::kFailed) {
      out.has_test = true;
      out.test_rows = test_part.view().rows;
      out.test_errors = learner->count_errors(test_part.view());
    }
  }
};

}  // namespace

const Protocol& holdout_protocol() {
  static const Holdout protocol{};
  return protocol;
}

}  // namespace plab
