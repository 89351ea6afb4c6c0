#include "report/trajectory_view.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "base/input_file.hpp"
#include "error.hpp"
#include "report/point_data.hpp"
#include "theory/bound_forms.hpp"

namespace plab {

namespace fs = std::filesystem;

namespace {

// The plane the data is drawn in: the origin and two orthonormal directions in feature space
// (the bias column left out).
struct Plane {
  std::vector<double> origin, u, v;
  std::string u_name, v_name, description;
  std::array<double, 2> project(const double* augmented_row) const {
    double a = 0, b = 0;
    for (std::size_t k = 0; k < origin.size(); ++k) {
      a += (augmented_row[k + 1] - origin[k]) * u[k];
      b += (augmented_row[k + 1] - origin[k]) * v[k];
    }
    return {a, b};
  }
  // w·x̃ = 0 restricted to x = origin + a·u + b·v.
  std::array<double, 3> project_weights(const std::vector<double>& w) const {
    std::array<double, 3> out{w[0], 0.0, 0.0};
    for (std::size_t k = 0; k < origin.size(); ++k) {
      out[0] += w[k + 1] * origin[k];
      out[1] += w[k + 1] * u[k];
      out[2] += w[k + 1] * v[k];
    }
    return out;
  }
};

// The leading eigenvector of a symmetric matrix by power iteration from a fixed start
// (deterministic), with the sign fixed so that its largest entry is positive.
std::vector<double> leading_direction(const std::vector<std::vector<double>>& c, double& value) {
  const std::size_t d = c.size();
  std::vector<double> x(d);
  for (std::size_t k = 0; k < d; ++k) x[k] = 1.0 + 0.01 * static_cast<double>(k);
  for (int iteration = 0; iteration < 1000; ++iteration) {
    std::vector<double> y(d, 0.0);
    for (std::size_t i = 0; i < d; ++i)
      for (std::size_t j = 0; j < d; ++j) y[i] += c[i][j] * x[j];
    double norm = 0;
    for (double t : y) norm += t * t;
    norm = std::sqrt(norm);
    if (norm == 0) break;
    for (std::size_t k = 0; k < d; ++k) x[k] = y[k] / norm;
  }
  value = 0;
  for (std::size_t i = 0; i < d; ++i)
    for (std::size_t j = 0; j < d; ++j) value += x[i] * c[i][j] * x[j];
  std::size_t largest = 0;
  for (std::size_t k = 0; k < d; ++k)
    if (std::fabs(x[k]) > std::fabs(x[largest])) largest = k;
  if (x[largest] < 0)
    for (double& t : x) t = -t;
  return x;
}

std::string direction_text(const std::vector<double>& u, const FeatureNames& names) {
  std::string s;
  for (std::size_t k = 0; k < u.size(); ++k) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.2f", std::fabs(u[k]));
    s += (k == 0 ? (u[k] < 0 ? "-" : "") : (u[k] < 0 ? " - " : " + ")) + std::string(buffer) + " " +
         names[k + 1];
  }
  return s;
}

Plane plane_of(const Dataset& data, const std::vector<std::string>& named) {
  const std::size_t d = data.cols() - 1;
  const auto& names = data.feature_names();
  Plane p;
  p.origin.assign(d, 0.0);
  const auto n = static_cast<double>(data.rows());
  if (named.size() == 2 || d == 2) {
    // Two features as the axes (report.plane, or the data's own two): the others at their
    // mean, so a line is where a hyperplane cuts the plane through the mean.
    const auto index = [&](const std::string& name) {
      const auto column = names.find_feature(name);
      if (!column || *column == 0) {
        throw DataError("report.plane names '" + name +
                        "', which is not a feature of the data; the figure is left out");
      }
      return *column - 1;
    };
    const std::size_t a = named.size() == 2 ? index(named[0]) : 0;
    const std::size_t b = named.size() == 2 ? index(named[1]) : 1;
    for (std::size_t i = 0; i < data.rows(); ++i)
      for (std::size_t k = 0; k < d; ++k)
        if (k != a && k != b) p.origin[k] += data.row(i)[k + 1] / n;
    p.u.assign(d, 0.0);
    p.v.assign(d, 0.0);
    p.u[a] = 1.0;
    p.v[b] = 1.0;
    p.u_name = names[a + 1];
    p.v_name = names[b + 1];
    if (d > 2) {
      p.description = "a projection of the " + std::to_string(d) + "-feature data onto '" +
                      p.u_name + "' and '" + p.v_name +
                      "' (report.plane), the other features held at their mean: each line is "
                      "where a hyperplane cuts that plane";
    }
    return p;
  }
  for (std::size_t i = 0; i < data.rows(); ++i)
    for (std::size_t k = 0; k < d; ++k) p.origin[k] += data.row(i)[k + 1] / n;
  std::vector<std::vector<double>> c(d, std::vector<double>(d, 0.0));
  for (std::size_t i = 0; i < data.rows(); ++i)
    for (std::size_t j = 0; j < d; ++j)
      for (std::size_t k = 0; k < d; ++k)
        c[j][k] += (data.row(i)[j + 1] - p.origin[j]) * (data.row(i)[k + 1] - p.origin[k]) / n;
  double total = 0;
  for (std::size_t k = 0; k < d; ++k) total += c[k][k];
  double first = 0, second = 0;
  p.u = leading_direction(c, first);
  for (std::size_t j = 0; j < d; ++j)  // deflate: the second direction is orthogonal to u
    for (std::size_t k = 0; k < d; ++k) c[j][k] -= first * p.u[j] * p.u[k];
  p.v = leading_direction(c, second);
  char name[96];
  std::snprintf(name, sizeof name, "principal direction 1 (%.0f%% of the variance)",
                total > 0 ? 100 * first / total : 0.0);
  p.u_name = name;
  std::snprintf(name, sizeof name, "principal direction 2 (%.0f%% of the variance)",
                total > 0 ? 100 * second / total : 0.0);
  p.v_name = name;
  p.description = "a projection of the " + std::to_string(d) +
                  "-feature data onto the plane through its mean spanned by its two leading "
                  "principal directions (1 = " +
                  direction_text(p.u, data.feature_names()) +
                  "; 2 = " + direction_text(p.v, data.feature_names()) +
                  "); points are projected, and each line is where a hyperplane cuts the plane";
  return p;
}

// The update condition as the manifest declares it for the point's first learner: the
// margin perceptron's bound names its threshold, and learners that follow the SDK's tie
// conventions (plab/online_loop.hpp) carry the resolved `tie` param. Any other rule is shown
// without a verdict on each visit.
void learner_rule(const ReportData& d, std::size_t point, TrajectoryView& view) {
  boost::system::error_code ec;
  const auto* learner =
      d.manifest.at("points").as_array().at(point).find_pointer("/learners/0", ec);
  if (!learner || !learner->is_object()) return;
  const auto* form = learner->find_pointer("/bound/form", ec);
  const auto* threshold = learner->find_pointer("/bound/threshold", ec);
  const auto* tie = learner->find_pointer("/params/tie", ec);
  if (form && form->is_string() &&
      parse_bound_form(form->as_string()) == BoundForm::kMarginPerceptron && threshold &&
      threshold->is_number()) {
    view.rule = "margin";
    view.threshold = threshold->to_number<double>();
  } else if (tie && tie->is_string() &&
             (tie->as_string() == "mistake" || tie->as_string() == "positive")) {
    view.rule = std::string(tie->as_string());
  }
}

}  // namespace

