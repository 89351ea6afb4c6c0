#include "results/export/csv_export.hpp"

#include <fstream>
#include <map>
#include <string>
#include <tuple>
#include <utility>

#include "base/csv_cell.hpp"
#include "base/file_hash.hpp"
#include "error.hpp"
#include "results/export/export_source.hpp"
#include "results/export/flat_columns.hpp"
#include "results/folder/folder_lock.hpp"
#include "results/format/exact_json.hpp"
#include "results/format/json_text.hpp"
#include "results/format/run_record.hpp"
#include "results/format/runs_reader.hpp"

namespace plab {

namespace fs = std::filesystem;

namespace {

std::string cell_text(const boost::json::value* v) {
  if (v == nullptr || v->is_null()) return "";
  if (v->is_bool()) return v->as_bool() ? "1" : "0";
  if (v->is_string()) return std::string(v->as_string());
  return to_json_text(*v);  // numbers in shortest exact form, arrays and objects as JSON
}

// The lines of runs.jsonl, each parsed with every double correctly rounded.
template <typename Visit>
void for_each_record(const fs::path& dir, std::size_t records, const Visit& visit) {
  const fs::path runs_file = dir / "runs.jsonl";
  std::ifstream in(runs_file, std::ios::binary);
  std::string text;
  for (std::size_t line = 1; line <= records; ++line) {
    const std::string where = runs_file.string() + ":" + std::to_string(line);
    if (!read_bounded_line(in, text, runs_file, line))
      throw ResultsError("cannot export '" + dir.string() + "': " + where +
                         " changed while it was read");
    const boost::json::value record = parse_json_exactly(text, where);
    if (!record.is_object())
      throw ResultsError("cannot export '" + dir.string() + "': " + where +
                         " changed while it was read");
    visit(record.as_object(), text, line, where);
  }
}

struct CsvFolder {
  fs::path dir;
  CheckedFolder checked;
  // (sweep point, learner) -> the learner's resolved params in the manifest
  std::map<std::pair<std::size_t, std::string>, const boost::json::object*> params;
};

FlatInputs flat_inputs(std::vector<CsvFolder>& folders) {
  FlatInputs inputs;
  for (CsvFolder& folder : folders) {
    for (const auto& pv : folder.checked.manifest.at("points").as_array()) {
      const boost::json::object& p = pv.as_object();
      const auto index = p.at("index").to_number<std::size_t>();
      if (const auto* sweep = p.if_contains("params"); sweep != nullptr && sweep->is_object()) {
        for (const auto& kv : sweep->as_object()) inputs.sweep_pointers.emplace(kv.key());
      }
      for (const auto& lv : p.at("learners").as_array()) {
        const boost::json::object& l = lv.as_object();
        const std::string name(l.at("name").as_string());
        const auto* plugin = l.if_contains("plugin");
        const auto* params = l.if_contains("params");
        if (params == nullptr || !params->is_object()) continue;
        folder.params[{index, name}] = &params->as_object();
        for (const auto& kv : params->as_object()) {
          inputs.learner_params.insert(LearnerParam{
              name,
              plugin != nullptr && plugin->is_string() ? std::string(plugin->as_string()) : "",
              std::string(kv.key())});
        }
      }
    }
    for_each_record(folder.dir, folder.checked.records,
                    [&](const boost::json::object& record, const std::string&, std::size_t,
                        const std::string&) {
                      for (const auto& kv : record) inputs.add_record_field(std::string(kv.key()));
                    });
  }
  return inputs;
}

using CsvRunKey = std::tuple<std::string, std::size_t, std::string, std::size_t, std::string>;
struct WrittenRun {
  std::string folder;
  std::string record_sha256;
};

std::string record_sha256_of(const std::string& text) {
  Sha256 hash;
  hash.update(text);
  return hash.finish();
}

}  // namespace

CsvExport write_runs_csv(const fs::path& file, const std::vector<fs::path>& dirs, bool force) {
  if (dirs.empty()) throw UsageError("plab export needs at least one results folder");
  CsvExport out;
  out.file = std::make_unique<OutputFile>(file, force, "plab export");
  std::vector<FolderLock> locks;
  std::vector<CsvFolder> folders;
  for (const fs::path& dir : dirs) {
    locks.push_back(FolderLock::shared_if_present(dir));
    folders.push_back(CsvFolder{dir, read_checked_folder(dir, file), {}});
  }
  const std::vector<FlatColumn> columns = flat_columns(flat_inputs(folders));
  out.columns = columns.size();
  std::string row;
  for (const FlatColumn& c : columns) {
    if (!row.empty()) row += ',';
    append_csv_cell(row, c.name);
  }
  out.file->write(row + "\r\n");

  std::map<CsvRunKey, WrittenRun> written;
  long long experiment_id = 0;
  for (const CsvFolder& folder : folders) {
    const boost::json::object& m = folder.checked.manifest;
    std::error_code ec;
    const fs::path absolute = fs::absolute(folder.dir, ec);
    const boost::json::value* tags = m.if_contains("tags");
    const std::map<std::string, std::string> experiment = {
        {"experiment", cell_text(m.if_contains("name"))},
        {"folder", (ec ? folder.dir : absolute).lexically_normal().string()},
        {"start_time", cell_text(m.if_contains("start_time"))},
        {"plab_version", cell_text(m.at("context").as_object().if_contains("plab_version"))},
        {"tags", tags != nullptr ? to_json_text(*tags) : "[]"},
        {"note", cell_text(m.if_contains("note"))}};
    bool numbered = false;  // the folder has its experiment_id once it adds a run
    for_each_record(
        folder.dir, folder.checked.records,
        [&](const boost::json::object& record, const std::string& text, std::size_t line,
            const std::string& where) {
          out.file->stop_if_interrupted("exporting", folder.dir);
          const RunRecord r = read_run_record(record, where);
          const std::string& seed = folder.checked.seed_of_point.at(r.point);
          const CsvRunKey key{folder.checked.identity_sha256, r.point, r.learner, r.repeat, seed};
          const std::string sha = record_sha256_of(text);
          if (const auto it = written.find(key); it != written.end()) {
            if (it->second.record_sha256 != sha) {
              throw ResultsError("cannot export '" + folder.dir.string() + "': " + where +
                                 " (point " + std::to_string(r.point) + ", learner '" + r.learner +
                                 "', repeat " + std::to_string(r.repeat) + ", seed " + seed +
                                 ") differs from the same run in '" + it->second.folder +
                                 "' (same config, plab version, plugins and data); run plab verify "
                                 "on both folders");
            }
            ++out.skipped;
            return;
          }
          written.emplace(key, WrittenRun{folder.dir.string(), sha});
          if (!numbered) {
            ++experiment_id;
            numbered = true;
          }
          const auto params = folder.params.find({r.point, r.learner});
          const boost::json::object* sweep =
              record.contains("params") && record.at("params").is_object()
                  ? &record.at("params").as_object()
                  : nullptr;
          row.clear();
          for (const FlatColumn& c : columns) {
            if (&c != &columns.front()) row += ',';
            std::string cell;
            switch (c.source) {
              case FlatSource::kExperiment:
                cell =
                    c.key == "experiment_id" ? std::to_string(experiment_id) : experiment.at(c.key);
                break;
              case FlatSource::kRunId:
                cell = c.key == "run"    ? std::to_string(folder.checked.first_run + line - 1)
                       : c.key == "seed" ? seed
                                         : cell_text(record.if_contains(c.key));
                break;
              case FlatSource::kLearnerParam:
                if ((c.learner.empty() || c.learner == r.learner) && params != folder.params.end())
                  cell = cell_text(params->second->if_contains(c.key));
                break;
              case FlatSource::kSweep:
                if (sweep != nullptr) cell = cell_text(sweep->if_contains(c.key));
                break;
              case FlatSource::kRecord:
                cell = cell_text(record.if_contains(c.key));
                break;
            }
            append_csv_cell(row, cell);
          }
          out.file->write(row + "\r\n");
          ++out.runs;
        });
  }
  return out;
}

}  // namespace plab
