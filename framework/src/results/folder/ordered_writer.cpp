#include "results/folder/ordered_writer.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "base/input_file.hpp"
#include "error.hpp"

namespace plab {

namespace {

std::FILE* open_append(const std::filesystem::path& path) {
  // Not through a link: the records go into the folder's own file.
  const int fd = open_own_file(path, O_WRONLY | O_APPEND | O_CREAT);
  std::FILE* f = fd < 0 ? nullptr : ::fdopen(fd, "ab");
  if (fd >= 0 && f == nullptr) ::close(fd);
  if (f == nullptr) {
    throw WriteError("cannot open '" + path.string() + "' for writing: " + std::strerror(errno));
  }
  return f;
}

}  // namespace

OrderedWriter::OrderedWriter(const std::filesystem::path& dir, std::size_t first_index,
                             std::size_t window, bool trajectory,
                             std::function<void(std::size_t, const RunText&)> on_written)
    : next_(first_index), window_(window), dir_(dir), on_written_(std::move(on_written)) {
  runs_ = open_append(dir / "runs.jsonl");
  timings_ = open_append(dir / "timings.jsonl");
  if (trajectory) trajectory_ = open_append(dir / "trajectory.jsonl");
  // An appending writer (resume) continues the chain the checked prefix ends with.
  chain_ = last_chain_digest(dir / kDigestFileName);
  digests_ = open_append(dir / kDigestFileName);
  whole_next_ = first_index;
  std::FILE* files[4] = {runs_, timings_, trajectory_, digests_};
  for (int f = 0; f < 4; ++f) {
    if (files[f] == nullptr) continue;
    std::fseek(files[f], 0, SEEK_END);
    const long at = std::ftell(files[f]);
    whole_bytes_[f] = at > 0 ? static_cast<std::uintmax_t>(at) : 0;
  }
}

OrderedWriter::~OrderedWriter() { close(); }

bool OrderedWriter::wait_turn(std::size_t index) {
  std::unique_lock lock(mutex_);
  turn_.wait(lock, [&] { return stopped_ || no_new_runs_ || index < next_ + window_; });
  return !stopped_ && !no_new_runs_;
}

void OrderedWriter::submit(std::size_t index, RunText text) {
  std::lock_guard lock(mutex_);
  if (stopped_) return;
  pending_.emplace(index, std::move(text));
  write_ready();
  turn_.notify_all();
}

void OrderedWriter::stop_new_runs() {
  std::lock_guard lock(mutex_);
  no_new_runs_ = true;
  turn_.notify_all();
}

void OrderedWriter::request_stop() {
  std::lock_guard lock(mutex_);
  stopped_ = true;
  pending_.clear();
  turn_.notify_all();
}

bool OrderedWriter::append(std::FILE* file, const std::string& text) {
  if (file == nullptr || text.empty()) return true;
  const int f = file == runs_ ? 0 : file == timings_ ? 1 : file == trajectory_ ? 2 : 3;
  batch_bytes_[f] += text.size();
  return std::fwrite(text.data(), 1, text.size(), file) == text.size();
}

void OrderedWriter::fail(const char* what) {
  error_ = std::string(what) + " '" + dir_.string() + "' failed: " + std::strerror(errno);
  stopped_ = true;
  pending_.clear();
  next_ = whole_next_;  // the runs of the batch that failed are not on disk whole
}

void OrderedWriter::cut_back_to_whole_batches() {
  const char* names[4] = {"runs.jsonl", "timings.jsonl", "trajectory.jsonl", kDigestFileName};
  for (int f = 0; f < 4; ++f) {
    const std::filesystem::path file = dir_ / names[f];
    std::error_code ec;
    if (!std::filesystem::exists(file, ec)) continue;
    // Cutting a file frees space: it works on a full disk.
    if (std::filesystem::file_size(file, ec) > whole_bytes_[f] && !ec) {
      std::filesystem::resize_file(file, whole_bytes_[f], ec);
    }
  }
}

void OrderedWriter::write_ready() {
  bool wrote = false;
  for (auto it = pending_.begin(); it != pending_.end() && it->first == next_;
       it = pending_.erase(it)) {
    // The trajectory and timings go first: a record in runs.jsonl promises its run is whole.
    // The digest goes last, so a kill leaves no digest for a record that is not on disk.
    const Digest own =
        it->second.record_sha256 ? *it->second.record_sha256 : sha256_of(it->second.record);
    const Digest link = chain_digest(chain_, own);
    if (!append(trajectory_, it->second.trajectory) || !append(timings_, it->second.timing) ||
        !append(runs_, it->second.record) || !append(digests_, digest_hex(link) + "\n")) {
      fail("writing results into");
      return;
    }
    chain_ = link;
    on_written_(next_, it->second);
    ++next_;
    wrote = true;
  }
  // Flushing each batch keeps what is on disk close to what is done, so a kill loses little.
  if (wrote) {
    if ((trajectory_ != nullptr && std::fflush(trajectory_) != 0) || std::fflush(timings_) != 0 ||
        std::fflush(runs_) != 0 || std::fflush(digests_) != 0) {
      fail("writing results into");
      return;
    }
    for (int f = 0; f < 4; ++f) {
      whole_bytes_[f] += batch_bytes_[f];
      batch_bytes_[f] = 0;
    }
    whole_next_ = next_;
  }
}

std::string OrderedWriter::close() {
  std::lock_guard lock(mutex_);
  for (std::FILE** f : {&runs_, &timings_, &trajectory_, &digests_}) {
    if (*f == nullptr) continue;
    if (std::fclose(*f) != 0 && error_.empty()) fail("closing results files in");
    *f = nullptr;
  }
  if (!error_.empty()) cut_back_to_whole_batches();
  return error_;
}

std::size_t OrderedWriter::next_index() const {
  std::lock_guard lock(mutex_);
  return next_;
}

}  // namespace plab
