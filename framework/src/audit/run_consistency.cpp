#include "audit/run_consistency.hpp"

#include <cstdint>

namespace plab {

namespace {

std::uint64_t sum_of(const boost::json::array& counts) {
  std::uint64_t sum = 0;
  for (const boost::json::value& c : counts) {
    if (const auto n = as_count(c)) sum += *n;
  }
  return sum;
}

std::string sum_text(const char* what, std::uint64_t value) {
  return std::string(what) + " " + std::to_string(value);
}

}  // namespace

void check_run_against_config(const RunRecord& rec, const RecordFields& r, const std::string& where,
                              const AuditedPoint& p, AuditReport& report) {
  if (rec.failed() || !rec.epochs) return;
  const ProtocolSpec& protocol = p.config.protocol;
  const auto max_epochs = static_cast<std::uint64_t>(protocol.max_epochs);
  const std::uint64_t epochs = *rec.epochs;
  const std::uint64_t mistakes = rec.mistakes.value_or(0);
  const std::uint64_t updates = rec.updates.value_or(0);
  // The loop runs at most max_epochs epochs (a mistake-driven order max_epochs x n steps) and
  // stops not converged only when it has run them all.
  if (epochs > max_epochs) {
    report.differ(where, "epochs", r.any("epochs"),
                  ("at most protocol.max_epochs = " + std::to_string(max_epochs)).c_str());
  } else if (rec.status == RunStatus::kNotConverged && epochs != max_epochs) {
    report.differ(where, "status", r.any("status"),
                  ("converged or diverged: a run stops not_converged only after "
                   "protocol.max_epochs = " +
                   std::to_string(max_epochs) + " epochs, this one after " + std::to_string(epochs))
                      .c_str());
  }
  // A mistake-driven step updates on a mistake or ends the run converged.
  if (rec.steps && protocol.mistake_driven()) {
    const std::uint64_t expected = mistakes + (rec.status == RunStatus::kConverged ? 1 : 0);
    if (*rec.steps != expected)
      report.differ(where, "steps", r.any("steps"),
                    sum_text("mistakes (+1 if converged) =", expected).c_str());
    if (updates != mistakes)
      report.differ(where, "updates", r.any("updates"), sum_text("mistakes =", mistakes).c_str());
  }
  // The per-sample counts are the updates each row caused (sample_counts.hpp): they sum to
  // `updates` (more than `mistakes` for the margin perceptron).
  if (r.has("sample_mistakes") && r.any("sample_mistakes").is_array() &&
      !r.any("sample_mistakes").get_array().empty()) {
    const std::uint64_t sum = sum_of(r.any("sample_mistakes").get_array());
    if (sum != updates)
      report.differ(where, "sample_mistakes", sum_text("summing to", sum).c_str(),
                    sum_text("summing to updates =", updates).c_str());
  }
  // The epoch curve holds each epoch's mistakes: one entry per epoch, summing to `mistakes`.
  if (!protocol.mistake_driven() && rec.status != RunStatus::kDiverged && r.has("epoch_mistakes") &&
      r.any("epoch_mistakes").is_array() && !r.any("epoch_mistakes").get_array().empty()) {
    const boost::json::array& curve = r.any("epoch_mistakes").get_array();
    const std::uint64_t sum = sum_of(curve);
    if (sum != mistakes || curve.size() != epochs)
      report.differ(
          where, "epoch_mistakes",
          (std::to_string(curve.size()) + " epochs summing to " + std::to_string(sum)).c_str(),
          (std::to_string(epochs) + " epochs summing to mistakes = " + std::to_string(mistakes))
              .c_str());
  }
}

}  // namespace plab
