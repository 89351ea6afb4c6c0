#include "protocols/initial_weights.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "config/object_reader.hpp"
#include "error.hpp"
#include "theory/bound_forms.hpp"
#include "theory/bound_unit.hpp"

namespace plab {

namespace {

std::string short_text(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%.6g", v);
  return text;
}

}  // namespace

void fill_initial_weights(const InitSpec& init, Rng& rng, std::span<double> w) {
  if (init.kind == InitKind::kZero) {
    std::fill(w.begin(), w.end(), 0.0);
  } else if (init.kind == InitKind::kGaussian) {
    for (double& v : w) v = init.scale * rng.gaussian();
  } else if (init.kind == InitKind::kUniform) {
    for (double& v : w) v = init.scale * (2.0 * rng.uniform() - 1.0);
  } else {
    PLAB_CHECK(init.kind == InitKind::kGiven && init.w.size() == w.size());
    std::copy(init.w.begin(), init.w.end(), w.begin());
  }
  // −0 becomes +0 (−0 + 0 = +0; every other value is unchanged). A −0 weight is 0, but the
  // dense update w + a·0 turns it into +0 where a sparse row, which stores no zero, leaves it
  // alone: the two storages would then write "-0" and "0" for the same run
  // (plab/kernels.hpp, the sparse kernels' exactness argument needs w₀ without −0).
  for (double& v : w) v += 0.0;
}

void check_initial_weights_fit(const InitSpec& init) {
  // uniform draws stay within ±scale and given weights are finite numbers already.
  if (init.kind != InitKind::kGaussian || std::isfinite(init.scale * kLargestGaussianDraw)) return;
  throw_config_error("/init/scale",
                     "a gaussian init of scale " + short_text(init.scale) +
                         " draws initial weights up to " + short_text(kLargestGaussianDraw) +
                         " x scale, which overflows a double (largest about 1.8e308): the "
                         "initial weights would not be finite; lower /init/scale");
}

namespace {

// The step a learner declares through its bound (plab/bound.hpp): a form with a bound
// says each update is η·y·x̃ with the declared step scale η (which already holds the factor
// 2 of a residual step), or η times a sum of up to N of them for the batch forms. The
// engine reads no param of the plugin: η is what the plugin declares.
struct DeclaredStep {
  bool known = false;    // the declared form fixes the update's form
  bool has_eta = false;  // a step scale other than 1
  double eta = 1.0;
  bool batch_sum = false;
};

DeclaredStep declared_step(const BoundDeclaration& declared) {
  DeclaredStep s;
  // A least-squares step is η·(y − w·x̃)·x̃: its first step is η·y·x̃ from zero, but not after.
  // A multiplicative step (BoundUnit::additive_step) is not described here.
  const BoundUnit* unit = find_bound_unit(declared.form);
  s.known = unit != nullptr && unit->additive_step();
  if (!s.known) return s;
  s.eta = declared.eta;
  s.has_eta = declared.eta != 1.0;
  // With the averaged step the batch step is the average of up to N samples, but the plugin
  // forms their sum first, which can overflow when N·max|x| does: the sum bounds both.
  s.batch_sum =
      declared.form == BoundForm::kBatchSummed || declared.form == BoundForm::kBatchAveraged;
  return s;
}

}  // namespace

void check_step_fits(const BoundDeclaration& declared, const Dataset& data,
                     const std::string& params_pointer) {
  // Only the forms whose (first) update the engine knows to be η times a sample.
  const DeclaredStep s = declared_step(declared);
  if (!s.has_eta) return;
  const double eta = s.eta;
  double largest = 0.0;
  std::size_t col = 0;
  for (std::size_t i = 0; i < data.rows(); ++i) {
    const RowView x = data.row_view(i);
    if (x.is_sparse()) {  // the stored entries: a zero is never the largest
      for (std::size_t k = 0; k < x.sparse.count; ++k) {
        if (std::fabs(x.sparse.value[k]) > largest) {
          largest = std::fabs(x.sparse.value[k]);
          col = x.sparse.index[k];
        }
      }
      continue;
    }
    for (std::size_t j = 0; j < data.cols(); ++j) {
      if (std::fabs(x.dense[j]) > largest) {
        largest = std::fabs(x.dense[j]);
        col = j;
      }
    }
  }
  if (std::isfinite(eta * largest)) return;
  throw_config_error(
      params_pointer,
      "the step eta*x overflows a double: eta " + short_text(eta) +
          " (the step scale the learner declares for these params) times the largest feature "
          "value " +
          short_text(largest) + " (column '" + data.feature_names()[col] +
          "') is beyond about 1.8e308, so the weights would overflow at the first update; "
          "lower the step size or scale the data");
}

std::string step_overflow_reason(const BoundDeclaration& declared, const TrainingSet& data,
                                 std::span<const double> w0, std::uint64_t updates) {
  const DeclaredStep s = declared_step(declared);
  if (!s.known) return {};
  double largest = 0.0;  // max |x̃ᵢⱼ|, bias column included
  const double* values = data.sparse() ? data.csr_value : data.features;
  const std::size_t count = data.sparse() ? data.csr_offset[data.rows] : data.rows * data.cols;
  for (std::size_t i = 0; i < count; ++i) largest = std::max(largest, std::fabs(values[i]));
  double w0_largest = 0.0;
  for (double v : w0) w0_largest = std::max(w0_largest, std::fabs(v));
  // Each update changes every weight by at most `per_update` (a multi-class update touches
  // two different rows), so after k updates |w|∞ ≤ |w₀|∞ + k·per_update in exact arithmetic.
  // Each rounding multiplies by at most 1 + 2⁻⁵³; the factor below covers the 2k roundings
  // of the updates and the N of a batch sum with room to spare. Within that bound a correct
  // plugin's weights are finite, so non-finite weights are its fault; beyond it the step
  // size (or the data's scale) the user chose explains them.
  const auto rows = static_cast<double>(data.rows);
  const auto k = static_cast<double>(updates);
  const double per_update = (s.batch_sum ? rows : 1.0) * s.eta * largest;
  const double rounding = 1.0 + (2.0 * k + rows + 4.0) * 0x1p-52;
  const double bound = (w0_largest + k * per_update) * rounding;
  if (bound <= std::numeric_limits<double>::max()) return {};
  const std::string step = s.batch_sum
                               ? (s.has_eta ? "eta times " : "") + std::string("a sum of up to ") +
                                     std::to_string(data.rows) + " y*x"
                               : (s.has_eta ? "eta*y*x" : "y*x");
  // The bound as computed, factor by factor: k x [N x] [eta x] max|x|.
  std::string factors = std::to_string(updates) + " x ";
  if (s.batch_sum) factors += std::to_string(data.rows) + " x ";
  if (s.has_eta) factors += "eta " + short_text(s.eta) + " x ";
  return "the weights overflowed a double within " + std::to_string(updates) + " update" +
         (updates == 1 ? "" : "s") + " of the step " + step + ": |w0|inf " +
         short_text(w0_largest) + " + " + factors + "the largest |feature| " + short_text(largest) +
         " can exceed about 1.8e308. This is the engine's arithmetic with " +
         (s.has_eta ? "the step size chosen (the step scale eta the learner declares), not a "
                      "plugin fault: lower the step size or scale the data"
                    : "the data's scale, not a plugin fault: scale the data");
}

}  // namespace plab
