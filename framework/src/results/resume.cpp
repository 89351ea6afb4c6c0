#include "results/resume.hpp"

#include <algorithm>
#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <string_view>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/json/stream_parser.hpp>

#include "base/file_hash.hpp"
#include "build_info.hpp"
#include "config/json_file.hpp"
#include "error.hpp"
#include "results/json_text.hpp"
#include "results/record_digest.hpp"
#include "results/record_fields.hpp"
#include "results/run_record.hpp"
#include "results/run_timing.hpp"
#include "results/runs_reader.hpp"

namespace plab {

namespace fs = std::filesystem;

namespace {

std::string read_text(const fs::path& file) {
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> f(std::fopen(file.c_str(), "rb"), &std::fclose);
  if (!f) return "";
  std::string text;
  char buffer[1 << 16];
  std::size_t got = 0;
  while ((got = std::fread(buffer, 1, sizeof buffer, f.get())) > 0) text.append(buffer, got);
  return text;
}

void truncate_to(const fs::path& file, std::size_t bytes) {
  std::error_code ec;
  if (!fs::exists(file, ec)) return;
  if (fs::file_size(file, ec) == bytes) return;
  fs::resize_file(file, bytes, ec);
  if (ec) throw WriteError("cannot truncate '" + file.string() + "': " + ec.message());
}

void append_text(const fs::path& file, const std::string& text) {
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> f(std::fopen(file.c_str(), "ab"), &std::fclose);
  if (!f || std::fwrite(text.data(), 1, text.size(), f.get()) != text.size() ||
      std::fflush(f.get()) != 0) {
    throw WriteError("writing '" + file.string() + "' failed");
  }
}

// Bytes up to the end of the first `lines` complete lines (or of all complete lines).
std::size_t prefix_of_lines(const std::string& text, std::size_t lines) {
  std::size_t offset = 0;
  for (std::size_t k = 0; k < lines; ++k) {
    const std::size_t end = text.find('\n', offset);
    if (end == std::string::npos) break;
    offset = end + 1;
  }
  return offset;
}

// A timings.jsonl line as plab writes it for run `id` (results/run_timing.hpp).
bool is_timing_of(std::string_view line, const RunId& id, const std::string& learner) {
  const std::optional<RunTiming> t = read_timing(line);
  return t && t->point == id.point && t->repeat == id.repeat && t->learner == learner;
}

// Every manifest field resume reads goes through RecordFields: a hand-edited or damaged
// manifest is a DataError naming the file and the field, never a Boost.JSON exception.
RecordFields manifest_fields(const fs::path& dir, const boost::json::object& manifest) {
  return RecordFields(manifest, (dir / "manifest.json").string());
}

}  // namespace

std::string PluginMismatch::shown() const {
  return "SHA-256 " + now +
         (recorded.empty() ? ", not in the manifest" : ", manifest: " + recorded);
}

std::optional<PluginMismatch> first_plugin_mismatch(const fs::path& dir, const Experiment& e,
                                                    const boost::json::object& manifest) {
  std::map<std::string, std::string> recorded;
  for (const RecordFields& p : manifest_fields(dir, manifest).objects("plugins"))
    recorded[p.string("name")] = p.string("sha256");
  for (const auto& lib : e.libraries) {
    const std::string name = lib->descriptor().name;
    const std::string now = sha256_file(lib->path());
    const auto it = recorded.find(name);
    if (it == recorded.end() || it->second != now) {
      return PluginMismatch{name, lib->path().string(), now,
                            it == recorded.end() ? "" : it->second};
    }
  }
  return std::nullopt;
}

void check_resume_files(const fs::path& dir, const Experiment& e,
                        const boost::json::object& manifest) {
  const RecordFields fields = manifest_fields(dir, manifest);
  if (const auto m = first_plugin_mismatch(dir, e, manifest)) {
    throw ConfigError("cannot resume: plugin '" + m->name + "' (" + m->path +
                      ") is not the file the interrupted run used (" + m->shown() +
                      "); resume with the same build, or start a new run");
  }
  // plab writes data_files in every manifest (empty without CSV data): a manifest without it,
  // or without an entry for a file this session reads, cannot vouch for the records' data.
  std::vector<std::string> listed;
  for (const RecordFields& f : fields.objects("data_files")) listed.push_back(f.string("path"));
  for (const PreparedPoint& p : e.points) {
    if (p.config.dataset.kind != "csv") continue;
    const std::string path = p.config.dataset.path.lexically_normal().string();
    if (std::find(listed.begin(), listed.end(), path) == listed.end()) {
      throw ConfigError("cannot resume: data file '" + path + "' is not in " +
                        (dir / "manifest.json").string() +
                        " (data_files), so the records kept cannot be shown to come from the "
                        "same data (SHA-256 now " +
                        p.data->source_sha256() + "); start a new run");
    }
  }
  for (const RecordFields& f : fields.objects("data_files")) {
    const std::string path = f.string("path");
    const std::string sha256 = f.string("sha256");
    // The bytes this session parsed (a file read now could differ from them).
    std::string now;
    for (const PreparedPoint& p : e.points) {
      if (p.config.dataset.kind == "csv" && p.config.dataset.path.lexically_normal() == path) {
        now = p.data->source_sha256();
        break;
      }
    }
    try {
      if (now.empty()) now = sha256_file(path);
    } catch (const Error&) {
      now = "(missing)";
    }
    if (now != sha256) {
      throw ConfigError("cannot resume: data file '" + path +
                        "' has changed since the interrupted "
                        "run (SHA-256 " +
                        now + ", manifest: " + sha256 + "); start a new run");
    }
  }
}

boost::json::object read_manifest(const fs::path& dir) {
  const fs::path file = dir / "manifest.json";
  std::error_code ec;
  if (!fs::is_regular_file(file, ec) || !fs::is_regular_file(dir / "runs.jsonl", ec)) {
    throw UsageError("'" + dir.string() +
                     "' is not a results folder: it needs manifest.json and "
                     "runs.jsonl, as `plab run` writes them");
  }
  const std::string text = read_text(file);
  boost::json::error_code jec;
  boost::json::stream_parser parser;
  const std::size_t parsed = parser.write(text.data(), text.size(), jec);
  if (!jec) parser.finish(jec);
  if (jec) {
    // Where the JSON broke off, so that a hand edit can be found and undone.
    const std::string_view before(text.data(), std::min(parsed, text.size()));
    const std::size_t line =
        1 + static_cast<std::size_t>(std::count(before.begin(), before.end(), '\n'));
    const std::size_t newline = before.rfind('\n');
    const std::size_t column =
        1 + (newline == std::string_view::npos ? before.size() : before.size() - newline - 1);
    throw ResultsError(
        "'" + file.string() + "' is damaged: not a plab manifest (not valid JSON at line " +
        std::to_string(line) + ", column " + std::to_string(column) + ": " + jec.message() + ")");
  }
  boost::json::value v = parser.release();
  if (!v.is_object() || !v.as_object().contains("config")) {
    throw ResultsError("'" + file.string() + "' is damaged: not a plab manifest");
  }
  return v.as_object();
}

void check_same_plab_version(const fs::path& dir, const boost::json::object& manifest) {
  std::string written = "(unknown)";
  if (const auto* context = manifest.if_contains("context"); context && context->is_object()) {
    if (const auto* v = context->as_object().if_contains("plab_version"); v && v->is_string())
      written = std::string(v->as_string());
  }
  if (written != build_info::kVersion) {
    throw ConfigError("cannot resume '" + dir.string() + "': it was written by plab " + written +
                      " and this is plab " + build_info::kVersion +
                      "; records of two versions are never mixed in one folder: finish it with "
                      "plab " +
                      written + ", or start a new run");
  }
}

ExperimentSource source_from_manifest(const fs::path& dir, const boost::json::object& manifest) {
  const RecordFields fields = manifest_fields(dir, manifest);
  ExperimentSource s;
  s.config_path = fields.string("config_file");
  s.document = Json::parse(boost::json::serialize(fields.object("config").object()));
  if (fields.has("command_line_changes")) {
    const boost::json::array& changes = fields.array("command_line_changes");
    for (std::size_t i = 0; i < changes.size(); ++i) {
      if (!changes[i].is_string()) {
        fields.wrong("command_line_changes/" + std::to_string(i), changes[i], "a string");
      }
      s.changes.emplace_back(changes[i].get_string());
    }
  }
  return s;
}

ResumeState prepare_resume(const fs::path& dir, const Experiment& e,
                           const boost::json::object& manifest) {
  check_resume_files(dir, e, manifest);
  return resume_records(dir, e, manifest);
}

ResumeState resume_records(const fs::path& dir, const Experiment& e,
                           const boost::json::object& manifest) {
  const RecordFields fields = manifest_fields(dir, manifest);
  ResumeState state;
  const RecordFields shard = fields.object("shard");
  state.shard.index = shard.count("index");
  state.shard.count = shard.count("count");
  if (state.shard.count == 0 || state.shard.index >= state.shard.count) {
    shard.fail("index", "is " + std::to_string(state.shard.index) + " of a count of " +
                            std::to_string(state.shard.count) +
                            "; expected an index I and a count N with 0 <= I < N");
  }
  const std::size_t first_run = shard.count("first_run");
  const std::size_t end_run = shard.count("end_run");
  const std::size_t runs_total = fields.count("runs_total");
  state.range = shard_range(e, state.shard);
  if (e.total_runs != runs_total) {
    throw ConfigError("cannot resume '" + dir.string() + "': the experiment now has " +
                      std::to_string(e.total_runs) + " runs, the folder was made for " +
                      std::to_string(runs_total));
  }
  if (state.range.begin != first_run || state.range.end != end_run) {
    throw ConfigError("cannot resume '" + dir.string() + "': shard " +
                      std::to_string(state.shard.index) + "/" + std::to_string(state.shard.count) +
                      " of this experiment holds runs [" + std::to_string(state.range.begin) +
                      ", " + std::to_string(state.range.end) + "), but " +
                      (dir / "manifest.json").string() + " says [" + std::to_string(first_run) +
                      ", " + std::to_string(end_run) +
                      ") (shard/first_run, shard/end_run): the manifest was edited or damaged");
  }
  if (fields.has("sessions")) {
    // The new manifest copies them, and takes its start time from the first.
    for (const RecordFields& session : fields.objects("sessions"))
      (void)session.string("start_time");
    state.sessions = fields.array("sessions");
  }

  // Every record kept must be the one plab wrote: its link of the digest chain must match.
  // This comes first, so that an edited record is named as such ("not the one plab wrote")
  // rather than by whatever its edit broke. Records past the last digest (a kill between the
  // two writes) are run again.
  const fs::path runs_file = dir / "runs.jsonl";
  const ChainCheck chain = check_digest_chain(dir, static_cast<std::size_t>(-1));
  // runs.jsonl: every record kept must be the next canonical run (the chain proves plab wrote
  // it, not that this experiment did).
  std::size_t count = 0;
  read_runs(runs_file, [&](const boost::json::object& r, std::size_t line) {
    const std::size_t index = state.range.begin + count;
    ++count;
    if (chain.present && count > chain.verified) return;  // not kept: run again
    const RunRecord record = read_run_record(r, runs_file.string() + ":" + std::to_string(line));
    const RunId id = index < state.range.end ? e.locate(index) : RunId{};
    const bool expected = index < state.range.end && record.point == id.point &&
                          record.repeat == id.repeat &&
                          record.learner == e.point(id.point).learners[id.learner].name;
    if (!expected) {
      throw ResultsError(runs_file.string() + ":" + std::to_string(line) +
                         ": not the run expected at this place in canonical order; the folder "
                         "was not written by this experiment");
    }
  });
  if (!chain.present && count > 0) {
    throw ResultsError("cannot resume '" + dir.string() + "': it has no " + kDigestFileName +
                       ", so its " + std::to_string(count) +
                       " records cannot be checked (the folder of an older plab, or the file "
                       "was removed); start a new run");
  }
  count = chain.verified;
  truncate_to(runs_file, chain.runs_bytes_kept);
  truncate_to(dir / kDigestFileName, chain.digest_bytes_kept);
  state.next_run = state.range.begin + count;

  // timings.jsonl: one line per run. Missing or damaged lines (a file cut short or edited)
  // cannot be measured again; they are written with the run's identity and null seconds, so
  // that line i stays run i, and the resume says so.
  const std::string timings = read_text(dir / "timings.jsonl");
  const std::size_t timing_bytes = prefix_of_lines(timings, count);
  std::string kept;
  std::size_t missing = 0;
  std::size_t damaged = 0;
  std::size_t at = 0;
  for (std::size_t k = 0; k < count; ++k) {
    const RunId id = e.locate(state.range.begin + k);
    const std::string& learner = e.point(id.point).learners[id.learner].name;
    if (at < timing_bytes) {
      const std::size_t eol = timings.find('\n', at);
      const std::string_view line(timings.data() + at, eol - at);
      at = eol + 1;
      if (is_timing_of(line, id, learner)) {
        kept.append(line).push_back('\n');
        continue;
      }
      ++damaged;
    } else {
      ++missing;
    }
    kept += write_timing({id.point, learner, id.repeat, std::nullopt, std::nullopt});
  }
  if (missing + damaged > 0) {
    truncate_to(dir / "timings.jsonl", 0);
    append_text(dir / "timings.jsonl", kept);
    if (missing > 0) {
      state.notes.push_back("timings.jsonl of '" + dir.string() + "' held " +
                            std::to_string(count - missing) + " lines for " +
                            std::to_string(count) + " records; the " + std::to_string(missing) +
                            " missing timings are written as null seconds (they cannot be "
                            "measured again)");
    }
    if (damaged > 0) {
      state.notes.push_back("timings.jsonl of '" + dir.string() + "' held " +
                            std::to_string(damaged) +
                            " damaged lines (not the run's identity with seconds null or >= 0); "
                            "the damaged timings are written as null seconds (they cannot be "
                            "measured again)");
    }
  } else {
    truncate_to(dir / "timings.jsonl", timing_bytes);
  }

  // trajectory.jsonl: the lines of the runs kept, which come first in canonical order.
  const fs::path trajectory = dir / "trajectory.jsonl";
  std::error_code ec;
  if (fs::exists(trajectory, ec)) {
    std::map<std::pair<std::size_t, std::string>, std::size_t> learner_index;
    for (const PreparedPoint& p : e.points) {
      for (std::size_t l = 0; l < p.learners.size(); ++l) {
        learner_index[{p.sweep.index, p.learners[l].name}] = l;
      }
    }
    const std::string text = read_text(trajectory);
    std::size_t keep = 0;
    std::size_t line = 0;
    for (std::size_t offset = 0; offset < text.size();) {
      ++line;
      const std::size_t end = text.find('\n', offset);
      if (end == std::string::npos) break;  // torn
      boost::json::error_code jec;
      const auto v = boost::json::parse(std::string_view(text).substr(offset, end - offset), jec);
      if (jec || !v.is_object()) break;
      // A line that parses but lacks its identity was edited: a DataError naming it.
      const RecordFields o(v.as_object(), trajectory.string() + ":" + std::to_string(line));
      const std::size_t point = o.count("point");
      const auto it = learner_index.find({point, o.string("learner")});
      if (it == learner_index.end()) break;
      const auto repeats = static_cast<std::size_t>(e.point(point).config.repeats);
      const std::size_t repeat = o.count("repeat");
      if (repeat >= repeats) break;
      const std::size_t index = e.point(point).first_run + it->second * repeats + repeat;
      if (index >= state.next_run) break;
      offset = end + 1;
      keep = offset;
    }
    truncate_to(trajectory, keep);
  }
  return state;
}

}  // namespace plab
