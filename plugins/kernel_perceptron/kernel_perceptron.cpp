// The kernel perceptron (Aizerman, Braverman & Rozonoer 1964): the perceptron in the dual.
//
// The model is f(x) = w₀·x̃ + Σᵢ αᵢyᵢK(xᵢ, x̃) over the training rows, αᵢ the number of
// mistakes made on row i. On a mistake at row i, αᵢ ← αᵢ + 1, which is the perceptron's
// step y·φ(x̃ᵢ) in the kernel's feature space φ. From α = 0 and w₀ = 0 its mistakes obey
// Novikoff's bound in that space (docs/bounds.md, "The kernel perceptron").
//
// Reproducibility (docs/plugins.md, "kernel_perceptron"): the score of row i is summed as
//   s = w₀·x̃ᵢ (plab::dot; exactly 0 from a zero start), then s += (αⱼ·yⱼ)·K(xⱼ, xᵢ) for
//   every j with αⱼ > 0, in increasing row index j,
// with K as plab/kernel.hpp defines it. A row K(xⱼ,·) is cached (all n values) when j first
// becomes a support row, while the `cache_mb` budget has room; the rows past the budget are
// recomputed at every use. A cached value is the same double as a recomputed one, so the
// budget changes the speed only, never a score.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "plab/kernel.hpp"
#include "plab/mistake_choice.hpp"
#include "plab/online_loop.hpp"
#include "plab/plugin.hpp"

namespace {

constexpr plab::ParamSpec kParams[] = {
    plab::ParamSpec::choice("kernel", "linear", "linear|polynomial|rbf",
                            "K(a,b): \"linear\" a.b; \"polynomial\" (scale a.b + coef0)^degree; "
                            "\"rbf\" exp(-gamma |a-b|^2), on the rows the learner sees (x~)"),
    plab::ParamSpec::integer("degree", 2, "polynomial kernel: the degree", 1, 20),
    plab::ParamSpec::real("coef0", 1.0, "polynomial kernel: the constant added to scale a.b"),
    plab::ParamSpec::real("scale", 1.0, "polynomial kernel: the factor of a.b", 0.0, true),
    plab::ParamSpec::real("gamma", 1.0, "rbf kernel: exp(-gamma |a-b|^2)", 0.0, true),
    plab::ParamSpec::real("cache_mb", 256.0,
                          "memory for cached kernel rows, in MiB (rows K(x_j, .) of the support "
                          "rows, 8 n bytes each; rows past the budget are recomputed at each use)",
                          0.0),
    plab::kTieParam,
};

plab::KernelSpec kernel_of(const plab::ParamSet& params) {
  plab::KernelSpec k;
  const std::string& name = params.choice("kernel");
  if (name == "linear") {
    k.kind = plab::KernelKind::kLinear;
  } else if (name == "polynomial") {
    k.kind = plab::KernelKind::kPolynomial;
    k.degree = static_cast<std::uint32_t>(params.integer("degree"));
    k.scale = params.real("scale");
    k.coef0 = params.real("coef0");
  } else {
    k.kind = plab::KernelKind::kRbf;
    k.gamma = params.real("gamma");
  }
  return k;
}

// Rows K(xⱼ,·) of the first support rows, as many as the budget holds; never evicted.
class KernelRowCache {
 public:
  KernelRowCache(double megabytes, std::size_t rows) : rows_(rows) {
    const double bytes_per_row = 8.0 * static_cast<double>(std::max<std::size_t>(rows, 1));
    const double fit = megabytes * 1024.0 * 1024.0 / bytes_per_row;
    capacity_ = fit >= static_cast<double>(rows) ? rows : static_cast<std::size_t>(fit);
  }

  void reset(std::size_t rows) {
    slot_.assign(rows, kNoSlot);
    values_.clear();
  }

  // Caches K(xⱼ,·) if the budget has room (called once, when j becomes a support row). Each
  // row is its own allocation of exactly n values, so the cache never holds more than the
  // budget (a growing single block could reserve up to twice it).
  void offer(const plab::KernelSpec& k, const plab::TrainingSet& data, std::size_t j) {
    if (values_.size() >= capacity_) return;
    std::vector<double>& row = values_.emplace_back(rows_);
    for (std::size_t i = 0; i < rows_; ++i) {
      row[i] = plab::kernel_value(k, data.row(j), data.row(i), data.cols);
    }
    slot_[j] = values_.size() - 1;
  }

  double value(const plab::KernelSpec& k, const plab::TrainingSet& data, std::size_t j,
               std::size_t i) const {
    const std::size_t s = slot_[j];
    if (s != kNoSlot) return values_[s][i];
    return plab::kernel_value(k, data.row(j), data.row(i), data.cols);
  }

