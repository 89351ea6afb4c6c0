#include "results/folder/staged_folder.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>

#include "error.hpp"
#include "results/folder/results_folder.hpp"

namespace plab {

namespace fs = std::filesystem;

namespace {

// "mg/o/" and "mg/o" are one folder: its name is the last non-empty part.
fs::path without_trailing_separator(const fs::path& out) {
  fs::path normal = out.lexically_normal();
  if (normal.filename().empty() && normal.has_parent_path()) normal = normal.parent_path();
  return normal;
}

}  // namespace

// A link to a folder is followed: the merged folder is renamed onto the folder it names (a
// rename onto the link itself would replace the link).
StagedFolder::StagedFolder(const fs::path& out)
    : out_(checked_new_out("OUT", without_trailing_separator(out))) {
  refuse_used_out(out_);
  std::error_code ec;
  if (fs::exists(out_, ec) && !folder_is_empty_but_lock(out_)) {
    (void)FolderLock::shared_if_present(out_);  // a plab writing there is named by its PID
    throw out_already_used(out_);
  }
  const fs::path parent = out_.has_parent_path() ? out_.parent_path() : fs::path(".");
  for (fs::path p = parent; !p.empty() && !fs::exists(p, ec); p = p.parent_path()) {
    made_parents_.push_back(p);
    if (!p.has_parent_path() || p.parent_path() == p) break;
  }
  fs::create_directories(parent, ec);
  if (ec) {
    throw WriteError("cannot create the results folder '" + out_.string() + "': " + ec.message());
  }
  staging_ = parent / ("." + out_.filename().string() + ".merging-" + std::to_string(::getpid()));
  if (!fs::create_directory(staging_, ec)) {
    const std::string why = ec ? ec.message() : "it exists";
    for (const fs::path& p : made_parents_) fs::remove(p, ec);  // only if still empty
    throw WriteError("cannot create the temporary folder '" + staging_.string() + "': " + why);
  }
  lock_ = FolderLock::exclusive(staging_);
}

StagedFolder::~StagedFolder() {
  if (published_) return;
  lock_ = FolderLock();
  std::error_code ec;
  fs::remove_all(staging_, ec);
  for (const fs::path& p : made_parents_) fs::remove(p, ec);  // only if still empty
}

void StagedFolder::publish() {
  std::error_code ec;
  FolderLock held;  // OUT's own, when it exists: no other plab may be writing it meanwhile
  if (fs::exists(out_, ec)) {
    refuse_used_out(out_);
    held = FolderLock::exclusive(out_);
    if (!folder_is_empty_but_lock(out_)) throw out_already_used(out_);
    // rename(2) replaces an empty folder only: its lock file goes first.
    fs::remove(out_ / kLockFileName, ec);
  }
  if (std::rename(staging_.c_str(), out_.c_str()) != 0) {
    const int error = errno;
    if (error == ENOTEMPTY || error == EEXIST || error == ENOTDIR) throw out_already_used(out_);
    throw WriteError("cannot rename the temporary folder '" + staging_.string() + "' to '" +
                     out_.string() + "': " + std::strerror(error));
  }
  published_ = true;
}

}  // namespace plab
