#include "report/trajectory_view.hpp"

#include <fstream>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "config/experiment_config.hpp"
#include "config/sweep.hpp"
#include "data/dataset_loader.hpp"
#include "error.hpp"

namespace plab {

namespace fs = std::filesystem;

namespace {

// A figure drawn from the data file must show the data the runs saw: the file may have been
// replaced since. The loader hashed exactly the bytes it parsed just now; the manifest holds
// the digest of the bytes the run parsed. Throws (the figure is then left out with this
// note; the rest of the report comes from the records and stands) when they differ or the
// manifest has no digest to compare with.
void check_data_unchanged(const boost::json::object& manifest, const ExperimentConfig& config,
                          const Dataset& data) {
  if (config.dataset.kind != "csv") return;  // inline and synthetic data are in the config
  const std::string path = config.dataset.path.lexically_normal().string();
  std::string recorded;
  if (const auto* files = manifest.if_contains("data_files"); files && files->is_array()) {
    for (const auto& f : files->as_array()) {
      const auto* o = f.if_object();
      if (o == nullptr || !o->contains("path") || !o->contains("sha256")) continue;
      const auto* p = o->at("path").if_string();
      const auto* h = o->at("sha256").if_string();
      if (p != nullptr && h != nullptr && *p == path) recorded = std::string(*h);
    }
  }
  if (recorded.empty()) {
    throw DataError("the manifest records no SHA-256 for data file '" + path +
                    "', so the data read now cannot be checked against the "
                    "run's; the figure is left out");
  }
  if (recorded != data.source_sha256()) {
    throw DataError("data file '" + path +
                    "' has changed since the run (SHA-256 of the bytes read now " +
                    data.source_sha256() + ", manifest " + recorded +
                    "); the figure would not show the data the runs saw, so it "
                    "is left out");
  }
}

}  // namespace

std::optional<TrajectoryView> load_trajectory_view(const ReportData& d) {
  const fs::path file = d.dir / "trajectory.jsonl";
  if (!fs::exists(file) || d.series.empty()) return std::nullopt;
  const auto& m = d.manifest;
  const Json document = Json::parse(boost::json::serialize(m.at("config")));
  const auto axes = read_sweep_axes(document);
  const fs::path config_file(std::string(m.at("config_file").as_string()));
  const ExperimentConfig config =
      parse_experiment(make_point(document, axes, 0).document, config_file.parent_path());
  const Dataset data = load_dataset(config.dataset, config.seed);
  check_data_unchanged(m, config, data);
  if (!data.augmented() || data.cols() != 3 || data.task() != TaskKind::kBinary) {
    return std::nullopt;
  }
  TrajectoryView view;
  view.learner = config.learners.front().name;
  view.x_name = data.feature_names()[1];
  view.y_name = data.feature_names()[2];
  for (std::size_t i = 0; i < data.rows(); ++i) {
    view.points.push_back({data.row(i)[1], data.row(i)[2]});
    view.labels.push_back(data.label(i) == 1 ? 1 : -1);
  }
  // A sweep of the start would make point 0's start differ from the base config's.
  if (axes.empty() && config.init.kind == "zero") view.start = std::array<double, 3>{};
  if (axes.empty() && config.init.kind == "given" && config.init.w.size() == 3)
    view.start = std::array<double, 3>{config.init.w[0], config.init.w[1], config.init.w[2]};
  std::ifstream in(file);
  std::string line;
  while (std::getline(in, line)) {
    const auto v = boost::json::parse(line).as_object();
    if (v.at("point").to_number<int>() != 0 || v.at("repeat").to_number<int>() != 0 ||
        v.at("learner").as_string() != view.learner) {
      continue;
    }
    const auto& w = v.at("w").as_array();
    if (w.size() != 3) continue;
    if (view.steps.size() == kMaxTrajectorySteps) {
      view.steps_cut = true;
      break;
    }
    TrajectoryStep step;
    step.epoch = v.at("epoch").to_number<std::size_t>();
    if (!v.at("sample").is_null()) step.sample = v.at("sample").to_number<std::size_t>();
    for (std::size_t k = 0; k < 3; ++k) step.w[k] = w[k].to_number<double>();
    view.steps.push_back(step);
  }
  return view;
}

}  // namespace plab
