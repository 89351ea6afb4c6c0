// The averaged and voted perceptrons (Freund & Schapire 1999): the classic perceptron's
// updates (so the same training mistakes and the same Novikoff bound), but predictions by
// the average of the weights after every sample visit ("averaged"), or by a vote of every
// weight vector weighted by how many visits it survived ("voted").
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "plab/binary_online_learner.hpp"
#include "plab/plugin.hpp"

namespace {

constexpr plab::ParamSpec kParams[] = {
    plab::ParamSpec::choice(
        "mode", "averaged", "averaged|voted",
        "\"averaged\": predict with the mean of the weights after each visit; "
        "\"voted\": a vote of all weight vectors, each counted by its survival"),
};

constexpr std::size_t kMaxVotes = 200000;  // weight vectors kept by the voted form

// The classic step, and what the averaged and voted predictions need of every visit.
struct AveragingStep {
  explicit AveragingStep(const plab::ParamSet& params) : voted(params.choice("mode") == "voted") {}

  void on_start(const plab::TrainingSet& /*data*/, std::span<const double> w0) {
    correction.assign(w0.size(), 0.0);
  }

  double coefficient(const plab::Sample& s) {
    if (voted) keep_vote(s);
    // Averaging without storing: Σ_{t≤T} w_t = T·w_T − Σ_updates (s − 1)·y·x̃ for an
    // update at visit s, so the mean is w_T − correction / T.
    plab::add_scaled(correction.data(), static_cast<double>(visits) * s.y, s.row, s.cols());
    ++visits;
    survived = 1;  // the new weights have survived this visit
    return s.y;
  }

  void on_correct(const plab::Sample& /*s*/) {
    ++visits;
    ++survived;
  }

  // Throws when the correction overflowed: its terms grow with the visit count, so it can
  // pass 1.8e308 while every weight stays finite, and an average made of inf or NaN would
  // count errors that no exact average makes (dense and sparse rows would not even agree).
  std::vector<double> average(std::span<const double> w) const {
    std::vector<double> mean(w.begin(), w.end());
    if (visits == 0) return mean;
    for (std::size_t j = 0; j < w.size(); ++j) {
      if (!std::isfinite(correction[j])) {
        throw std::runtime_error(
            "the averaged perceptron's running sum of (visit number)*y*x over its updates "
            "overflowed a double at weight " +
            std::to_string(j) + " after " + std::to_string(visits) +
            " visits, so the average is not representable: scale the data, or use fewer "
            "epochs");
      }
      mean[j] = w[j] - correction[j] / static_cast<double>(visits);
    }
    return mean;
  }

  // Σ_k c_k sign(w_k·x̃), the current weights `w` counted by their own survival.
  double vote(std::span<const double> w, const plab::RowView& x) const {
    auto sign = [](double s) { return s > 0 ? 1.0 : (s < 0 ? -1.0 : 0.0); };
    double total = static_cast<double>(survived) * sign(plab::dot(w.data(), x, w.size()));
    for (const Vote& v : votes)
      total += static_cast<double>(v.count) * sign(plab::dot(v.w.data(), x, w.size()));
    return total;
  }

  void keep_vote(const plab::Sample& s) {
    if (survived == 0) return;
    if (votes.size() >= kMaxVotes) {
      throw std::runtime_error(
          "the voted perceptron keeps at most 200000 weight vectors; use "
          "mode \"averaged\" for longer runs");
    }
    votes.push_back({std::vector<double>(s.w, s.w + s.cols()), survived});
  }

  struct Vote {
    std::vector<double> w;
    std::uint64_t count;
  };
  bool voted;
  std::vector<double> correction;
  std::uint64_t visits = 0;
  std::uint64_t survived = 0;
  std::vector<Vote> votes;
};

class AveragedPerceptron final : public plab::BinaryOnlineLearner<AveragingStep> {
 public:
  using BinaryOnlineLearner::BinaryOnlineLearner;

  // Predictions are the average's or the vote's.
  std::size_t count_errors(const plab::TrainingSet& data) const override {
    if (rule().voted) {
      std::size_t errors = 0;
      for (std::size_t i = 0; i < data.rows; ++i)
        errors += !(data.sign[i] * rule().vote(current_weights(), data.row_view(i)) > 0.0);
      return errors;
    }
    const std::vector<double> mean = rule().average(current_weights());
    return plab::count_sign_errors<plab::TieMistake>(data, mean.data());
  }

  // The state of a run trained in a lane (averaged mode): its weights, the running
  // correction and the visits, as coefficient() and on_correct() would have left them.
  void restore(std::span<const double> w, std::span<const double> correction,
               std::uint64_t visits) {
    std::copy(w.begin(), w.end(), weights().begin());
    rule().correction.assign(correction.begin(), correction.end());
    rule().visits = visits;
  }

  void report_metrics(const plab::TrainingSet& data, plab::MetricSink& sink) const override {
    sink.put("perceptron_train_error",
             static_cast<double>(BinaryOnlineLearner::count_errors(data)) /
                 static_cast<double>(data.rows));
    if (rule().voted) sink.put("votes", static_cast<double>(rule().votes.size() + 1));
  }
};

// The averaged mode in lanes: the classic mistake test and step, and the running
// correction kept by the lane loop (plab/lane_loop.hpp, kAveragingRule).
struct AveragingLanes : plab::TieMistake {
  static constexpr bool kAverages = true;
  static double step(double /*score*/, double y) { return y; }
  static double step_for_label(double y) { return y; }
  static void hand_over(plab::Learner& learner, std::span<const double> w,
                        std::span<const double> correction, std::uint64_t visits) {
    dynamic_cast<AveragedPerceptron&>(learner).restore(w, correction, visits);
  }
};

// The voted mode keeps every weight vector: it trains one run at a time.
plab::CreateLanesResult create_lanes(const plab::LearnerSetup& setup, std::size_t width) noexcept {
  try {
    if (setup.params.choice("mode") == "voted") return {};
    return plab::make_online_lanes(AveragingLanes{}, setup.cols, width);
  } catch (const std::exception& e) {
    return {nullptr, e.what()};
  }
}

// Its training is the perceptron's (y·x̃ on every mistake); the average only predicts.
plab::BoundDeclaration declare_bound(const plab::LearnerSetup& /*setup*/) {
  return {.form = plab::BoundForm::kNovikoff, .counts = plab::BoundCount::kMistakes, .eta = 1.0};
}

constexpr auto kDescriptor = plab::make_descriptor(
    {.name = "averaged_perceptron",
     .version = "1.0.0",
     .summary = "averaged / voted perceptron (Freund & Schapire): perceptron updates, averaged "
                "predictions",
     .details = "Training is the classic perceptron's (updates on y (w . x~) <= 0), so mistakes "
                "and their Novikoff bound are the perceptron's. `mode` \"averaged\" (default) "
                "predicts with the mean of the weights after every sample visit; \"voted\" with "
                "sum_k c_k sign(w_k . x~), c_k the visits w_k survived (at most 200000 vectors "
                "kept). train_error and test_error use these predictions; "
                "`perceptron_train_error` the last weights'.",
     .tasks = plab::kBinaryTask,
     .declare_bound = declare_bound,
     .orders = plab::OrderSupport::kPermutation,
     .create_lanes = create_lanes,
     .storage = plab::StorageSupport::kDenseAndSparse},
    kParams);

}  // namespace

PLAB_PLUGIN(kDescriptor, AveragedPerceptron)
