#include "results/folder/results_folder.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <memory>

#include "base/input_file.hpp"
#include "error.hpp"
#include "results/folder/enclosing_results_folder.hpp"

namespace plab {

namespace fs = std::filesystem;

std::string utc_timestamp(std::chrono::system_clock::time_point t) {
  const std::time_t seconds = std::chrono::system_clock::to_time_t(t);
  std::tm tm{};
  gmtime_r(&seconds, &tm);
  char buffer[32];
  std::strftime(buffer, sizeof buffer, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buffer;
}

namespace {

void make_dirs(const fs::path& dir) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec)
    throw WriteError("cannot create the results folder '" + dir.string() + "': " + ec.message());
}

// Replaces <parent>/latest with a relative symlink to `target`, atomically; a file or folder
// of the user's at that name is left as it is: the note says so ("" when the link was made).
std::string point_latest(const fs::path& parent, const fs::path& target) {
  const fs::path link = parent / "latest";
  const fs::path tmp = parent / (".latest." + target.filename().string());
  std::error_code ec;
  const fs::file_status there = fs::symlink_status(link, ec);
  if (fs::exists(there) && !fs::is_symlink(there)) {
    return "'" + link.string() + "' is " +
           (fs::is_directory(there)      ? "a folder"
            : fs::is_regular_file(there) ? "a file"
                                         : "not a link") +
           ", not the link plab keeps there: it was left as it is and does not point to '" +
           target.string() + "'";
  }
  fs::remove(tmp, ec);
  fs::create_directory_symlink(target.filename(), tmp, ec);
  if (!ec) fs::rename(tmp, link, ec);
  if (ec) fs::remove(tmp, ec);  // a missing `latest` link is not worth failing the run
  return "";
}

}  // namespace

fs::path checked_new_out(const std::string& what, const fs::path& out) {
  const std::string named = what + " '" + out.string() + "'";
  std::error_code ec;
  fs::path folder = out;
  if (fs::is_symlink(fs::symlink_status(out, ec))) {
    const fs::path target = fs::read_symlink(out, ec);
    if (!fs::exists(fs::status(out, ec))) {
      throw UsageError(named + " is a symbolic link to '" + target.string() +
                       "', which does not exist; plab follows a link only to a folder that "
                       "exists: make that folder, or name a new one");
    }
    folder = fs::canonical(out, ec);
    if (ec) folder = out;
  }
  const fs::path full = resolved_path(folder);
  if (const auto enclosing = enclosing_results_folder(full.parent_path())) {
    throw UsageError(named + " is inside the results folder '" + enclosing->string() +
                     "'; a results folder is never made inside another one (whose verify and "
                     "merge would not expect it): choose a folder outside results folders");
  }
  return folder;
}

ResultsError out_already_used(const fs::path& out) {
  return ResultsError("--out '" + out.string() +
                      "' already holds files; results are never overwritten: choose a new folder");
}

void refuse_used_out(const fs::path& out) {
  std::error_code ec;
  if (!fs::exists(out, ec)) return;
  if (!fs::is_directory(out, ec)) {
    throw ResultsError("--out '" + out.string() + "' exists and is not a folder");
  }
  // A folder with other files and no lock file is refused without leaving one in it; with a
  // lock file, the lock decides (a writer busy in it is named by its PID).
  if (!fs::exists(out / kLockFileName, ec) && !folder_is_empty_but_lock(out)) {
    throw out_already_used(out);
  }
}

ResultsFolder create_results_folder(const std::optional<fs::path>& out, const fs::path& root,
                                    const std::string& name,
                                    std::chrono::system_clock::time_point now,
                                    const std::string& suffix) {
  std::error_code ec;
  if (out) {
    (void)checked_new_out("--out", *out);
    refuse_used_out(*out);
    make_dirs(*out);
    // Emptiness is decided under the lock: of two plab runs racing for one new folder, the
    // one that takes the lock second either is refused by it or finds the first one's files.
    FolderLock lock = FolderLock::exclusive(*out);
    if (!folder_is_empty_but_lock(*out)) throw out_already_used(*out);
    return ResultsFolder{*out, std::move(lock), ""};
  }
  std::string stamp = utc_timestamp(now);
  std::erase(stamp, '-');
  std::erase(stamp, ':');
  stamp += suffix;
  const fs::path parent = root / name;
  make_dirs(parent);
  // Two runs in the same second get "-2", "-3", ...: create_directory is the atomic claim.
  for (int attempt = 1; attempt < 1000; ++attempt) {
    fs::path dir = parent / (attempt == 1 ? stamp : stamp + "-" + std::to_string(attempt));
    if (fs::create_directory(dir, ec)) {
      FolderLock lock = FolderLock::exclusive(dir);
      std::string note = point_latest(parent, dir);
      return ResultsFolder{dir, std::move(lock), std::move(note)};
    }
    if (ec)
      throw WriteError("cannot create the results folder '" + dir.string() + "': " + ec.message());
  }
  throw WriteError("cannot find a free results folder name under '" + parent.string() + "'");
}

// Not a failed write of a full disk: a folder is not plab's to remove (it may hold the user's
// files), and no write could succeed there.
void refuse_folder_at(const fs::path& file) {
  std::error_code ec;
  if (!fs::is_directory(fs::symlink_status(file, ec))) return;
  throw ResultsError("'" + file.string() +
                     "' is a folder; plab writes a file there: remove or rename the folder, "
                     "then run the command again (nothing was written)");
}

void write_temporary_file(const fs::path& tmp, const std::string& content) {
  refuse_folder_at(tmp);
  const int fd = create_own_temp_file(tmp);
  // Not ours to remove: a name that cannot be made (a folder there, no permission).
  if (fd < 0) throw WriteError("cannot write '" + tmp.string() + "': " + std::strerror(errno));
  // A write that fails (a full disk, a file size limit) leaves no temporary file behind.
  const auto fail = [&](const std::string& message) {
    std::error_code ignored;
    fs::remove(tmp, ignored);
    throw WriteError(message);
  };
  std::FILE* f = ::fdopen(fd, "wb");
  if (f == nullptr) {
    const int error = errno;
    ::close(fd);
    fail("cannot write '" + tmp.string() + "': " + std::strerror(error));
    return;
  }
  errno = 0;
  const bool written =
      std::fwrite(content.data(), 1, content.size(), f) == content.size() && std::fflush(f) == 0;
  const int write_errno = errno;
  const bool closed = std::fclose(f) == 0;
  if (!written || !closed) {
    const int error = !written ? write_errno : errno;
    fail("writing '" + tmp.string() + "' failed: " + std::strerror(error != 0 ? error : EIO));
  }
}

void write_file_atomically(const fs::path& path, const std::string& content) {
  const fs::path tmp = path.string() + ".tmp";
  refuse_folder_at(path);
  write_temporary_file(tmp, content);
  std::error_code ec;
  fs::rename(tmp, path, ec);
  if (ec) {
    std::error_code ignored;
    fs::remove(tmp, ignored);
    throw WriteError("cannot rename '" + tmp.string() + "' to '" + path.string() +
                     "': " + ec.message());
  }
}

}  // namespace plab
