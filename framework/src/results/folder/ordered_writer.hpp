// Streams run records to disk in canonical order while runs finish in any order.
//
// Threads hand in the text of a finished run with its canonical index; the writer appends
// the longest complete prefix to runs.jsonl, timings.jsonl and trajectory.jsonl, and the
// record's link of the digest chain to runs.sha256 (record_digest.hpp). A run may
// only start when its index is within `window` of the next one to write, so memory stays
// bounded however many runs there are. After a stop request, nothing past the first
// missing run is written: the files always hold a prefix of the canonical order.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>

#include "results/folder/record_digest.hpp"

namespace plab {

struct RunText {
  std::string record;                   // one runs.jsonl line, '\n' included
  std::string timing;                   // one timings.jsonl line
  std::string trajectory;               // zero or more trajectory.jsonl lines
  bool failed = false;                  // the run ended with status "failed"
  std::optional<Digest> record_sha256;  // SHA-256 of `record`, if the caller took it already
  double seconds = 0;                   // the run's own time (the progress line's ETA)
};

class OrderedWriter {
 public:
  // `on_written(index, text)` runs, under the writer's lock, for every run written, in order.
  OrderedWriter(const std::filesystem::path& dir, std::size_t first_index, std::size_t window,
                bool trajectory, std::function<void(std::size_t, const RunText&)> on_written);
  ~OrderedWriter();
  OrderedWriter(const OrderedWriter&) = delete;
  OrderedWriter& operator=(const OrderedWriter&) = delete;

  // Blocks until run `index` may start; false once a stop was requested or new runs were
  // stopped (do not start it).
  bool wait_turn(std::size_t index);
  void submit(std::size_t index, RunText text);
  // An interrupt: no run starts any more, but the runs already running still hand in their
  // records, and those that extend the prefix are written (a gap ends the prefix for good).
  void stop_new_runs();
  // An error: wakes waiting threads and freezes the files at the current prefix.
  void request_stop();

  // Flushes and closes the files. Returns "" or the first write error; after one, every file
  // is cut back to the last batch written whole (a full disk may have taken part of a record,
  // or a digest without its record), so the folder holds a canonical prefix and nothing else.
  std::string close();
  std::size_t next_index() const;

 private:
  void write_ready();  // caller holds mutex_
  bool append(std::FILE* file, const std::string& text);
  void fail(const char* what);  // caller holds mutex_
  void cut_back_to_whole_batches();

  mutable std::mutex mutex_;
  std::condition_variable turn_;
  std::map<std::size_t, RunText> pending_;
  std::size_t next_;
  std::size_t window_;
  bool stopped_ = false;
  bool no_new_runs_ = false;
  std::string error_;
  std::FILE* runs_ = nullptr;
  std::FILE* timings_ = nullptr;
  std::FILE* trajectory_ = nullptr;
  std::FILE* digests_ = nullptr;
  Digest chain_{};  // the last link written
  // Each file's size after the last batch flushed whole (runs, timings, trajectory, digests),
  // and the runs it holds: what a failed write cuts back to.
  std::uintmax_t whole_bytes_[4] = {};
  std::uintmax_t batch_bytes_[4] = {};
  std::size_t whole_next_ = 0;
  std::filesystem::path dir_;
  std::function<void(std::size_t, const RunText&)> on_written_;
};

}  // namespace plab
