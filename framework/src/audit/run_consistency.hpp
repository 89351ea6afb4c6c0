// A record's counts against its config, without replaying it (docs/verify.md, "The run
// against its config"): what the training loop (protocols/training.cpp) makes true of every
// run it finishes, so that an edited count or status is found even where no bound judges it.
#pragma once

#include <string>

#include "audit/audit_report.hpp"
#include "audit/point_audit.hpp"
#include "results/format/record_fields.hpp"
#include "results/format/run_record.hpp"

namespace plab {

// Each difference names the record's field: `epochs` past protocol.max_epochs,
// `status` not_converged before max_epochs, `steps` against the count of a mistake-driven
// order, `sample_mistakes` and `epoch_mistakes` against the count they sum to.
void check_run_against_config(const RunRecord& rec, const RecordFields& r, const std::string& where,
                              const AuditedPoint& p, AuditReport& report);

}  // namespace plab
