// The multi-class perceptron (Kesler construction): one weight row per class, predict the
// arg-max; on a mistake w_y ← w_y + η x̃ and w_ŷ ← w_ŷ − η x̃. docs/bounds.md, "Multi-class
// (Kesler)".
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <vector>

#include "plab/kernels.hpp"
#include "plab/lane_classes.hpp"
#include "plab/mistake_choice.hpp"
#include "plab/plugin.hpp"
#include "plab/prefetch.hpp"

namespace {

constexpr plab::ParamSpec kParams[] = {
    plab::ParamSpec::real("eta", 1.0, "learning rate eta > 0", 0.0, /*lower_open=*/true),
    plab::ParamSpec::choice(
        "tie", "strict", "strict|first",
        "\"strict\": a mistake iff some other class scores >= the true class, y_hat = the "
        "lowest-index such class (convergence certifies strict separation); \"first\": "
        "y_hat = the lowest-index maximiser, a mistake iff y_hat != y"),
};

struct Verdict {
  bool mistake = false;
  std::size_t predicted = 0;  // ŷ, the class that is pushed down on a mistake
  double margin = 0.0;        // s_y − max_{z≠y} s_z, for the worst-mistake order
};

// The verdict on the scores s of `classes` classes for the true class y: a run alone and the
// lanes (plab/lane_classes.hpp) judge with this one function, so they decide alike.
Verdict judge_scores(const double* s, std::size_t classes, std::size_t y, bool tie_first) {
  std::size_t best_other = y == 0 ? 1 : 0;
  for (std::size_t z = 0; z < classes; ++z) {
    if (z != y && s[z] > s[best_other]) best_other = z;  // '>' keeps the lowest index
  }
  Verdict v;
  v.margin = s[y] - s[best_other];
  if (tie_first) {
    std::size_t best = 0;
    for (std::size_t z = 1; z < classes; ++z) {
      if (s[z] > s[best]) best = z;
    }
    v.mistake = best != y;
    v.predicted = best;
  } else {
    v.mistake = s[best_other] >= s[y];
    v.predicted = best_other;
  }
  // A score that is not a number (an overflowed dot product) is a mistake: comparisons with
  // NaN are false, so the argmax above could otherwise call it correct.
  if (std::any_of(s, s + classes, [](double v_c) { return std::isnan(v_c); })) {
    v.mistake = true;
    if (v.predicted == y) v.predicted = best_other;
  }
  return v;
}

// The rule of the lanes: the same verdict, and the steps ±η of the two rows a mistake moves.
struct KeslerLaneRule {
  double eta;
  bool tie_first;
  plab::ClassVerdict judge(const double* s, std::size_t classes, std::size_t y) const {
    const Verdict v = judge_scores(s, classes, y, tie_first);
    return {v.mistake, v.predicted};
  }
  double step_up() const { return eta; }
  double step_down() const { return -eta; }
};

class MulticlassPerceptron final : public plab::Learner {
 public:
  explicit MulticlassPerceptron(const plab::LearnerSetup& setup)
      : classes_(setup.classes),
        cols_(setup.cols),
        w_(setup.classes * setup.cols, 0.0),
        scores_(setup.classes),
        eta_(setup.params.real("eta")),
        tie_first_(setup.params.choice("tie") == "first") {
    if (classes_ < 2) throw std::invalid_argument("a multi-class task needs at least 2 classes");
  }

  plab::WeightShape shape() const override { return {classes_, cols_}; }
  std::span<double> weights() override { return w_; }

  plab::EpochOutcome train_epoch(const plab::TrainingSet& data, const std::uint32_t* order,
                                 plab::UpdateObserver* observer) override {
    std::uint64_t updates = 0;
    const bool prefetch = order != nullptr && plab::rows_worth_prefetching(data);
    for (std::size_t t = 0; t < data.rows; ++t) {
      const std::size_t i = order == nullptr ? t : order[t];
      if (prefetch && t + plab::kPrefetchAhead < data.rows) {
        plab::prefetch_row(data, order[t + plab::kPrefetchAhead]);
      }
      const Verdict v = judge(data.row_view(i), static_cast<std::size_t>(data.label[i]));
      if (!v.mistake) continue;
      update(data.row_view(i), static_cast<std::size_t>(data.label[i]), v.predicted);
      ++updates;
      if (observer != nullptr) observer->on_update(i, w_);
    }
    plab::EpochOutcome out;
    out.mistakes = updates;
    out.updates = updates;
    out.converged = updates == 0;
    return out;
  }