std::optional<TrajectoryView> load_trajectory_view(const ReportData& d) {
  const fs::path file = d.dir / "trajectory.jsonl";
  if (d.series.empty()) return std::nullopt;
  const bool trajectory = fs::exists(file);
  // The first learner at the first sweep point where its repeats end at different weights
  // (point 0 when none does, and always for a trajectory run): different lines are what the
  // picture of final lines is for.
  const GroupSeries* chosen = &d.series.front();
  for (const GroupSeries& s : d.series) {
    if (trajectory || s.learner != chosen->learner || s.final_weights.size() < 2) continue;
    const auto& first = s.final_weights.begin()->second;
    if (std::any_of(s.final_weights.begin(), s.final_weights.end(),
                    [&first](const auto& entry) { return entry.second != first; })) {
      chosen = &s;
      break;
    }
  }
  if (!trajectory && chosen->final_weights.size() < 2) return std::nullopt;
  const std::size_t point = trajectory ? 0 : chosen->point;
  PointData loaded = load_point_data(d, point);
  const ExperimentConfig& config = loaded.config;
  Dataset& data = loaded.data;
  // The plane is drawn from dense rows: a sparse set from its dense copy, if that is small.
  if (data.sparse()) {
    constexpr double kDrawnDenseValues = 1 << 22;
    if (static_cast<double>(data.rows()) * static_cast<double>(data.cols()) > kDrawnDenseValues) {
      return std::nullopt;
    }
    data = data.stored_dense();
  }
  if (!data.augmented() || data.cols() < 3 || data.task() != TaskKind::kBinary) {
    return std::nullopt;
  }
  const Plane plane = plane_of(data, config.report.plane);
  TrajectoryView view;
  view.learner = config.learners.front().name;
  view.x_name = plane.u_name;
  view.y_name = plane.v_name;
  view.projection = plane.description;
  for (std::size_t i = 0; i < data.rows(); ++i) {
    view.points.push_back(plane.project(data.row(i)));
    view.labels.push_back(data.label(i) == 1 ? 1 : -1);
  }
  const bool flat = data.cols() == 3;
  view.point = point;
  // The point's own config: its start is the one its runs had.
  if (config.init.kind == InitKind::kZero) view.start = std::array<double, 3>{};
  if (config.init.kind == InitKind::kGiven && config.init.w.size() == 3)
    view.start = plane.project_weights(config.init.w);
  learner_rule(d, point, view);
  if (!d.summary.groups.empty() && d.summary.groups.front().learner == view.learner)
    view.converged = d.summary.groups.front().converged == d.summary.groups.front().runs;
  std::map<std::size_t, std::vector<double>> finals;
  if (chosen->learner == view.learner) finals = chosen->final_weights;
  refuse_irregular_input(file);
  std::ifstream in(file);
  std::string line;
  while (trajectory && std::getline(in, line)) {
    const auto v = boost::json::parse(line).as_object();
    if (v.at("point").to_number<int>() != 0 || v.at("learner").as_string() != view.learner) {
      continue;
    }
    std::vector<double> w;
    for (const auto& x : v.at("w").as_array()) w.push_back(x.to_number<double>());
    if (w.size() != data.cols()) continue;
    const std::size_t repeat = v.at("repeat").to_number<std::size_t>();
    if (repeat < kMaxFinalWeights) finals[repeat] = w;  // the last line of a repeat wins
    if (repeat != 0 || !flat) continue;
    if (view.steps.size() == kMaxTrajectorySteps) {
      view.steps_cut = true;
      continue;
    }
    TrajectoryStep step;
    step.epoch = v.at("epoch").to_number<std::size_t>();
    if (!v.at("sample").is_null()) step.sample = v.at("sample").to_number<std::size_t>();
    step.w = plane.project_weights(w);  // exact on 2-D data: at most the axes swap
    view.steps.push_back(step);
  }
  if (view.steps_cut) {
    view.visits_note =
        "repeat 0 made more than " + std::to_string(kMaxTrajectorySteps) + " updates";
  } else if (!view.steps.empty()) {
    VisitReplay replay = replay_visits(d, loaded, point);
    view.visits = std::move(replay.visits);
    view.visits_note = std::move(replay.note);
    // Confirmed by every update the replay reproduced: the start the run drew.
    if (!view.visits.empty() && !view.start && replay.start.size() == data.cols())
      view.start = plane.project_weights(replay.start);
  }
  for (const auto& [repeat, w] : finals) {
    if (w.size() == data.cols()) view.finals.emplace_back(repeat, plane.project_weights(w));
  }
  return view;
}

}  // namespace plab
