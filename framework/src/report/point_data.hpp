// The data set one sweep point of a results folder trained on, loaded again for a figure
// drawn on the data: the file re-read and checked against the SHA-256 in the manifest.
#pragma once

#include <cstddef>

#include "config/experiment_config.hpp"
#include "data/dataset.hpp"
#include "report/report_data.hpp"

namespace plab {

struct PointData {
  ExperimentConfig config;  // the point's own config (its sweep values applied)
  Dataset data;
};

// Throws DataError when the data file changed since the run, or the manifest has no digest
// to compare with: a figure drawn from other data would not show what the runs saw.
PointData load_point_data(const ReportData& report, std::size_t point);

}  // namespace plab
