// How a run ended, as the protocols report it and a record's "status" field writes it. The
// word is parsed once where a record is read (results/format/run_record.cpp); everything
// else compares the enum.
#pragma once

#include <optional>
#include <string_view>

namespace plab {

enum class RunStatus { kConverged, kNotConverged, kDiverged, kFailed };

// "converged", "not_converged", "diverged", "failed": the record's words.
const char* status_name(RunStatus status);

// The status a record's word names; nullopt for any other word.
std::optional<RunStatus> parse_run_status(std::string_view word);

}  // namespace plab
