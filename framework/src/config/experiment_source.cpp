#include "config/experiment_source.hpp"

#include <map>

#include "config/json_file.hpp"
#include "config/json_pointer.hpp"
#include "config/object_reader.hpp"
#include "config/sweep.hpp"
#include "error.hpp"

namespace plab {

std::string CommandLineChange::option() const {
  return (kind == Kind::kSet ? "--set " : "--sweep ") + text;
}

void apply_change(Json& document, const CommandLineChange& change) {
  if (change.kind == CommandLineChange::Kind::kSet) {
    apply_override(document, change.text);
    return;
  }
  const auto equals = change.text.find('=');
  if (equals == std::string::npos || change.text.front() != '/') {
    throw UsageError("'" + change.option() +
                     "' is not of the form --sweep /json/pointer=V1,V2,...");
  }
  const std::string pointer = change.text.substr(0, equals);
  const std::vector<Json> values =
      parse_sweep_values(change.text.substr(equals + 1), change.option());
  if (!document.contains("sweep")) document["sweep"] = Json::object();
  if (!document["sweep"].is_object()) {
    throw ConfigError("config error at /sweep: expected an object, so '" + change.option() +
                      "' cannot add an axis to it");
  }
  document["sweep"][pointer] = values;
}

namespace {

// True when `inner` is `outer` or a place inside it ("/a/b" is inside "/a", "/ab" is not).
bool pointer_within(const std::string& inner, const std::string& outer) {
  return inner == outer ||
         (inner.size() > outer.size() && inner.compare(0, outer.size(), outer) == 0 &&
          inner[outer.size()] == '/');
}

// A --set whose field a sweep axis also sets would be replaced at every sweep point, its value
// never validated nor used, while the manifest lists it as applied: refused, naming both.
void refuse_sets_a_sweep_replaces(const Json& document,
                                  const std::vector<CommandLineChange>& changes) {
  const auto sweep = document.find("sweep");
  if (sweep == document.end() || !sweep->is_object()) return;
  for (const CommandLineChange& c : changes) {
    if (c.kind != CommandLineChange::Kind::kSet) continue;
    const std::string set = c.text.substr(0, c.text.find('='));
    for (const auto& [axis, values] : sweep->items()) {
      // The set replaced the value at `set`; what it wrote under it is lost where an axis
      // sets a place inside, if its value holds that place.
      bool replaced = pointer_within(set, axis);
      if (!replaced && pointer_within(axis, set)) {
        try {
          replaced = document.contains(Json::json_pointer(axis));
        } catch (const Json::exception&) {
          replaced = false;  // not a pointer into this document: the sweep refuses it later
        }
      }
      if (replaced) {
        throw UsageError("'" + c.option() + "' sets a field that the sweep axis " + axis +
                         " also sets, at every sweep point, so the --set would be dropped; "
                         "change the axis's values (--sweep " +
                         axis + "=V1,V2,...) or remove one of the two");
      }
    }
  }
}

}  // namespace

ExperimentSource load_experiment_source(const std::filesystem::path& config,
                                        const std::vector<CommandLineChange>& changes) {
  ExperimentSource source;
  std::error_code ec;
  source.config_path = std::filesystem::absolute(config, ec).lexically_normal();
  if (ec) source.config_path = config;
  source.document = read_json_file(config);
  if (!source.document.is_object()) {
    throw ConfigError("config error in '" + config.string() +
                      "': the file must hold one JSON object, found " +
                      describe_json(source.document));
  }
  // Two --sweep options on one pointer: the second would silently replace the first's axis.
  std::map<std::string, std::string> swept;  // pointer -> the --sweep option that swept it
  for (const CommandLineChange& c : changes) {
    if (c.kind == CommandLineChange::Kind::kSweep) {
      const std::string pointer = c.text.substr(0, c.text.find('='));
      const auto [it, inserted] = swept.emplace(pointer, c.option());
      if (!inserted) {
        throw UsageError("'" + c.option() + "' sweeps " + pointer + " again, after '" + it->second +
                         "'; give all its values in one --sweep " + pointer + "=V1,V2,...");
      }
    }
    apply_change(source.document, c);
    source.changes.push_back(c.option());
  }
  refuse_sets_a_sweep_replaces(source.document, changes);
  try {
    refuse_repeated_sweep_values(read_sweep_axes(source.document));
  } catch (const ConfigError& error) {
    // As prepare_experiment names them: the file, then the JSON Pointer.
    throw ConfigError(source.config_path.string() + ": " + error.what());
  }
  if (source.document.contains("claims")) {
    source.claims = std::move(source.document["claims"]);
    source.document.erase("claims");
  }
  return source;
}

}  // namespace plab
