#include "config/sweep.hpp"

#include <limits>

#include "config/json_pointer.hpp"
#include "config/object_reader.hpp"

namespace plab {

namespace {

constexpr std::size_t kMaxPoints = 100'000'000;

}  // namespace

std::vector<SweepAxis> read_sweep_axes(const Json& document) {
  std::vector<SweepAxis> axes;
  if (!document.is_object() || !document.contains("sweep")) return axes;
  const Json& sweep = document["sweep"];
  if (!sweep.is_object()) {
    throw_config_error("/sweep",
                       "expected an object mapping JSON Pointers to lists of values, "
                       "found " +
                           describe_json(sweep));
  }
  std::size_t points = 1;
  for (auto it = sweep.begin(); it != sweep.end(); ++it) {
    const std::string where = pointer_append("/sweep", it.key());
    const std::string& pointer = it.key();
    if (pointer.empty() || pointer.front() != '/') {
      throw_config_error(where, "'" + pointer +
                                    "' is not a JSON Pointer; write it like "
                                    "\"/init/scale\"");
    }
    try {
      (void)Json::json_pointer(pointer);
    } catch (const nlohmann::json::exception&) {
      throw_config_error(where, "'" + pointer +
                                    "' is not a valid JSON Pointer (use ~0 for '~' "
                                    "and ~1 for '/')");
    }
    if (pointer == "/name" || pointer.starts_with("/sweep")) {
      throw_config_error(where, "'" + pointer + "' cannot be swept");
    }
    if (!it.value().is_array() || it.value().empty()) {
      throw_config_error(
          where, "expected a non-empty array of values, found " + describe_json(it.value()));
    }
    SweepAxis axis{pointer, {}};
    for (const Json& v : it.value()) axis.values.push_back(v);
    if (points > kMaxPoints / axis.values.size()) {
      throw_config_error("/sweep", "the grid has more than " + std::to_string(kMaxPoints) +
                                       " points; split the experiment");
    }
    points *= axis.values.size();
    axes.push_back(std::move(axis));
  }
  return axes;
}

std::size_t count_points(const std::vector<SweepAxis>& axes) {
  std::size_t n = 1;
  for (const SweepAxis& a : axes) n *= a.values.size();
  return n;
}

SweepPoint make_point(const Json& document, const std::vector<SweepAxis>& axes, std::size_t index) {
  SweepPoint point;
  point.index = index;
  point.document = document;
  point.document.erase("sweep");
  // Mixed radix: peel digits from the last (fastest) axis.
  std::vector<std::size_t> digit(axes.size());
  std::size_t rest = index;
  for (std::size_t a = axes.size(); a-- > 0;) {
    digit[a] = rest % axes[a].values.size();
    rest /= axes[a].values.size();
  }
  for (std::size_t a = 0; a < axes.size(); ++a) {
    const Json& value = axes[a].values[digit[a]];
    set_at_pointer(point.document, axes[a].pointer, value,
                   pointer_append("/sweep", axes[a].pointer));
    point.assignments.emplace_back(axes[a].pointer, value);
  }
  return point;
}

}  // namespace plab
