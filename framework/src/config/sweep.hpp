// Sweep expansion: the grid of config variants an experiment runs.
//
// `"sweep": {"/init/scale": [0, 1], "/learners/0/params/eta": [0.1, 1]}` maps JSON Pointers
// to lists of values. The points are the cartesian product of the lists, numbered in
// mixed radix with the first axis slowest and the last fastest (nested loops in the order
// the axes are written): the example gives (0, 0.1), (0, 1), (1, 0.1), (1, 1) as points 0..3.
#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "config/json.hpp"

namespace plab {

struct SweepAxis {
  std::string pointer;
  std::vector<Json> values;
};

struct SweepPoint {
  std::size_t index = 0;
  std::vector<std::pair<std::string, Json>> assignments;  // (pointer, value), axis order
  Json document;  // the config with the values substituted and "sweep" removed
};

// Reads and checks the "sweep" object of a config (absent: no axes, one point).
std::vector<SweepAxis> read_sweep_axes(const Json& document);

std::size_t count_points(const std::vector<SweepAxis>& axes);

// Builds point `index` (0 ≤ index < count_points). Throws ConfigError naming the pointer
// when it cannot be applied (its parent does not exist in the config).
SweepPoint make_point(const Json& document, const std::vector<SweepAxis>& axes, std::size_t index);

}  // namespace plab
