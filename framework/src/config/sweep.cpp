#include "config/sweep.hpp"

#include <cmath>
#include <limits>
#include <map>
#include <stdexcept>

#include "config/command_line_value.hpp"
#include "config/json_canonical.hpp"
#include "config/json_number_text.hpp"
#include "config/json_pointer.hpp"
#include "config/object_reader.hpp"
#include "error.hpp"

namespace plab {

namespace {

constexpr std::size_t kMaxPoints = 100'000'000;

void check_pointer(const std::string& pointer, const std::string& where) {
  if (pointer.empty() || pointer.front() != '/') {
    throw_config_error(where,
                       "'" + pointer + "' is not a JSON Pointer; write it like \"/init/scale\"");
  }
  try {
    (void)Json::json_pointer(pointer);
  } catch (const nlohmann::json::exception&) {
    throw_config_error(
        where, "'" + pointer + "' is not a valid JSON Pointer (use ~0 for '~' and ~1 for '/')");
  }
  if (pointer == "/name" || pointer.starts_with("/sweep")) {
    throw_config_error(where, "'" + pointer + "' cannot be swept");
  }
}

std::vector<Json> axis_values(const Json& list, const std::string& where) {
  if (!list.is_array() || list.empty()) {
    throw_config_error(where, "expected a non-empty array of values, found " + describe_json(list));
  }
  return std::vector<Json>(list.begin(), list.end());
}

SweepAxis zip_axis(const Json& group, const std::string& where) {
  if (!group.is_object() || group.empty()) {
    throw_config_error(where,
                       "a zip group is an object of JSON Pointers to equally long lists, found " +
                           describe_json(group));
  }
  SweepAxis axis;
  axis.where = where;
  for (auto it = group.begin(); it != group.end(); ++it) {
    const std::string at = pointer_append(where, it.key());
    check_pointer(it.key(), at);
    axis.pointers.push_back(it.key());
    axis.values.push_back(axis_values(it.value(), at));
    if (axis.values.back().size() != axis.values.front().size()) {
      throw_config_error(at, "has " + std::to_string(axis.values.back().size()) + " values but '" +
                                 axis.pointers.front() + "' in the same zip group has " +
                                 std::to_string(axis.values.front().size()) +
                                 "; zipped lists vary together and must be equally long");
    }
  }
  return axis;
}

// Splits at commas outside brackets, braces, parentheses and strings.
std::vector<std::string> split_top_level(const std::string& text) {
  std::vector<std::string> parts;
  std::string current;
  int depth = 0;
  bool quoted = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quoted) {
      if (c == '\\' && i + 1 < text.size()) {
        current += c;
        current += text[++i];
        continue;
      }
      if (c == '"') quoted = false;
    } else if (c == '"') {
      quoted = true;
    } else if (c == '[' || c == '{' || c == '(') {
      ++depth;
    } else if (c == ']' || c == '}' || c == ')') {
      --depth;
    } else if (c == ',' && depth == 0) {
      parts.push_back(current);
      current.clear();
      continue;
    }
    current += c;
  }
  parts.push_back(current);
  return parts;
}

std::vector<Json> expand_range(const std::string& part, const std::string& option) {
  std::vector<double> args;
  for (const std::string& a : split_top_level(part.substr(6, part.size() - 7))) {
    try {
      std::size_t used = 0;
      args.push_back(std::stod(a, &used));
      if (used != a.size()) throw std::invalid_argument(a);
    } catch (const std::exception&) {
      throw UsageError("'" + part + "' in '" + option + "': range arguments must be numbers");
    }
    // As in JSON values (json_scan.hpp): 1.0000000000000000001 would count from 1.
    if (const auto whole = whole_double_of_fraction(a)) {
      throw UsageError("'" + part + "' in '" + option + "': the argument " + a +
                       " is not an integer, but a double holds it as " + whole_number_text(*whole) +
                       "; write the integer, or a value a double tells apart from it");
    }
  }
  const double step = args.size() == 3 ? args[2] : 1.0;
  if ((args.size() != 2 && args.size() != 3) || step == 0.0 || !std::isfinite(step)) {
    throw UsageError("'" + part + "' in '" + option +
                     "': write range(a,b) or range(a,b,step) with a non-zero step");
  }
  const double count = std::ceil((args[1] - args[0]) / step);
  if (!(count >= 1) || count > 1e6) {
    throw UsageError("'" + part + "' in '" + option + "' gives " +
                     (count >= 1 ? "more than a million" : "no") + " values");
  }
  const bool integral = std::nearbyint(args[0]) == args[0] && std::nearbyint(step) == step;
  std::vector<Json> values;
  for (std::size_t i = 0; i < static_cast<std::size_t>(count); ++i) {
    const double v = args[0] + static_cast<double>(i) * step;  // no accumulated rounding
    values.push_back(integral ? Json(static_cast<std::int64_t>(v)) : Json(v));
  }
  return values;
}

