#include "run/records_size.hpp"

#include <algorithm>
#include <initializer_list>
#include <string_view>

#include <boost/json/parse.hpp>

#include "base/disk_space.hpp"
#include "error.hpp"
#include "results/folder/run_timing.hpp"
#include "results/format/run_record.hpp"
#include "run/record_builder.hpp"

namespace plab {

namespace {

constexpr std::uint64_t kDigestLineBytes = 65;  // 64 hex digits and '\n' (record_digest.hpp)

// The bytes of `line`, one JSON object and '\n', when every value but the strings of
// `exact` keys takes one byte. A key or string read back is no longer than as written
// (escapes only lengthen it), so this is never more than any line of the same keys.
std::uint64_t least_line_bytes(const std::string& line,
                               std::initializer_list<std::string_view> exact) {
  const boost::json::object o = boost::json::parse(line).as_object();
  std::uint64_t bytes = 3 + (o.empty() ? 0 : o.size() - 1);  // braces, newline, commas
  for (const auto& field : o) {
    bytes += field.key().size() + 3;  // the key's quotes and the colon
    const bool whole = std::find(exact.begin(), exact.end(), field.key()) != exact.end() &&
                       field.value().is_string();
    bytes += whole ? field.value().get_string().size() + 2 : 1;
  }
  return bytes;
}

// One run's files for learner `learner` of `point`, at least.
std::uint64_t least_run_bytes(const Experiment& e, const PreparedPoint& point,
                              std::size_t learner) {
  const RunId id{point.sweep.index, learner, 0};
  RunOutcome failed;
  failed.status = RunStatus::kFailed;
  const std::string record = write_run_record(build_run_record(e, id, failed));
  const std::string timing = write_timing({id.point, point.learners[learner].name, 0, 0.0, 0.0});
  return least_line_bytes(record, {"learner", "plugin"}) + least_line_bytes(timing, {"learner"}) +
         kDigestLineBytes;
}

}  // namespace

RecordsSize least_records_size(const Experiment& e, std::size_t first_run, std::size_t end_run) {
  RecordsSize size;
  for (const PreparedPoint& point : e.points) {
    const auto repeats = static_cast<std::size_t>(point.config.repeats);
    for (std::size_t l = 0; l < point.learners.size(); ++l) {
      const std::size_t begin = point.first_run + l * repeats;
      const std::size_t from = std::max(begin, first_run);
      const std::size_t to = std::min(begin + repeats, end_run);
      if (from >= to) continue;
      size.runs += to - from;
      size.bytes += (to - from) * least_run_bytes(e, point, l);
    }
  }
  return size;
}

std::string records_size_text(const RecordsSize& size, const std::filesystem::path& folder) {
  std::string text = "the records of " + std::to_string(size.runs) + " run" +
                     (size.runs == 1 ? "" : "s") + " take at least " + byte_count_text(size.bytes) +
                     " (runs.jsonl, runs.sha256, timings.jsonl)";
  if (const auto space = free_space_for(folder)) {
    text += "; " + byte_count_text(space->free_bytes) + " are free on the file system of '" +
            space->measured_at.string() + "'";
  }
  return text;
}

void check_records_fit(const RecordsSize& size, const std::filesystem::path& folder) {
  const auto space = free_space_for(folder);
  if (!space || size.bytes <= space->free_bytes) return;
  throw ConfigError(
      "the records of " + std::to_string(size.runs) + " runs need at least " +
      byte_count_text(size.bytes) + " (runs.jsonl, runs.sha256, timings.jsonl), but only " +
      byte_count_text(space->free_bytes) + " are free on the file system of '" +
      space->measured_at.string() +
      "'; they cannot fit: free some space, give --out on a larger disk, or make fewer runs "
      "(fewer repeats, or --shard I/N on several disks); nothing was written");
}

}  // namespace plab