  std::size_t cached_rows() const { return values_.size(); }

 private:
  static constexpr std::size_t kNoSlot = std::numeric_limits<std::size_t>::max();
  std::size_t rows_;
  std::size_t capacity_ = 0;
  std::vector<std::size_t> slot_;
  std::vector<std::vector<double>> values_;
};

class KernelPerceptron : public plab::Learner {
 public:
  explicit KernelPerceptron(const plab::LearnerSetup& setup)
      : w_(setup.cols, 0.0),
        kernel_(kernel_of(setup.params)),
        tie_positive_(setup.params.choice("tie") == "positive"),
        cache_(setup.params.real("cache_mb"), setup.rows) {}

  plab::WeightShape shape() const override { return {1, w_.size()}; }
  // The record's weights: w₀ plus, for the linear kernel only, Σ yᵢx̃ᵢ added in update order
  // exactly as the linear perceptron adds them (the primal form of the same model). A
  // non-linear model has no weights in the input space: they stay w₀ (docs/plugins.md).
  std::span<double> weights() override { return w_; }

  void on_start(const plab::TrainingSet& data) override {
    train_ = data;
    w0_.assign(w_.begin(), w_.end());
    alpha_.assign(data.rows, 0);
    coef_.assign(data.rows, 0.0);
    support_.clear();
    cache_.reset(data.rows);
    base_.assign(data.rows, 0.0);
    if (std::any_of(w_.begin(), w_.end(), [](double v) { return v != 0.0; })) {
      for (std::size_t i = 0; i < data.rows; ++i)
        base_[i] = plab::dot(w_.data(), data.row(i), data.cols);
    }
  }

  plab::EpochOutcome train_epoch(const plab::TrainingSet& data, const std::uint32_t* order,
                                 plab::UpdateObserver* observer) override {
    started(data);
    std::uint64_t updates = 0;
    for (std::size_t t = 0; t < data.rows; ++t) {
      const std::size_t i = order == nullptr ? t : std::size_t{order[t]};
      if (!is_mistake(finite_score(data, i), data.sign[i])) continue;
      update(data, i, observer);
      ++updates;
    }
    plab::EpochOutcome out;
    out.mistakes = updates;
    out.updates = updates;
    out.converged = updates == 0;
    return out;
  }

  // As plab::online_step: the smallest y·f(xᵢ) for kWorst (ties to the lowest index), the
  // ⌊uniform·m⌋-th of the m misclassified rows in index order for kUniform.
  plab::StepOutcome train_step(const plab::TrainingSet& data, plab::MistakePick pick,
                               double uniform, plab::UpdateObserver* observer) override {
    started(data);
    plab::StepOutcome out;
    plab::MistakeChoice choice(scratch_);
    for (std::size_t i = 0; i < data.rows; ++i) {
      const double s = finite_score(data, i);
      const double y = data.sign[i];
      if (is_mistake(s, y)) choice.offer(i, y * s);
    }
    if (choice.empty()) return out;
    out.sample = choice.pick(pick, uniform);
    update(data, out.sample, observer);
    out.updated = true;
    return out;
  }

  // On the training rows, or on other rows (a held-out part): those are scored against the
  // training rows' dual model, in the same order (w₀·x̃, then the support rows by index).
  std::size_t count_errors(const plab::TrainingSet& data) const override {
    std::size_t errors = 0;
    if (train_.features == nullptr) {  // nothing trained yet: the start alone
      for (std::size_t i = 0; i < data.rows; ++i) {
        const double s = plab::dot(w_.data(), data.row(i), data.cols);
        errors += is_mistake(checked(s, i), data.sign[i]) ? 1 : 0;
      }
      return errors;
    }
    const bool training = data.features == train_.features && data.rows == train_.rows;
    for (std::size_t i = 0; i < data.rows; ++i) {
      const double s = training ? score(data, i) : held_out_score(data, i);
      errors += is_mistake(checked(s, i), data.sign[i]) ? 1 : 0;
    }
    return errors;
  }

  void report_metrics(const plab::TrainingSet& /*data*/, plab::MetricSink& sink) const override {
    sink.put("support_rows", static_cast<double>(support_.size()));
    sink.put("cached_kernel_rows", static_cast<double>(cache_.cached_rows()));
  }

 private:
  // A learner made by a test without on_start still starts from α = 0.
  void started(const plab::TrainingSet& data) {
    if (alpha_.size() != data.rows) on_start(data);
  }

  bool is_mistake(double score, double y) const {
    return tie_positive_ ? plab::TiePositive::is_mistake(score, y)
                         : plab::TieMistake::is_mistake(score, y);
  }

