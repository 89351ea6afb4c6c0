#include "plugin_loader/param_resolver.hpp"

#include <cmath>
#include <vector>

#include "config/did_you_mean.hpp"
#include "config/object_reader.hpp"
#include "error.hpp"

namespace plab {

namespace {

std::vector<std::string> split_choices(const char* choices) {
  std::vector<std::string> out;
  std::string current;
  for (const char* c = choices; *c != '\0'; ++c) {
    if (*c == '|') {
      out.push_back(current);
      current.clear();
    } else {
      current += *c;
    }
  }
  out.push_back(current);
  return out;
}

std::string range_text(const ParamSpec& s) {
  const bool low = std::isfinite(s.lower);
  const bool high = std::isfinite(s.upper);
  if (low && high) {
    return std::string(s.lower_open ? "> " : ">= ") + number_text(s.lower) + " and " +
           (s.upper_open ? "< " : "<= ") + number_text(s.upper);
  }
  if (low) return std::string(s.lower_open ? "> " : ">= ") + number_text(s.lower);
  if (high) return std::string(s.upper_open ? "< " : "<= ") + number_text(s.upper);
  return "any finite value";
}

bool in_range(const ParamSpec& s, double v) {
  if (s.lower_open ? !(v > s.lower) : !(v >= s.lower)) return false;
  if (s.upper_open ? !(v < s.upper) : !(v <= s.upper)) return false;
  return true;
}

}  // namespace

std::string describe_param_type(const ParamSpec& s) {
  switch (s.type) {
    case ParamType::kReal:
      return "real, " + range_text(s);
    case ParamType::kInteger:
      return "integer, " + range_text(s);
    case ParamType::kBool:
      return "boolean";
    case ParamType::kChoice: {
      std::string out = "one of:";
      for (const auto& c : split_choices(s.choices)) out += " \"" + c + "\"";
      return out;
    }
  }
  return "";
}

std::string describe_param_default(const ParamSpec& s) {
  switch (s.type) {
    case ParamType::kBool:
      return s.default_number != 0.0 ? "true" : "false";
    case ParamType::kChoice:
      return std::string("\"") + s.default_choice + "\"";
    default:
      return number_text(s.default_number);
  }
}

ParamSet resolve_params(const PluginDescriptor& plugin, const Json& params,
                        const std::string& pointer) {
  const std::string who = "plugin '" + std::string(plugin.name) + "'";
  std::vector<std::string> declared;
  for (std::size_t k = 0; k < plugin.param_count; ++k) declared.emplace_back(plugin.params[k].name);
  for (auto it = params.begin(); it != params.end(); ++it) {
    bool known = false;
    for (const auto& name : declared) known = known || name == it.key();
    if (!known) {
      throw_config_error(pointer_append(pointer, it.key()),
                         who + " has no param '" + it.key() + "'" +
                             did_you_mean(it.key(), declared) +
                             (declared.empty() ? "; it takes no params"
                                               : "; its params: " + quoted_list(declared)));
    }
  }
  ParamSet set;
  for (std::size_t k = 0; k < plugin.param_count; ++k) {
    const ParamSpec& s = plugin.params[k];
    const std::string where = pointer_append(pointer, s.name);
    const std::string expected =
        who + " expects param '" + s.name + "' to be " + describe_param_type(s);
    ParamSet::Entry e{s.name, s.type, s.default_number, s.default_choice};
    const auto it = params.find(s.name);
    if (it != params.end()) {
      const Json& v = *it;
      switch (s.type) {
        case ParamType::kReal:
        case ParamType::kInteger: {
          const bool integral =
              v.is_number_integer() ||
              (v.is_number_float() && std::nearbyint(v.get<double>()) == v.get<double>());
          if (!v.is_number() || !std::isfinite(v.get<double>()) ||
              (s.type == ParamType::kInteger && !integral)) {
            throw_config_error(where, expected + ", found " + describe_json(v));
          }
          e.number = v.get<double>();
          if (!in_range(s, e.number)) {
            throw_config_error(where, expected + ", found " + number_text(e.number));
          }
          break;
        }
        case ParamType::kBool:
          if (!v.is_boolean()) throw_config_error(where, expected + ", found " + describe_json(v));
          e.number = v.get<bool>() ? 1.0 : 0.0;
          break;
        case ParamType::kChoice: {
          const auto choices = split_choices(s.choices);
          bool ok = v.is_string();
          if (ok) {
            ok = false;
            for (const auto& c : choices) ok = ok || c == v.get<std::string>();
          }
          if (!ok) {
            throw_config_error(
                where, expected + ", found " + describe_json(v) +
                           (v.is_string() ? did_you_mean(v.get<std::string>(), choices) : ""));
          }
          e.text = v.get<std::string>();
          break;
        }
      }
    }
    set.add(std::move(e));
  }
  if (plugin.check != nullptr) {
    // A check returns its sentence; one that throws is a plugin fault, named as such.
    std::string problem;
    try {
      problem = plugin.check(set);
    } catch (const std::exception& e) {
      throw PluginError(who + ": its params check threw for the params at " + pointer + ": " +
                        e.what() + " (a check returns a sentence, it must not throw)");
    } catch (...) {
      throw PluginError(who + ": its params check threw for the params at " + pointer +
                        " (not a std::exception; a check returns a sentence, it must not throw)");
    }
    if (!problem.empty()) throw_config_error(pointer, who + ": " + problem);
  }
  return set;
}

ParamSet default_params(const PluginDescriptor& d) {
  ParamSet set;
  for (std::size_t k = 0; k < d.param_count; ++k) {
    const ParamSpec& s = d.params[k];
    set.add({s.name, s.type, s.default_number, s.default_choice});
  }
  return set;
}

Json params_to_json(const ParamSet& params) {
  Json out = Json::object();
  for (const auto& e : params.entries()) {
    switch (e.type) {
      case ParamType::kReal:
        out[e.name] = e.number;
        break;
      case ParamType::kInteger:
        out[e.name] = static_cast<std::int64_t>(e.number);
        break;
      case ParamType::kBool:
        out[e.name] = e.number != 0.0;
        break;
      case ParamType::kChoice:
        out[e.name] = e.text;
        break;
    }
  }
  return out;
}

}  // namespace plab
