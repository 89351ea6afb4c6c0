// Winnow in its normalised exponentiated-gradient form (Littlestone 1988; Kivinen & Warmuth
// 1997): positive weights on the simplex, multiplied on a mistake by exp(η·y·x̃ⱼ) and
// normalised to sum 1. The "balanced" variant keeps 2d positive weights over (x̃, −x̃) and
// predicts with w = w₊ − w₋, so that signed targets are reachable. Its mistake bound,
// M ≤ ln N / (η γ₁ − ln cosh(η R∞)), is proved in docs/bounds.md ("Winnow").
//
// The arithmetic, in this order (so that a run is reproducible bit for bit):
//   score = Σⱼ wⱼ·x̃ⱼ summed j = 0..d−1, with wⱼ = w₊ⱼ − w₋ⱼ for "balanced";
//   a mistake is y·score ≤ 0 (a zero score is a mistake, as the proof needs);
//   on a mistake aⱼ = η·y·x̃ⱼ (and −aⱼ for w₋ⱼ), m = the largest of these exponents,
//   vⱼ = vⱼ·std::exp(aⱼ − m) over the internal weights in order (w₊ then w₋), Z = their sum
//   in that order, vⱼ = vⱼ / Z. Subtracting m changes no normalised weight in exact
//   arithmetic and keeps every factor ≤ 1, so the step never overflows.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

#include "plab/mistake_choice.hpp"
#include "plab/plugin.hpp"

namespace {

constexpr plab::ParamSpec kParams[] = {
    plab::ParamSpec::real("eta", 0.5,
                          "learning rate eta > 0 of the multiplicative step exp(eta y x_j); "
                          "gamma_1 / R_inf^2 is the tuned value (docs/bounds.md)",
                          0.0, /*lower_open=*/true),
    plab::ParamSpec::choice("variant", "balanced", "balanced|plain",
                            "\"balanced\" (default): w = w+ - w-, 2d positive weights over "
                            "(x, -x), which can weigh a feature or the bias negatively (a "
                            "disjunction's negative threshold); \"plain\": d positive weights on "
                            "the simplex, every weight >= 0"),
};

bool is_balanced(const plab::ParamSet& params) { return params.choice("variant") == "balanced"; }

std::string number(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%.17g", v);
  return text;
}

class Winnow : public plab::Learner {
 public:
  explicit Winnow(const plab::LearnerSetup& setup)
      : eta_(setup.params.real("eta")),
        balanced_(is_balanced(setup.params)),
        w_(setup.cols, 0.0),
        v_((balanced_ ? 2 : 1) * setup.cols, 0.0),
        exponent_(v_.size(), 0.0) {}

  plab::WeightShape shape() const override { return {1, w_.size()}; }
  std::span<double> weights() override { return w_; }

  // The only start the theorem covers is the uniform one; `init: "zero"` stands for it (for
  // "balanced" the uniform start is exactly w = 0).
  void on_start(const plab::TrainingSet& /*data*/) override {
    for (double v : w_) {
      if (v != 0.0) {
        throw std::invalid_argument(
            "winnow starts from the uniform weights (1/d each; balanced: w+ = w- = 1/(2d), so "
            "w = 0), which init \"zero\" stands for; a nonzero initial weight (" +
            number(v) + ") has no place on the simplex: use init \"zero\"");
      }
    }
    const double uniform = 1.0 / static_cast<double>(v_.size());
    std::fill(v_.begin(), v_.end(), uniform);
    expose();
  }

  plab::EpochOutcome train_epoch(const plab::TrainingSet& data, const std::uint32_t* order,
                                 plab::UpdateObserver* observer) override {
    plab::EpochOutcome out;
    for (std::size_t k = 0; k < data.rows; ++k) {
      const std::size_t i = order != nullptr ? order[k] : k;
      const double* x = data.row(i);
      const double y = data.sign[i];
      if (y * score(x) > 0.0) continue;
      update(x, y);
      ++out.mistakes;
      ++out.updates;
      if (observer != nullptr) observer->on_update(i, w_);
    }
    out.converged = out.mistakes == 0;
    return out;
  }

  // The mistake-driven orders: the bound's proof counts mistakes in any sequence, so it
  // covers them as it covers permutations (the pick: plab/mistake_choice.hpp).
  plab::StepOutcome train_step(const plab::TrainingSet& data, plab::MistakePick pick,
                               double uniform, plab::UpdateObserver* observer) override {
    plab::StepOutcome out;
    plab::MistakeChoice choice(mistakes_);
    for (std::size_t i = 0; i < data.rows; ++i) {
      const double margin = data.sign[i] * score(data.row(i));
      if (!(margin > 0.0)) choice.offer(i, margin);  // a NaN score is a mistake too
    }
    if (choice.empty()) return out;
    out.sample = choice.pick(pick, uniform);
    update(data.row(out.sample), data.sign[out.sample]);
    out.updated = true;
    if (observer != nullptr) observer->on_update(out.sample, w_);
    return out;
  }

