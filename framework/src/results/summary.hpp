// Aggregates of runs.jsonl per (sweep point, learner): summary.json, summary.csv and the
// table printed at the end of `plab run`.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include <boost/json/value.hpp>

namespace plab {

struct Quantiles {
  double min = 0, median = 0, mean = 0, max = 0;
};

struct GroupSummary {
  std::int64_t point = 0;
  std::string learner;
  std::string plugin;
  boost::json::value params;  // the point's sweep values
  std::size_t runs = 0;
  std::size_t converged = 0;
  std::size_t not_converged = 0;
  std::size_t diverged = 0;
  std::size_t failed = 0;
  Quantiles mistakes;  // over runs that did not fail
  Quantiles epochs;
  double train_error_mean = 0;  // over runs with a train_error
  double radius = 0;
};

struct Summary {
  std::vector<GroupSummary> groups;  // in canonical order of first appearance
  std::size_t runs = 0;
  std::size_t failed = 0;
};

Summary summarize_runs(const std::filesystem::path& runs_file);

boost::json::value summary_to_json(const Summary& summary);
std::string summary_to_csv(const Summary& summary);
// A fixed-width table for a terminal.
std::string summary_table(const Summary& summary);

}  // namespace plab
