#include "results/format/run_status.hpp"

#include <array>

namespace plab {

namespace {

constexpr std::array kStatuses{RunStatus::kConverged, RunStatus::kNotConverged,
                               RunStatus::kDiverged, RunStatus::kFailed};

}  // namespace

const char* status_name(RunStatus status) {
  switch (status) {
    case RunStatus::kConverged:
      return "converged";
    case RunStatus::kNotConverged:
      return "not_converged";
    case RunStatus::kDiverged:
      return "diverged";
    case RunStatus::kFailed:
      return "failed";
  }
  return "failed";
}

std::optional<RunStatus> parse_run_status(std::string_view word) {
  for (const RunStatus s : kStatuses) {
    if (word == status_name(s)) return s;
  }
  return std::nullopt;
}

}  // namespace plab