  std::size_t count_errors(const plab::TrainingSet& data) const override {
    std::size_t errors = 0;
    for (std::size_t i = 0; i < data.rows; ++i)
      errors += !(data.sign[i] * score(data.row(i)) > 0.0);
    return errors;
  }

 private:
  double score(const double* x) const {
    double s = 0.0;
    for (std::size_t j = 0; j < w_.size(); ++j) s += w_[j] * x[j];
    return s;
  }

  void update(const double* x, double y) {
    const std::size_t d = w_.size();
    double largest = -HUGE_VAL;
    for (std::size_t j = 0; j < d; ++j) {
      exponent_[j] = eta_ * y * x[j];
      if (balanced_) exponent_[d + j] = -exponent_[j];
    }
    for (double a : exponent_) largest = std::max(largest, a);
    double z = 0.0;
    for (std::size_t j = 0; j < v_.size(); ++j) {
      v_[j] *= std::exp(exponent_[j] - largest);
      z += v_[j];
    }
    if (!(z > 0.0) || !std::isfinite(z)) {
      throw std::runtime_error(
          "winnow's weights all underflowed to zero (or became non-finite) in one "
          "multiplicative step: eta * |x| spans " +
          number(largest) + " and more; lower eta or scale the features");
    }
    for (double& v : v_) v /= z;
    expose();
  }

  // The weights the engine sees and predicts with: w, or w₊ − w₋.
  void expose() {
    const std::size_t d = w_.size();
    for (std::size_t j = 0; j < d; ++j) w_[j] = balanced_ ? v_[j] - v_[d + j] : v_[j];
  }

  double eta_;
  bool balanced_;
  std::vector<double> w_;
  std::vector<double> v_;  // the positive weights: w, or w₊ then w₋
  std::vector<double> exponent_;
  std::vector<std::uint32_t> mistakes_;  // train_step's misclassified rows
};

// The proof needs only the step rule (η, variant) and the uniform start: the engine supplies
// γ₁, R∞ and N = d or 2d from the data (docs/bounds.md, "Winnow").
plab::BoundDeclaration declare_bound(const plab::LearnerSetup& setup) {
  return {.form = plab::BoundForm::kWinnow,
          .counts = plab::BoundCount::kMistakes,
          .eta = setup.params.real("eta"),
          .balanced = is_balanced(setup.params)};
}

constexpr auto kDescriptor = plab::make_descriptor(
    {.name = "winnow",
     .version = "1.1.0",
     .summary = "Winnow / normalised exponentiated gradient: w <- w exp(eta y x) / Z on a mistake",
     .details =
         "Binary labels y in {-1,+1}. Positive weights on the simplex, starting uniform (1/d "
         "each; init must be \"zero\", which stands for that start). A mistake is y (w.x~) <= 0 "
         "(a zero score is a mistake); on one, w_j <- w_j exp(eta y x~_j), then every weight is "
         "divided by their sum. `variant` \"balanced\" (the default since plab 0.4.0): w = w+ - "
         "w-, 2d positive weights over (x~, -x~), starting at 1/(2d) each (w = 0), for signed "
         "targets and negative thresholds (a monotone disjunction's bias is negative: plain "
         "Winnow, every weight >= 0, never converges on one). With augmentation the "
         "constant feature 1 is one of the d inputs: the bias is a weight like any other and "
         "lies on the simplex too. Arithmetic order: score summed j = 0..d-1; exponents eta y "
         "x~_j shifted by their largest value m, factors std::exp(a_j - m), the normaliser "
         "summed in order (w+ then w-). Guarantee (docs/bounds.md, Winnow): if some u with "
         "|u|_1 = 1 (plain: u >= 0) has y u.x~ >= gamma_1 on every row and R_inf = max |x~_ij|, "
         "mistakes <= ln N / (eta gamma_1 - ln cosh(eta R_inf)), N = d or 2d, when the "
         "denominator is positive; eta = gamma_1 / R_inf^2 gives at most 2 ln N (R_inf / "
         "gamma_1)^2.",
     .tasks = plab::kBinaryTask,
     .declare_bound = declare_bound,
     .orders = plab::OrderSupport::kMistakeDriven},
    kParams);

}  // namespace

PLAB_PLUGIN(kDescriptor, Winnow)
