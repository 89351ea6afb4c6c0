// What a report needs from a results folder, read once from its files.
//
// Per (sweep point, learner): the summary (results/summary.hpp) plus what plots and paired
// comparisons need. Memory is bounded: a plot keeps at most kMaxScatter points per group.
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <boost/json/object.hpp>

#include "results/summary.hpp"

namespace plab {

struct GroupSeries {
  std::size_t point = 0;
  std::string learner;
  std::vector<double> counts;  // mistakes or updates (what the bound limits), ≤ kMaxScatter
  std::vector<double> bounds;  // the bound of the same runs
  std::vector<double> ratios;  // count / bound, all runs with an applicable bound
  std::vector<double> mistakes_by_repeat;    // NaN for failed runs
  std::vector<double> test_error_by_repeat;  // NaN where none
  std::vector<double> epoch_mistakes;        // repeat 0, if recorded
  std::vector<double> epoch_loss;            // repeat 0, if recorded
  bool has_test_error = false;
};

struct ReportData {
  std::filesystem::path dir;
  boost::json::object manifest;
  Summary summary;
  std::vector<GroupSeries> series;  // same order as summary.groups
};

inline constexpr std::size_t kMaxScatter = 5000;

ReportData load_report_data(const std::filesystem::path& dir);

}  // namespace plab
