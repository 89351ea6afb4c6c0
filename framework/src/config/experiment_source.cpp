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
  if (source.document.contains("claims")) {
    source.claims = std::move(source.document["claims"]);
    source.document.erase("claims");
  }
  return source;
}

}  // namespace plab
