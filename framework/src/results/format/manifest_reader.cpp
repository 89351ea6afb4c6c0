#include "results/format/manifest_reader.hpp"

#include <algorithm>
#include <string_view>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/json/stream_parser.hpp>

#include "base/input_file.hpp"
#include "build_info.hpp"
#include "error.hpp"
#include "results/format/file_text.hpp"

namespace plab {

namespace fs = std::filesystem;

boost::json::object read_manifest(const fs::path& dir) {
  const fs::path file = dir / "manifest.json";
  std::error_code ec;
  for (const fs::path& own : {file, dir / "runs.jsonl"}) {
    // A symbolic link is refused as plab's writers refuse one (open_own_file names it):
    // followed, it would make another folder's manifest or records this folder's. A hard link
    // is read (a `cp -al` backup is one).
    if (fs::is_symlink(fs::symlink_status(own, ec))) refuse_foreign_own_file(own);
    // A FIFO, folder or device at either name is there: it is named as what it is, not taken
    // for a missing file (and never read, which could wait forever on a FIFO).
    refuse_irregular_input(own);
    // What is there yet cannot be opened at all is a socket (open fails with ENXIO).
    if (fs::exists(fs::symlink_status(own, ec)) && !fs::is_regular_file(fs::status(own, ec))) {
      throw DataError("'" + own.string() +
                      "' is not a regular file (it is a socket); a results folder holds the files "
                      "plab wrote: remove it, or put back the file plab wrote there");
    }
  }
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

RecordFields manifest_fields(const fs::path& dir, const boost::json::object& manifest) {
  return RecordFields(manifest, (dir / "manifest.json").string());
}

SessionStatus manifest_status(const RecordFields& manifest) {
  const std::optional<SessionStatus> status = parse_session_status(manifest.string("status"));
  if (!status) {
    manifest.wrong("status", manifest.any("status"),
                   R"("running", "completed", "interrupted" or "failed")");
  }
  return *status;
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

Json recorded_config(const fs::path& dir, const boost::json::object& manifest) {
  const RecordFields fields = manifest_fields(dir, manifest);
  const boost::json::object& config = fields.object("config").object();
  // Boost.JSON 1.81 reads about one double in ten an ulp off; the correctly rounding parser
  // gives the doubles plab ran on (the manifest holds them in shortest round-trip form).
  Json document = Json::parse(read_text(dir / "manifest.json"), nullptr, false);
  if (document.is_object() && document.contains("config") && document["config"].is_object())
    return std::move(document["config"]);
  return Json::parse(boost::json::serialize(config));
}

ExperimentSource source_from_manifest(const fs::path& dir, const boost::json::object& manifest) {
  const RecordFields fields = manifest_fields(dir, manifest);
  ExperimentSource s;
  s.config_path = fields.string("config_file");
  s.document = recorded_config(dir, manifest);
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

}  // namespace plab
