// One line of timings.jsonl: a run's identity and how long it took. Line i is run i of the
// folder; a run whose time was lost (a resume found the line missing or damaged) keeps its
// identity with null seconds, so that lines stay aligned with runs.jsonl.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace plab {

struct RunTiming {
  std::size_t point = 0;
  std::string learner;
  std::size_t repeat = 0;
  std::optional<double> seconds;        // wall-clock seconds of the whole run; null if lost
  std::optional<double> train_seconds;  // of training proper (the learner's epochs or steps)
};

// The line, newline included.
std::string write_timing(const RunTiming& timing);

// The line as plab writes it (point and repeat integers >= 0, learner a string, seconds null
// or finite >= 0), or nothing: a damaged line is not an error, resume writes it again.
std::optional<RunTiming> read_timing(std::string_view line);

}  // namespace plab
