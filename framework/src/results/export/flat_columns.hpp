// The columns of a flat table of runs, one row per run: the CSV of `plab export --csv` and the
// `runs_flat` view of the SQLite export (docs/sqlite.md#one-table-of-runs-runs_flat-and---csv)
// have the same columns, named by the same rules here, so that a script reads either.
//
// Order: the experiment's columns (kExperimentColumns), the run's identity (kRunIdColumns),
// the learners' parameters sorted by column name, the swept values sorted by column name,
// then every other record field in the order the records give them.
#pragma once

#include <array>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

namespace plab {

inline constexpr std::array<std::string_view, 7> kExperimentColumns = {
    "experiment_id", "experiment", "folder", "start_time", "plab_version", "tags", "note"};
inline constexpr std::array<std::string_view, 7> kRunIdColumns = {
    "run", "seed", "point", "learner", "plugin", "repeat", "status"};

enum class FlatSource {
  kExperiment,    // a column of kExperimentColumns
  kRunId,         // a column of kRunIdColumns
  kLearnerParam,  // `key` of the run's learner's resolved params (of `learner` only, if set)
  kSweep,         // the run's swept value at JSON pointer `key`
  kRecord,        // record field `key`
};

struct FlatColumn {
  std::string name;
  FlatSource source = FlatSource::kRecord;
  std::string key;
  std::string learner;  // kLearnerParam: the only learner the column holds (empty: any)
};

// A learner's parameter as an experiment's manifest lists it.
struct LearnerParam {
  std::string learner;
  std::string plugin;
  std::string param;
  bool operator<(const LearnerParam& o) const {
    return std::tie(learner, plugin, param) < std::tie(o.learner, o.plugin, o.param);
  }
};

struct FlatInputs {
  std::set<LearnerParam> learner_params;
  std::set<std::string> sweep_pointers;
  std::vector<std::string> record_fields;  // in the order first met, each once
  void add_record_field(const std::string& field);
};

// Named columns: a learner parameter is `eta` when every learner that has one of that name
// comes from the same plugin, and `LEARNER.eta` for each learner otherwise (the same name
// means another thing); a swept value is its pointer without the leading '/', its '/' as '.'
// (`/init/scale` is `init.scale`), except pointers into a learner's params, which are the
// learner's parameter columns already; record fields keep their names, except those the
// run's identity columns hold and `params` (the swept values, spread over their columns). A
// name taken already gets its source in front (`sweep:`, `param:`), so every name is unique.
std::vector<FlatColumn> flat_columns(const FlatInputs& inputs);

}  // namespace plab
