// The verify session (docs/verify.md), beside the run session: a results folder audited in
// order (the folder's files, its manifest, every point's facts, the run counts, every record,
// the folder's order, the replay, the digest chain) and verify.json written. The command
// line (cli/verify_command.cpp) turns the outcome into text and an exit code.
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>

#include "audit/audit_report.hpp"
#include "results/folder/folder_audit.hpp"
#include "results/summary/summary.hpp"
#include "session/replay.hpp"

namespace plab {

struct VerifyOutcome {
  AuditReport report;
  Summary summary;
  FolderAudit audit;
  // A record plab could not have written ended the audit of the records at the first one.
  bool stopped_early = false;
  bool replay_skipped = false;  // --replay asked, but the records are not the whole experiment
  std::optional<ReplayResult> replay;
  double replay_seconds = 0.0;
  // Why the digest chain does not vouch for the records ("" when it does).
  std::string chain_problem;
  std::string verdict;  // verify.json's: "clean", "bound_violated" or "inconsistent"
};

// DataError (exit 2) only when the folder cannot be audited at all; every finding otherwise
// is in the outcome.
VerifyOutcome verify_folder(const std::filesystem::path& dir,
                            const std::optional<ReplayRequest>& replay);

}  // namespace plab
