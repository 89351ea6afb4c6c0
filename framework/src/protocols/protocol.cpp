#include "protocols/protocol.hpp"

#include <exception>
#include <new>

#include "plugin_loader/plugin_library.hpp"

namespace plab {

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
  } catch (const std::bad_alloc&) {
    // Out of memory is the engine's failure, not the run's result: recorded as the run's
    // `error`, it would make runs.jsonl depend on the thread count and on what else ran.
    // The runner ends plab with exit 4 and no record for this run (parallel_runner.cpp).
    throw;
  } catch (const LearnerOutOfMemoryError&) {
    throw std::bad_alloc();
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
