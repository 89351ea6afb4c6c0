// What `plab run` prints: the plan; the notes, start line and tables as the session goes
// (run/session.hpp); and what its outcome means, with the exit code.
#pragma once

#include "run/session.hpp"

namespace plab::cli {

// --plan: the runs a session would make, without making them.
void print_plan(const Session& session);

// The outcome's last words (the tables were printed as the session went: RunPrinter) and
// the exit code of README's "Exit codes". A folder --resume-if-present found complete: 0.
int print_outcome(const SessionOutcome& outcome);

// Notes on stderr; unless --quiet, the line saying how many runs go where; then the tables.
class RunPrinter : public SessionObserver {
 public:
  // `table_width`: the tables' width limit (0: none, --wide).
  RunPrinter(bool announce, std::size_t table_width)
      : announce_(announce), table_width_(table_width) {}
  void note(const std::string& text) override;
  void starting(const Experiment& experiment, std::size_t runs, int threads,
                const std::filesystem::path& dir) override;
  void summarised(const Summary& summary, const std::filesystem::path& dir) override;

 private:
  bool announce_;
  std::size_t table_width_;
};

}  // namespace plab::cli
