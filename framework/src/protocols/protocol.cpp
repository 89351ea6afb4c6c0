#include "protocols/protocol.hpp"

#include <exception>

namespace plab {

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

const Protocol& protocol_for(ProtocolKind kind) {
  switch (kind) {
    case ProtocolKind::kConvergence:
      return convergence_protocol();
    case ProtocolKind::kTrajectory:
      return trajectory_protocol();
    case ProtocolKind::kHoldout:
      return holdout_protocol();
  }
  return convergence_protocol();
}

RunOutcome run_protocol(const RunRequest& request) {
  RunOutcome out;
  try {
    protocol_for(request.protocol->kind).run(request, out);
  } catch (const std::exception& e) {
    out = RunOutcome{};
    out.status = RunStatus::kFailed;
    out.error = e.what();
  } catch (...) {
    out = RunOutcome{};
    out.status = RunStatus::kFailed;
    out.error = "the plugin threw something that is not a std::exception";
  }
  return out;
}

}  // namespace plab
