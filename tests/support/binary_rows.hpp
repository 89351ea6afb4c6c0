// Small binary data sets written inline in a test: rows as given (no bias column added,
// unless `augment`), labels from signs (+1 is the class "pos").
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "data/dataset.hpp"

namespace plab::test {

inline Dataset binary_rows(const std::vector<std::vector<double>>& rows,
                           const std::vector<int>& signs, bool augment = false) {
  std::vector<double> values;
  for (const auto& r : rows) values.insert(values.end(), r.begin(), r.end());
  std::vector<std::int32_t> label;
  for (int s : signs) label.push_back(s > 0 ? 1 : 0);
  std::vector<std::string> names;
  for (std::size_t j = 0; j < rows.front().size(); ++j) names.push_back("x" + std::to_string(j));
  return Dataset(values, rows.size(), rows.front().size(), augment, TaskKind::kBinary, label,
                 {"neg", "pos"}, names);
}

}  // namespace plab::test
