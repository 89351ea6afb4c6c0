// Sweep expansion: the grid of config variants an experiment runs.
//
// `"sweep": {"/init/scale": [0, 1], "/learners/0/params/eta": [0.1, 1]}` maps JSON Pointers
// to lists of values. The points are the cartesian product of the lists, numbered in
// mixed radix with the first axis slowest and the last fastest (nested loops in the order
// the axes are written): the example gives (0, 0.1), (0, 1), (1, 0.1), (1, 1) as points 0..3.
// A "zip" entry makes pointers vary together, as one axis at the place of the "zip" key:
//   "sweep": {"/a": [1, 2], "zip": {"/b": [1, 2, 3], "/c": ["x", "y", "z"]}}
// has 2 × 3 points; "zip" may also be an array of such objects (several zipped axes).
#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "config/json.hpp"

namespace plab {

// One axis of the grid: usually one pointer; a zip group has several, with equally many
// values, that vary together.
struct SweepAxis {
  std::vector<std::string> pointers;
  std::vector<std::vector<Json>> values;  // values[p][i]: pointer p at position i
  std::string where;                      // its place in the config: "/sweep/~1seed"
  std::size_t size() const { return values.front().size(); }
};

struct SweepPoint {
  std::size_t index = 0;
  std::vector<std::pair<std::string, Json>> assignments;  // (pointer, value), axis order
  Json document;  // the config with the values substituted and "sweep" removed
};

// Reads and checks the "sweep" object of a config (absent: no axes, one point).
std::vector<SweepAxis> read_sweep_axes(const Json& document);

// Refuses an axis that lists one value twice (a zip group: one tuple), as equal JSON values
// (1, 1.0 and 1e0 alike): two points would run the same config under one label. A ConfigError
// names the axis and both positions. For configs read afresh; folders already written are
// read as they are.
void refuse_repeated_sweep_values(const std::vector<SweepAxis>& axes);

std::size_t count_points(const std::vector<SweepAxis>& axes);

// Builds point `index` (0 ≤ index < count_points). Throws ConfigError naming the pointer
// when it cannot be applied (its parent does not exist in the config).
SweepPoint make_point(const Json& document, const std::vector<SweepAxis>& axes, std::size_t index);

// Values of a `--sweep /pointer=V1,V2,...` option: comma-separated JSON values (bare words
// are strings, command_line_value.hpp), where `range(a,b[,step])` stands for a, a+step, ... up to
// but excluding b (step 1 by default), like Python's range. Throws UsageError naming the option.
std::vector<Json> parse_sweep_values(const std::string& text, const std::string& option);

}  // namespace plab
