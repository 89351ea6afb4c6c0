#include "report/kernel_boundary.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>

#include "plab/kernel.hpp"
#include "report/point_data.hpp"
#include "theory/bound_forms.hpp"

namespace plab {

namespace {

constexpr std::size_t kMaxPictures = 4;
constexpr std::size_t kGridNodes = 121;  // per axis

std::string fmt(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", v);
  return text;
}

// The kernel a learner's bound declares (manifest points/K/learners/J/bound/kernel).
std::optional<KernelSpec> declared_kernel(const boost::json::object& learner) {
  const auto* bound = learner.if_contains("bound");
  const auto* kernel =
      bound != nullptr && bound->is_object() ? bound->as_object().if_contains("kernel") : nullptr;
  if (kernel == nullptr || !kernel->is_object()) return std::nullopt;
  const auto& k = kernel->as_object();
  const auto number = [&k](const char* name) {
    const auto* v = k.if_contains(name);
    return v != nullptr && v->is_number() ? v->to_number<double>() : std::nan("");
  };
  KernelSpec spec;
  const auto* kind = k.if_contains("kind");
  for (KernelKind known : {KernelKind::kLinear, KernelKind::kPolynomial, KernelKind::kRbf}) {
    if (kind != nullptr && kind->is_string() && kind->as_string() == kernel_name(known))
      spec.kind = known;
  }
  const double degree = number("degree");
  spec.scale = number("scale");
  spec.coef0 = number("coef0");
  spec.gamma = number("gamma");
  if (spec.kind == KernelKind::kNone || !(degree >= 1 && degree <= 64) ||
      degree != std::floor(degree) || !std::isfinite(spec.scale) || !std::isfinite(spec.coef0) ||
      !std::isfinite(spec.gamma)) {
    return std::nullopt;
  }
  spec.degree = static_cast<std::uint32_t>(degree);
  return spec;
}

std::string kernel_words(const KernelSpec& k) {
  switch (k.kind) {
    case KernelKind::kPolynomial:
      return "polynomial kernel (" + fmt(k.scale) + " a·b + " + fmt(k.coef0) + ")^" +
             std::to_string(k.degree);
    case KernelKind::kRbf:
      return "rbf kernel exp(-" + fmt(k.gamma) + " |a-b|²)";
    default:
      return "linear kernel a·b";
  }
}

// The manifest's entry for `learner` at sweep point `point`, or nullptr.
const boost::json::object* manifest_learner(const ReportData& d, std::size_t point,
                                            const std::string& learner) {
  const auto& points = d.manifest.at("points").as_array();
  for (const auto& p : points) {
    const auto& o = p.as_object();
    if (o.at("index").to_number<std::size_t>() != point) continue;
    for (const auto& l : o.at("learners").as_array()) {
      if (l.as_object().at("name").as_string() == learner) return &l.as_object();
    }
  }
  return nullptr;
}

// f(x̃) summed as the learner sums a score: w₀·x̃, then the support rows by index.
double kernel_score(const KernelSpec& k, const std::vector<double>& w0, const Dataset& data,
                    const std::vector<std::size_t>& support, const std::vector<double>& coef,
                    const double* x) {
  double s = dot(w0.data(), x, data.cols());
  for (std::size_t j : support) s += coef[j] * kernel_value(k, data.row(j), x, data.cols());
  return s;
}

// Repeat 0's final weights of a linear perceptron at the point, when its record holds them
// (record_weights) or, from a zero start, its updates per row: every update of a Novikoff-form
// perceptron adds step_scale·y·x̃, so w = η Σ αᵢyᵢx̃ᵢ.
std::optional<KernelBoundary::LinearLine> linear_line(const ReportData& d, const GroupSeries& s,
                                                      const Dataset& data, bool zero_start) {
  const boost::json::object* learner = manifest_learner(d, s.point, s.learner);
  if (learner == nullptr) return std::nullopt;
  const auto* bound = learner->if_contains("bound");
  const auto* fields = bound != nullptr ? bound->if_object() : nullptr;
  const auto text = [](const boost::json::object* o, const char* key) {
    const auto* v = o != nullptr ? o->if_contains(key) : nullptr;
    return v != nullptr && v->is_string() ? std::string(v->as_string()) : std::string();
  };
  const auto* eta = fields != nullptr ? fields->if_contains("step_scale") : nullptr;
  const std::string plugin = text(learner, "plugin");
  if ((plugin != "perceptron" && plugin != "eta_perceptron") ||
      parse_bound_form(text(fields, "form")) != BoundForm::kNovikoff || eta == nullptr ||
      !eta->is_number()) {
    return std::nullopt;
  }
  KernelBoundary::LinearLine line;
  line.learner = s.learner;
  if (const auto w = s.final_weights.find(0);
      w != s.final_weights.end() && w->second.size() == data.cols()) {
    std::copy(w->second.begin(), w->second.end(), line.w.begin());
  } else if (zero_start && s.sample_mistakes.size() == data.rows()) {
    const double step = eta->to_number<double>();
    for (std::size_t i = 0; i < data.rows(); ++i) {
      const double c =
          step * static_cast<double>(s.sample_mistakes[i]) * (data.label(i) == 1 ? 1.0 : -1.0);
      for (std::size_t k = 0; k < 3; ++k) line.w[k] += c * data.row(i)[k];
    }
  } else {
    return std::nullopt;
  }
  for (std::size_t i = 0; i < data.rows(); ++i) {
    if ((data.label(i) == 1 ? 1.0 : -1.0) * dot(line.w.data(), data.row(i), 3) <= 0.0)
      ++line.misclassified;
  }
  return line;
}

std::optional<KernelBoundary> rebuild(const ReportData& d, const GroupSeries& s,
                                      const KernelSpec& kernel, std::string& problem) {
  PointData loaded = load_point_data(d, s.point);
  Dataset& data = loaded.data;
  if (data.sparse()) data = data.stored_dense();
  if (!data.augmented() || data.cols() != 3 || data.task() != TaskKind::kBinary) {
    return std::nullopt;  // the picture is for binary data of two features
  }
  if (s.sample_mistakes.size() != data.rows()) {
    problem = "repeat 0 of '" + s.learner + "' records " +
              std::to_string(s.sample_mistakes.size()) + " sample_mistakes for " +
              std::to_string(data.rows()) + " rows";
    return std::nullopt;
  }
  std::vector<double> w0(data.cols(), 0.0);
  if (loaded.config.init.kind != InitKind::kZero) {
    const auto w = s.final_weights.find(0);
    if (kernel.kind == KernelKind::kLinear || w == s.final_weights.end() ||
        w->second.size() != data.cols()) {
      problem = "repeat 0 of '" + s.learner +
                "' started from non-zero weights, and its record does not hold them "
                "(protocol.record_weights, non-linear kernels)";
      return std::nullopt;
    }
    w0 = w->second;
  }
  KernelBoundary b;
  b.point = s.point;
  b.learner = s.learner;
  b.kernel = kernel_words(kernel);
  b.x_name = data.feature_names()[1];
  b.y_name = data.feature_names()[2];
  std::vector<std::size_t> support;
  std::vector<double> coef(data.rows(), 0.0);
  b.x0 = b.y0 = 1e300;
  b.x1 = b.y1 = -1e300;
  for (std::size_t i = 0; i < data.rows(); ++i) {
    const double* x = data.row(i);
    b.points.push_back({x[1], x[2]});
    b.labels.push_back(data.label(i) == 1 ? 1 : -1);
    b.support.push_back(s.sample_mistakes[i] > 0);
    if (s.sample_mistakes[i] > 0) support.push_back(i);
    coef[i] = static_cast<double>(s.sample_mistakes[i]) * b.labels[i];
    b.x0 = std::min(b.x0, x[1]), b.x1 = std::max(b.x1, x[1]);
    b.y0 = std::min(b.y0, x[2]), b.y1 = std::max(b.y1, x[2]);
  }
  for (std::size_t i = 0; i < data.rows(); ++i) {
    if (b.labels[i] * kernel_score(kernel, w0, data, support, coef, data.row(i)) <= 0.0)
      ++b.misclassified;
  }
  for (const GroupSeries& other : d.series) {
    if (other.point != s.point) continue;
    if (auto line = linear_line(d, other, data, loaded.config.init.kind == InitKind::kZero))
      b.linear.push_back(std::move(*line));
  }
  const double pad = 0.15 * std::max({b.x1 - b.x0, b.y1 - b.y0, 1.0});
  b.x0 -= pad, b.x1 += pad, b.y0 -= pad, b.y1 += pad;
  b.nx = b.ny = kGridNodes;
  b.f.reserve(b.nx * b.ny);
  for (std::size_t iy = 0; iy < b.ny; ++iy) {
    for (std::size_t ix = 0; ix < b.nx; ++ix) {
      const double node[3] = {
          1.0, b.x0 + (b.x1 - b.x0) * static_cast<double>(ix) / static_cast<double>(b.nx - 1),
          b.y0 + (b.y1 - b.y0) * static_cast<double>(iy) / static_cast<double>(b.ny - 1)};
      b.f.push_back(kernel_score(kernel, w0, data, support, coef, node));
    }
  }
  return b;
}

}  // namespace

std::vector<KernelBoundary> load_kernel_boundaries(const ReportData& d,
                                                   std::vector<std::string>& problems) {
  std::vector<KernelBoundary> out;
  std::vector<std::string> drawn;
  for (const GroupSeries& s : d.series) {
    if (out.size() == kMaxPictures) break;
    if (s.sample_mistakes.empty() ||
        std::find(drawn.begin(), drawn.end(), s.learner) != drawn.end()) {
      continue;
    }
    const boost::json::object* learner = manifest_learner(d, s.point, s.learner);
    if (learner == nullptr || learner->at("plugin").as_string() != "kernel_perceptron") continue;
    const auto kernel = declared_kernel(*learner);
    if (!kernel) continue;
    drawn.push_back(s.learner);
    std::string problem;
    if (auto b = rebuild(d, s, *kernel, problem)) out.push_back(std::move(*b));
    if (!problem.empty()) problems.push_back("kernel boundary: " + problem);
  }
  return out;
}

std::vector<std::array<double, 4>> boundary_segments(const KernelBoundary& b) {
  std::vector<std::array<double, 4>> segments;
  const auto x = [&b](double ix) {
    return b.x0 + (b.x1 - b.x0) * ix / static_cast<double>(b.nx - 1);
  };
  const auto y = [&b](double iy) {
    return b.y0 + (b.y1 - b.y0) * iy / static_cast<double>(b.ny - 1);
  };
  const auto f = [&b](std::size_t ix, std::size_t iy) { return b.f[iy * b.nx + ix]; };
  for (std::size_t iy = 0; iy + 1 < b.ny; ++iy) {
    for (std::size_t ix = 0; ix + 1 < b.nx; ++ix) {
      // The cell's corners counter-clockwise, and the crossing on each edge whose ends differ
      // in sign (a zero counts as positive, so a crossing is never counted twice).
      const std::array<std::array<std::size_t, 2>, 4> corner = {
          {{ix, iy}, {ix + 1, iy}, {ix + 1, iy + 1}, {ix, iy + 1}}};
      std::vector<std::array<double, 2>> crossings;
      for (std::size_t e = 0; e < 4; ++e) {
        const auto [ax, ay] = corner[e];
        const auto [bx, by] = corner[(e + 1) % 4];
        const double fa = f(ax, ay);
        const double fb = f(bx, by);
        if ((fa >= 0) == (fb >= 0)) continue;
        const double t = fa / (fa - fb);
        const auto fx = static_cast<double>(ax);
        const auto fy = static_cast<double>(ay);
        crossings.push_back({x(fx + t * (static_cast<double>(bx) - fx)),
                             y(fy + t * (static_cast<double>(by) - fy))});
      }
      if (crossings.size() == 2) {
        segments.push_back({crossings[0][0], crossings[0][1], crossings[1][0], crossings[1][1]});
      } else if (crossings.size() == 4) {
        // A saddle: pair the crossings so that the cell's centre stays on its own side.
        const double centre = (f(ix, iy) + f(ix + 1, iy) + f(ix + 1, iy + 1) + f(ix, iy + 1)) / 4;
        const bool first_positive = f(ix, iy) >= 0;
        const std::size_t a = (centre >= 0) == first_positive ? 0 : 1;
        segments.push_back(
            {crossings[a][0], crossings[a][1], crossings[a + 1][0], crossings[a + 1][1]});
        segments.push_back({crossings[(a + 2) % 4][0], crossings[(a + 2) % 4][1],
                            crossings[(a + 3) % 4][0], crossings[(a + 3) % 4][1]});
      }
    }
  }
  return segments;
}

}  // namespace plab
