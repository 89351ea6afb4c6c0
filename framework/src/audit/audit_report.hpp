// What `plab verify` recomputed and where it found a recorded value that differs
// (docs/verify.md): printed as a short summary and written to DIR/verify.json.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <boost/json/value.hpp>

namespace plab {

struct Difference {
  std::string where;  // "DIR/manifest.json" or "DIR/runs.jsonl:7"
  std::string field;  // "points/0/theory/R", "bound"
  std::string recorded;
  std::string recomputed;
  std::string by = "recomputed";  // or "replayed" (plab verify --replay)

  // "DIR/runs.jsonl:7: field 'bound': recorded 1e9, recomputed 7.9"
  std::string text() const;
};

// A record whose count exceeds its applicable bound: the record's line, the count it is
// judged by (mistakes or updates), its value, the bound as recorded and as verify
// recomputed it (null when verify could not: an older manifest, an unlisted point).
struct Violation {
  std::string where;  // "DIR/runs.jsonl:7"
  std::string run;    // "point 2, learner classic, repeat 7"
  std::string field;  // "mistakes" or "updates"
  std::uint64_t count = 0;
  double bound = 0.0;
  std::optional<double> recomputed;

  // "DIR/runs.jsonl:7 (point 0, learner classic, repeat 0): field 'mistakes' 1000 > bound
  // 221.78 (recomputed 221.78)"
  std::string text() const;
};

struct AuditReport {
  std::vector<std::string> recomputed;     // what was recomputed, one phrase each
  std::vector<std::string> not_rechecked;  // what verify could not recompute, and why
  std::size_t points = 0;
  std::size_t records = 0;
  std::size_t rho_upper_unchecked = 0;
  // Records that say their bound applies but hold null for it, and whose bound verify could
  // not compute either (or not recompute at all): not judged. The others are differences.
  std::size_t bounds_not_judged = 0;  // points whose rho_upper has no stored hull point
  // --replay: the runs.jsonl lines run again (nullopt: not asked); all of them if replay_all.
  std::optional<std::vector<std::size_t>> replayed_lines;
  bool replay_all = false;
  std::vector<Difference> differences;
  std::vector<Violation> violations;  // every record that exceeds its bound, in file order
  // What makes the folder inconsistent beyond a differing value: a record plab could not
  // have written (file:line, field), records missing or extra, a torn line in a completed
  // folder, records edited after they were written (runs.sha256).
  std::vector<std::string> inconsistencies;

  void differ(std::string where, std::string field, const boost::json::value& recorded,
              const boost::json::value& recomputed, std::string by = "recomputed");
};

// JSON text of a value for messages: numbers in shortest round-trip form, null as null.
std::string value_text(const boost::json::value& v);

// Writes DIR/verify.json (through a temporary file and a rename); `verdict` is "clean",
// "bound_violated" or "inconsistent".
void write_verify_json(const std::filesystem::path& dir, const AuditReport& report,
                       std::size_t violations, const std::string& verdict);

}  // namespace plab
