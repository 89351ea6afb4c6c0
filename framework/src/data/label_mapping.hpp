// Turning label texts into class indices, and deciding between binary and multi-class.
//
// - `positive` given: binary; listed labels are class 1 (y = +1), all others class 0.
// - `classes` given: multi-class, class i is classes[i]; every label must be listed.
// - neither: labels that are all numeric and within {−1, +1} or {0, 1} make a binary task
//   with 1 positive; otherwise multi-class, classes in ascending numeric order when every
//   label is a number, else in order of first appearance.
// Numeric labels (decimal numerals) compare by their exact decimal value, never as doubles:
// "1", "1.0", "+1" and "1e0" are the same class, 9007199254740992 and 9007199254740993 are
// two (data/decimal_number.hpp). Anything else ("inf", "nan", "cat") compares as text.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "plab/descriptor.hpp"

namespace plab {

struct LabelMapping {
  TaskKind task = TaskKind::kBinary;
  std::vector<std::string> class_names;
  std::vector<std::int32_t> index;  // per row
};

// `row_origin(i)` names row i in messages (e.g. "iris.csv:17" or "/dataset/y/3").
LabelMapping map_labels(const std::vector<std::string>& labels,
                        const std::optional<std::vector<std::string>>& positive,
                        const std::optional<std::vector<std::string>>& classes,
                        const std::string& source,
                        const std::function<std::string(std::size_t)>& row_origin);

// For each label, whether it is one of `wanted`. Every wanted label must occur (DataError
// naming `source` otherwise).
std::vector<bool> labels_in(const std::vector<std::string>& labels,
                            const std::vector<std::string>& wanted, const std::string& source);

// A note when the labels are almost all distinct (more classes than half the rows, on at
// least kRegressionNoteRows rows): such labels are almost surely a regression target given to a
// classifier, and one class per row makes the margin oracle's Kesler points number n(n−1).
// Empty otherwise.
constexpr std::size_t kRegressionNoteRows = 50;
std::string regression_target_note(std::size_t classes, std::size_t rows);

}  // namespace plab
