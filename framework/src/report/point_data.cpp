#include "report/point_data.hpp"

#include <string>

#include <boost/json/serialize.hpp>

#include "config/sweep.hpp"
#include "data/dataset_loader.hpp"
#include "error.hpp"

namespace plab {

namespace {

// A figure drawn from the data file must show the data the runs saw: the file may have been
// replaced since. The loader hashed exactly the bytes it parsed just now; the manifest holds
// the digest of the bytes the run parsed. Throws (the figure is then left out with this
// note; the rest of the report comes from the records and stands) when they differ or the
// manifest has no digest to compare with.
void check_data_unchanged(const boost::json::object& manifest, const ExperimentConfig& config,
                          const Dataset& data) {
  if (!config.dataset.reads_file()) return;  // inline and synthetic data are in the config
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

PointData load_point_data(const ReportData& report, std::size_t point) {
  const auto& m = report.manifest;
  const Json document = Json::parse(boost::json::serialize(m.at("config")));
  const auto axes = read_sweep_axes(document);
  const std::filesystem::path config_file(std::string(m.at("config_file").as_string()));
  ExperimentConfig config =
      parse_experiment(make_point(document, axes, point).document, config_file.parent_path());
  Dataset data = load_dataset(config.dataset, config.seed);
  check_data_unchanged(m, config, data);
  return {std::move(config), std::move(data)};
}

}  // namespace plab