  plab::StepOutcome train_step(const plab::TrainingSet& data, plab::MistakePick pick,
                               double uniform, plab::UpdateObserver* observer) override {
    plab::StepOutcome out;
    plab::MistakeChoice choice(mistakes_);
    for (std::size_t i = 0; i < data.rows; ++i) {
      const Verdict v = judge(data.row_view(i), static_cast<std::size_t>(data.label[i]));
      if (v.mistake) choice.offer(i, v.margin);
    }
    if (choice.empty()) return out;
    out.sample = choice.pick(pick, uniform);
    const Verdict chosen =
        judge(data.row_view(out.sample), static_cast<std::size_t>(data.label[out.sample]));
    update(data.row_view(out.sample), static_cast<std::size_t>(data.label[out.sample]),
           chosen.predicted);
    out.updated = true;
    if (observer != nullptr) observer->on_update(out.sample, w_);
    return out;
  }

  std::size_t count_errors(const plab::TrainingSet& data) const override {
    std::vector<double> scores(classes_);
    std::size_t errors = 0;
    for (std::size_t i = 0; i < data.rows; ++i) {
      errors +=
          judge_into(scores, data.row_view(i), static_cast<std::size_t>(data.label[i])).mistake;
    }
    return errors;
  }

 private:
  Verdict judge(const plab::RowView& x, std::size_t y) { return judge_into(scores_, x, y); }

  Verdict judge_into(std::vector<double>& s, const plab::RowView& x, std::size_t y) const {
    for (std::size_t c = 0; c < classes_; ++c) s[c] = plab::dot(&w_[c * cols_], x, cols_);
    return judge_scores(s.data(), classes_, y, tie_first_);
  }

  void update(const plab::RowView& x, std::size_t y, std::size_t predicted) {
    plab::add_scaled(&w_[y * cols_], eta_, x, cols_);
    plab::add_scaled(&w_[predicted * cols_], -eta_, x, cols_);
  }

  std::size_t classes_;
  std::size_t cols_;
  std::vector<double> w_;  // classes × cols, row c is w_c
  std::vector<double> scores_;
  double eta_;
  bool tie_first_;
  std::vector<std::uint32_t> mistakes_;
};

// Repeats side by side in SIMD lanes: K runs' class scores summed at once.
plab::CreateLanesResult create_lanes(const plab::LearnerSetup& setup, std::size_t width) noexcept {
  try {
    if (setup.classes < 2) return {};
    const KeslerLaneRule rule{setup.params.real("eta"), setup.params.choice("tie") == "first"};
    return plab::make_class_lanes(rule, setup.classes, setup.cols, width);
  } catch (const std::exception& e) {
    return {nullptr, e.what()};
  }
}

// A mistake adds η(e_y − e_ŷ)⊗x̃: the Kesler form with step scale η (docs/bounds.md, "Multi-class
// (Kesler)").
plab::BoundDeclaration declare_bound(const plab::LearnerSetup& setup) {
  return {.form = plab::BoundForm::kKesler,
          .counts = plab::BoundCount::kMistakes,
          .eta = setup.params.real("eta")};
}

constexpr auto kDescriptor = plab::make_descriptor(
    {.name = "multiclass_perceptron",
     .version = "1.0.0",
     .summary =
         "multi-class perceptron: argmax of k rows; on a mistake w_y += eta x, w_yhat -= eta x",
     .details = "One weight row per class, predict argmax_c w_c . x~. On a mistake "
                "w_y <- w_y + eta x~ and w_yhat <- w_yhat - eta x~. Ties by `tie`: \"strict\" "
                "(default; the convention of docs/bounds.md under which convergence certifies "
                "strict separation): a mistake iff max over z != y of s_z >= s_y, y_hat = the "
                "lowest such z; \"first\": y_hat = the lowest-index arg-max, a mistake iff "
                "y_hat != y. The worst-mistake order picks the smallest s_y - max_{z != y} s_z. "
                "Guarantee (docs/bounds.md): from zero, mistakes <= 2 R^2 / gamma^2 for the "
                "multi-class margin gamma of a U with |U|_F = 1.",
     .tasks = plab::kBinaryTask | plab::kMulticlassTask,
     .declare_bound = declare_bound,
     .orders = plab::OrderSupport::kMistakeDriven,
     .create_lanes = create_lanes,
     .storage = plab::StorageSupport::kDenseAndSparse},
    kParams);

}  // namespace

PLAB_PLUGIN(kDescriptor, MulticlassPerceptron)
