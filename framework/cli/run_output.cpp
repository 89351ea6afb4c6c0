#include "cli/run_output.hpp"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>

#include "base/interrupt.hpp"
#include "cli/claim_output.hpp"
#include "error.hpp"

namespace plab::cli {

namespace {

// A large sweep's plan lists its axes, not its points: the point count may be 10^7.
void print_large_plan(const Experiment& e, const RunRange& range, const ShardSpec& shard) {
  if (shard.count > 1 && range.size() > 0) {
    std::printf("plan: shard %zu/%zu makes the runs of sweep points %zu to %zu\n", shard.index,
                shard.count, range.begin / e.runs_per_point, (range.end - 1) / e.runs_per_point);
  }
  std::printf(
      "plan: more than %zu sweep points, so the axes instead of each point: every point makes "
      "%zu runs; point i takes from each axis the value of its digit of i in mixed radix, the "
      "last axis fastest\n",
      kMaxListedPoints, e.runs_per_point);
  std::printf("%-6s %-8s %s\n", "axis", "values", "pointer: values");
  for (std::size_t a = 0; a < e.axes.size(); ++a) {
    const SweepAxis& axis = e.axes[a];
    std::string text;
    for (std::size_t p = 0; p < axis.pointers.size(); ++p) {
      const std::vector<Json>& values = axis.values[p];
      text += (p == 0 ? "" : "  ") + axis.pointers[p] + ": ";
      for (std::size_t i = 0; i < values.size() && i < 3; ++i) {
        text += (i == 0 ? "" : ", ") + values[i].dump();
      }
      if (values.size() > 4) text += ", ...";
      if (values.size() > 3) text += ", " + values.back().dump();
    }
    std::printf("%-6zu %-8zu %s\n", a, axis.size(), text.c_str());
  }
}

void print_experiment_plan(const Experiment& e, const RunRange& range, const ShardSpec& shard) {
  std::size_t learners = 0;
  for (const auto& p : e.points) learners = std::max(learners, p.learners.size());
  std::printf("plan: experiment '%s': %zu sweep point%s, %zu learner%s, %zu runs in all\n",
              e.name.c_str(), e.point_count, e.point_count == 1 ? "" : "s", learners,
              learners == 1 ? "" : "s", e.total_runs);
  if (shard.count > 1 && range.size() == 0) {
    std::printf(
        "plan: shard %zu/%zu has no runs (more shards than runs); it writes an empty "
        "folder that plab merge accepts\n",
        shard.index, shard.count);
  } else if (shard.count > 1) {
    std::printf("plan: shard %zu/%zu runs canonical runs %zu to %zu (%zu runs)\n", shard.index,
                shard.count, range.begin, range.end - 1, range.size());
  }
  if (e.large) {
    print_large_plan(e, range, shard);
    return;
  }
  std::printf("%-6s %-8s %-8s %-8s %s\n", "point", "learners", "repeats", "runs", "swept values");
  for (const PreparedPoint& p : e.points) {
    std::string values;
    for (const auto& [pointer, value] : p.sweep.assignments) {
      values += (values.empty() ? "" : "  ") + pointer + "=" + value.dump();
    }
    std::printf("%-6zu %-8zu %-8lld %-8zu %s\n", p.sweep.index, p.learners.size(),
                static_cast<long long>(p.config.repeats), p.runs(), values.c_str());
  }
}

}  // namespace

void print_plan(const Session& session) {
  print_experiment_plan(session.experiment(), session.range(), session.shard());
  if (session.experiment().large) {
    std::printf(
        "plan: the records' size is measured when the runs start (a large sweep prepares its "
        "points then); a run whose records cannot fit on the disk is refused before any\n");
    return;
  }
  std::printf("plan: %s\n",
              records_size_text(session.records_size(), session.results_location()).c_str());
}

void RunPrinter::note(const std::string& text) {
  std::fprintf(stderr, "plab: note: %s\n", text.c_str());
}

void RunPrinter::starting(const Experiment& e, std::size_t runs, int threads,
                          const std::filesystem::path& dir) {
  if (!announce_) return;
  std::fprintf(stderr, "plab: %zu runs (%zu sweep point%s) on %d thread%s -> %s\n", runs,
               e.point_count, e.point_count == 1 ? "" : "s", threads, threads == 1 ? "" : "s",
               dir.c_str());
}

void RunPrinter::summarised(const Summary& summary, const std::filesystem::path& dir) {
  std::fputs(summary_table(summary, table_width_).c_str(), stdout);
  std::fputs("\n", stdout);
  std::fputs(verification_table(summary, table_width_).c_str(), stdout);
  std::printf("results: %s\n", dir.c_str());
}

namespace {

int print_already_complete(const std::filesystem::path& dir) {
  std::fprintf(stderr,
               "plab: note: '%s' is already complete; nothing to do (--resume-if-present leaves "
               "a complete folder as it is)\n",
               dir.c_str());
  std::printf("results: %s\n", dir.c_str());
  return kExitSuccess;
}

}  // namespace

int print_outcome(const SessionOutcome& o) {
  if (o.end == SessionEnd::kAlreadyComplete) return print_already_complete(o.dir);
  for (const std::string& p : o.report_problems)
    std::fprintf(stderr, "plab: note: %s\n", p.c_str());
  if (o.claims) print_verdicts(*o.claims);
  if (!o.claims_error.empty())
    std::fprintf(stderr, "plab: warning: the claims were not checked: %s\n",
                 o.claims_error.c_str());
  if (o.report) std::printf("report: %s\n", o.report->c_str());
  if (!o.report_error.empty())
    std::fprintf(stderr, "plab: warning: no report: %s\n", o.report_error.c_str());
  const char* dir = o.dir.c_str();
  if (o.end == SessionEnd::kWriteFailed) {
    std::fprintf(stderr,
                 "plab: error: %s; the %zu records written before are intact; %s, then finish "
                 "with: plab run --resume %s\n",
                 o.write_error.c_str(), o.runs_written,
                 o.out_of_memory ? "lower --threads, max_epochs or record_curve, or free memory"
                                 : "free space or fix the permission",
                 dir);
    if (!o.manifest_error.empty()) {
      std::fprintf(stderr,
                   "plab: note: manifest.json could not be rewritten (%s); it still says "
                   "running, and plab run --resume checks the files all the same\n",
                   o.manifest_error.c_str());
    }
    return kExitWriteFailure;
  }
  if (o.end == SessionEnd::kInterrupted) {
    std::fprintf(stderr,
                 "plab: interrupted by signal %d after %zu of %zu runs; the results so far are in "
                 "%s\nplab: continue with: plab run --resume %s\n",
                 o.signal, o.runs_written, o.runs_in_range, dir, dir);
    return interrupted_exit_code(o.signal);
  }
  if (o.late_signal != 0) {
    std::string left;
    if (o.claims_skipped)
      left += "; its claims were not checked (plab check " + o.dir.string() + ")";
    if (o.report_skipped) left += "; its report was not drawn (plab report " + o.dir.string() + ")";
    std::fprintf(stderr,
                 "plab: interrupted by signal %d (%s) when every run had started; those runs "
                 "finished: all %zu runs are recorded and '%s' is complete (status completed)%s\n",
                 o.late_signal, ::strsignal(o.late_signal), o.runs_written, dir, left.c_str());
    return interrupted_exit_code(o.late_signal);
  }
  if (o.violations > 0) {
    std::fprintf(stderr, "plab: %zu run%s exceeded an applicable bound (see plab verify %s)\n",
                 o.violations, o.violations == 1 ? "" : "s", dir);
    return kExitViolation;
  }
  if (o.runs_failed == 0) return kExitSuccess;
  std::fprintf(stderr,
               "plab: error: %zu run%s failed; each has status \"failed\" and its message in "
               "'error' in %s/runs.jsonl\n",
               o.runs_failed, o.runs_failed == 1 ? "" : "s", dir);
  return kExitPluginFailure;
}

}  // namespace plab::cli