// A zip group's points are its tuples: only a repeated tuple makes two points alike.
void refuse_repeated_values(const SweepAxis& axis) {
  const std::string& where = axis.where;
  const bool zipped = axis.pointers.size() > 1;
  const auto shown = [&](std::size_t i) {
    std::string text;
    for (std::size_t p = 0; p < axis.pointers.size(); ++p) {
      text += (p == 0 ? "" : ", ") + (zipped ? axis.pointers[p] + "=" : std::string()) +
              axis.values[p][i].dump();
    }
    return text;
  };
  std::map<std::string, std::size_t> seen;  // key of a position's values -> the position
  for (std::size_t i = 0; i < axis.size(); ++i) {
    std::string key;
    for (const auto& values : axis.values) key += canonical_json_text(values[i]) + "\n";
    const auto [it, inserted] = seen.emplace(std::move(key), i);
    if (inserted) continue;
    std::string pointers;
    for (const std::string& p : axis.pointers) pointers += (pointers.empty() ? "" : ", ") + p;
    throw_config_error(zipped ? where : pointer_append(where, i),
                       std::string(zipped ? "the values " : "the value ") + shown(i) +
                           " (position " + std::to_string(i) + ") equal" + (zipped ? "" : "s") +
                           " " + shown(it->second) + " (position " + std::to_string(it->second) +
                           ") of the sweep axis " + (zipped ? "zipping " : "") + pointers +
                           "; two points would run the same config under one label: list each "
                           "value once");
  }
}

}  // namespace

std::vector<SweepAxis> read_sweep_axes(const Json& document) {
  std::vector<SweepAxis> axes;
  if (!document.is_object() || !document.contains("sweep")) return axes;
  const Json& sweep = document["sweep"];
  if (!sweep.is_object()) {
    throw_config_error("/sweep",
                       "expected an object mapping JSON Pointers to lists of values, found " +
                           describe_json(sweep));
  }
  for (auto it = sweep.begin(); it != sweep.end(); ++it) {
    const std::string where = pointer_append("/sweep", it.key());
    if (it.key() == "zip") {
      if (it.value().is_array()) {
        for (std::size_t g = 0; g < it.value().size(); ++g) {
          axes.push_back(zip_axis(it.value()[g], pointer_append(where, g)));
        }
      } else {
        axes.push_back(zip_axis(it.value(), where));
      }
      continue;
    }
    check_pointer(it.key(), where);
    axes.push_back(SweepAxis{{it.key()}, {axis_values(it.value(), where)}, where});
  }
  std::size_t points = 1;
  for (const SweepAxis& axis : axes) {
    if (points > kMaxPoints / axis.size()) {
      throw_config_error("/sweep", "the grid has more than " + std::to_string(kMaxPoints) +
                                       " points; split the experiment");
    }
    points *= axis.size();
  }
  return axes;
}

void refuse_repeated_sweep_values(const std::vector<SweepAxis>& axes) {
  for (const SweepAxis& axis : axes) refuse_repeated_values(axis);
}

std::size_t count_points(const std::vector<SweepAxis>& axes) {
  std::size_t n = 1;
  for (const SweepAxis& a : axes) n *= a.size();
  return n;
}

SweepPoint make_point(const Json& document, const std::vector<SweepAxis>& axes, std::size_t index) {
  SweepPoint point;
  point.index = index;
  // Copied without "sweep", whose lists may be long (found by fuzz_config: not an object).
  if (document.is_object()) {
    point.document = Json::object();
    for (auto it = document.begin(); it != document.end(); ++it) {
      if (it.key() != "sweep") point.document[it.key()] = it.value();
    }
  } else {
    point.document = document;
  }
  // Mixed radix: peel digits from the last (fastest) axis.
  std::vector<std::size_t> digit(axes.size());
  std::size_t rest = index;
  for (std::size_t a = axes.size(); a-- > 0;) {
    digit[a] = rest % axes[a].size();
    rest /= axes[a].size();
  }
  for (std::size_t a = 0; a < axes.size(); ++a) {
    for (std::size_t p = 0; p < axes[a].pointers.size(); ++p) {
      const std::string& pointer = axes[a].pointers[p];
      const Json& value = axes[a].values[p][digit[a]];
      set_at_pointer(point.document, pointer, value, pointer_append("/sweep", pointer));
      point.assignments.emplace_back(pointer, value);
    }
  }
  return point;
}

std::vector<Json> parse_sweep_values(const std::string& text, const std::string& option) {
  std::vector<Json> values;
  for (const std::string& part : split_top_level(text)) {
    if (part.empty()) throw UsageError("'" + option + "' has an empty value between commas");
    if (part.starts_with("range(") && part.ends_with(")")) {
      for (Json& v : expand_range(part, option)) values.push_back(std::move(v));
      continue;
    }
    values.push_back(parse_command_line_value(part, option));
  }
  return values;
}

}  // namespace plab
