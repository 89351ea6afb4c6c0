#include "results/export/flat_columns.hpp"

#include <algorithm>
#include <map>
#include <regex>

namespace plab {

namespace {

// A swept value's column: `/init/scale` is `init.scale` (JSON pointer escapes undone).
std::string sweep_column_name(const std::string& pointer) {
  std::string name;
  for (std::size_t i = pointer.empty() || pointer[0] != '/' ? 0 : 1; i < pointer.size(); ++i) {
    if (pointer[i] == '/') {
      name += '.';
    } else if (pointer[i] == '~' && i + 1 < pointer.size() && pointer[i + 1] == '1') {
      name += '/';
      ++i;
    } else if (pointer[i] == '~' && i + 1 < pointer.size() && pointer[i + 1] == '0') {
      name += '~';
      ++i;
    } else {
      name += pointer[i];
    }
  }
  return name;
}

}  // namespace

void FlatInputs::add_record_field(const std::string& field) {
  if (std::find(record_fields.begin(), record_fields.end(), field) == record_fields.end())
    record_fields.push_back(field);
}

std::vector<FlatColumn> flat_columns(const FlatInputs& inputs) {
  std::vector<FlatColumn> columns;
  std::set<std::string> taken;
  const auto add = [&](std::string name, FlatSource source, std::string key, std::string learner,
                       const char* prefix) {
    if (!taken.insert(name).second) {
      name = prefix + name;
      while (!taken.insert(name).second) name = std::string(prefix) + name;
    }
    columns.push_back(FlatColumn{std::move(name), source, std::move(key), std::move(learner)});
  };
  for (const std::string_view c : kExperimentColumns)
    add(std::string(c), FlatSource::kExperiment, std::string(c), "", "");
  for (const std::string_view c : kRunIdColumns)
    add(std::string(c), FlatSource::kRunId, std::string(c), "", "");

  // A parameter's plugins: one means one meaning, whatever the learner's name.
  std::map<std::string, std::set<std::string>> plugins_of;
  for (const LearnerParam& p : inputs.learner_params) plugins_of[p.param].insert(p.plugin);
  std::map<std::string, FlatColumn> params;  // sorted by column name
  for (const LearnerParam& p : inputs.learner_params) {
    if (plugins_of[p.param].size() == 1) {
      params.emplace(p.param, FlatColumn{p.param, FlatSource::kLearnerParam, p.param, ""});
    } else {
      const std::string name = p.learner + "." + p.param;
      params.emplace(name, FlatColumn{name, FlatSource::kLearnerParam, p.param, p.learner});
    }
  }
  for (auto& [name, c] : params) add(name, c.source, c.key, c.learner, "param:");

  static const std::regex kLearnerParamPointer("/learners/[0-9]+/params/.*");
  std::multimap<std::string, std::string> sweeps;  // column name -> pointer, sorted by name
  for (const std::string& pointer : inputs.sweep_pointers) {
    if (!std::regex_match(pointer, kLearnerParamPointer))
      sweeps.emplace(sweep_column_name(pointer), pointer);
  }
  for (const auto& [name, pointer] : sweeps) add(name, FlatSource::kSweep, pointer, "", "sweep:");

  for (const std::string& field : inputs.record_fields) {
    const bool held = field == "params" || std::find(kRunIdColumns.begin(), kRunIdColumns.end(),
                                                     field) != kRunIdColumns.end();
    if (!held) add(field, FlatSource::kRecord, field, "", "record:");
  }
  return columns;
}

}  // namespace plab