  // The summation order of the header comment: w₀·x̃ᵢ, then the support rows by index.
  double score(const plab::TrainingSet& data, std::size_t i) const {
    double s = base_[i];
    for (std::size_t j : support_) s += coef_[j] * cache_.value(kernel_, data, j, i);
    return s;
  }

  // Training or counting errors on an overflowed score would count mistakes no bound speaks
  // of (an infinite sum, or inf - inf = NaN, read as "no mistake"): the run fails with the
  // reason instead.
  double finite_score(const plab::TrainingSet& data, std::size_t i) const {
    return checked(score(data, i), i);
  }
  static double checked(double s, std::size_t i) {
    if (!std::isfinite(s)) {
      throw std::runtime_error(
          "the kernel score of row " + std::to_string(i + 1) +
          " of the rows it scores (counting from 1) is " + std::to_string(s) +
          " (overflow in K or in the dual sum): scale the features or lower the kernel's "
          "scale, coef0 or degree");
    }
    return s;
  }

  // The score of row i of another set: K(xⱼ, x̃) against the training rows, never cached.
  double held_out_score(const plab::TrainingSet& data, std::size_t i) const {
    const double* x = data.row(i);
    double s = plab::dot(w0_.data(), x, data.cols);
    for (std::size_t j : support_) {
      s += coef_[j] * plab::kernel_value(kernel_, train_.row(j), x, data.cols);
    }
    return s;
  }

  void update(const plab::TrainingSet& data, std::size_t i, plab::UpdateObserver* observer) {
    if (alpha_[i] == 0) {
      support_.insert(std::lower_bound(support_.begin(), support_.end(), i), i);
      cache_.offer(kernel_, data, i);
    }
    ++alpha_[i];
    coef_[i] = static_cast<double>(alpha_[i]) * data.sign[i];
    if (kernel_.kind == plab::KernelKind::kLinear) {
      plab::add_scaled(w_.data(), data.sign[i], data.row(i), data.cols);
    }
    if (observer != nullptr) observer->on_update(i, std::span<const double>(w_));
  }

  std::vector<double> w_;
  std::vector<double> w0_;     // the start, kept apart: w_ moves with the linear kernel
  plab::TrainingSet train_{};  // the rows of the support set (a view, valid while training is)
  plab::KernelSpec kernel_;
  bool tie_positive_;
  KernelRowCache cache_;
  std::vector<std::uint64_t> alpha_;
  std::vector<double> coef_;          // αⱼ·yⱼ, exact (an integer below 2⁵³)
  std::vector<std::size_t> support_;  // the rows with αⱼ > 0, increasing
  std::vector<double> base_;          // w₀·x̃ᵢ
  std::vector<std::uint32_t> scratch_;
};

// Every mistake adds y·φ(x̃) in the feature space: Novikoff there, with the kernel declared
// so that the engine certifies ρ_K on the same K (plab/kernel.hpp).
plab::BoundDeclaration declare_bound(const plab::LearnerSetup& setup) {
  return {.form = plab::BoundForm::kKernelNovikoff,
          .counts = plab::BoundCount::kMistakes,
          .eta = 1.0,
          .kernel = kernel_of(setup.params)};
}

constexpr auto kDescriptor = plab::make_descriptor(
    {.name = "kernel_perceptron",
     .version = "1.0.0",
     .summary = "kernel perceptron: dual alpha_i (mistake counts), f(x) = sum alpha_i y_i "
                "K(x_i, x) (Aizerman et al. 1964; Novikoff in feature space)",
     .details =
         "Binary labels y in {-1,+1}. f(x) = w0 . x~ + sum_j alpha_j y_j K(x_j, x~) over the "
         "training rows; on a mistake at row i, alpha_i += 1. Scores are summed w0 . x~ first, "
         "then the support rows in increasing row index (docs/plugins.md). Kernels on the "
         "augmented rows x~: linear a.b (the linear perceptron's mistakes, exactly where the "
         "arithmetic is exact), polynomial (scale a.b + coef0)^degree, rbf exp(-gamma |a-b|^2). "
         "Kernel rows of support rows are cached within `cache_mb`; past it they are "
         "recomputed (same values). Weights: w0 plus sum alpha_i y_i x~_i for the linear "
         "kernel, w0 for the others. `tie` as the perceptron. Guarantee (docs/bounds.md): "
         "from zero, mistakes <= (R_K/rho_K)^2, R_K^2 = max K(x_i,x_i), rho_K the margin in "
         "the feature space, certified on the Gram matrix.",
     .tasks = plab::kBinaryTask,
     .declare_bound = declare_bound,
     .orders = plab::OrderSupport::kMistakeDriven},
    kParams);

}  // namespace

PLAB_PLUGIN(kDescriptor, KernelPerceptron)
