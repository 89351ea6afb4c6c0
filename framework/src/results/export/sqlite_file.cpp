#include "results/export/sqlite_file.hpp"

#include <sys/resource.h>
#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <utility>

#include "error.hpp"

namespace plab {

namespace {

// True when a file size limit (ulimit -f) is set and the database or its journal has grown to
// within a page or so of it: SQLite reports the failed write as an I/O error, and the errno
// it keeps is often that of a later call.
bool at_file_size_limit(sqlite3* db) {
  rlimit limit{};
  if (getrlimit(RLIMIT_FSIZE, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) return false;
  const char* name = sqlite3_db_filename(db, "main");
  if (name == nullptr || *name == '\0') return false;
  std::uintmax_t largest = 0;
  for (const std::string& file : {std::string(name), std::string(name) + "-journal"}) {
    std::error_code ec;
    const std::uintmax_t size = std::filesystem::file_size(file, ec);
    if (!ec) largest = std::max(largest, size);
  }
  return largest + 65536 >= limit.rlim_cur;
}

}  // namespace

void require_database_file_name(const std::filesystem::path& path, const std::string& option) {
  const std::string name = path.string();
  std::string why;
  if (name.empty()) {
    why = "it is empty (SQLite would make a temporary database, deleted on exit)";
  } else if (name == "-") {
    why =
        "'-' would be a file named '-' (plab export does not write to standard output; for a "
        "file of that name write ./-)";
  } else if (name == ":memory:") {
    why = "':memory:' is SQLite's in-memory database, gone when plab ends";
  } else if (name.rfind("file:", 0) == 0) {
    why = "'" + name + "' is an SQLite URI (plab takes file names only; for a file of that " +
          "name write ./" + name + ")";
  }
  if (!why.empty()) {
    throw UsageError(option + " needs the name of a database file on disk: " + why +
                     "; nothing was written");
  }
}

bool has_sqlite_header(const std::filesystem::path& path) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(std::filesystem::symlink_status(path, ec))) return false;
  std::ifstream in(path, std::ios::binary);
  char header[16] = {};
  return in.read(header, sizeof header) &&
         std::memcmp(header, "SQLite format 3", sizeof header) == 0;
}

void require_no_other_names(const std::filesystem::path& path) {
  // A second name may be a file plab keeps elsewhere: an empty .plab.lock of a results folder,
  // taken as a new database, would be emptied again by the next --resume.
  struct stat st {};
  if (::lstat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode) || st.st_nlink <= 1) return;
  throw ResultsError("'" + path.string() + "' has other names (" + std::to_string(st.st_nlink) +
                     " hard links to one file): plab export writes only a file of its own (give "
                     "a new file name; nothing was written)");
}

void require_sqlite_header_if_not_empty(const std::filesystem::path& path) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(std::filesystem::symlink_status(path, ec))) return;
  const std::uintmax_t size = std::filesystem::file_size(path, ec);
  if (ec || size == 0 || has_sqlite_header(path)) return;
  throw_unusable_database(path, "it holds " + std::to_string(size) +
                                    (size == 1 ? " byte" : " bytes") +
                                    " and does not begin with SQLite's header (only an empty "
                                    "file is taken as a new database)");
}

void require_plain_journal_files(const std::filesystem::path& path) {
  // SQLite opens DB-journal (a hot journal to roll back) or DB-wal and DB-shm when it opens
  // DB, as they are: a FIFO there would make the open wait for a writer for ever, and a link
  // would take SQLite's writes elsewhere. Only an absent name or a regular file of one name.
  for (const char* suffix : {"-journal", "-wal", "-shm"}) {
    const std::string file = path.string() + suffix;
    struct stat st {};
    if (::lstat(file.c_str(), &st) != 0) continue;
    std::string what;
    if (S_ISLNK(st.st_mode)) {
      what = "a symbolic link";
    } else if (S_ISFIFO(st.st_mode)) {
      what = "a FIFO";
    } else if (S_ISDIR(st.st_mode)) {
      what = "a folder";
    } else if (!S_ISREG(st.st_mode)) {
      what = "a device or socket";
    } else if (st.st_nlink > 1) {
      what = "a file with other names (hard links)";
    } else {
      continue;
    }
    throw ResultsError("'" + file + "' beside the SQLite database '" + path.string() + "' is " +
                       what + ", not a journal SQLite wrote: SQLite would open it " +
                       "with the database; remove it (nothing was read or written)");
  }
}

int open_database_file(const std::filesystem::path& path, int flags, sqlite3** db) {
  require_plain_journal_files(path);
  // "./" keeps a relative name from being read as a URI even where SQLite was built to take
  // URIs everywhere (SQLITE_USE_URI).
  const std::string name = path.is_absolute() ? path.string() : "./" + path.string();
  const int rc = sqlite3_open_v2(name.c_str(), db, flags & ~SQLITE_OPEN_URI, nullptr);
  if (*db != nullptr) sqlite3_extended_result_codes(*db, 1);
  return rc;
}

namespace {

bool has_wal_files(const std::filesystem::path& path) {
  std::error_code ec;
  return std::filesystem::exists(std::filesystem::symlink_status(path.string() + "-wal", ec)) ||
         std::filesystem::exists(std::filesystem::symlink_status(path.string() + "-shm", ec));
}

}  // namespace

WalFilesLeftAsFound::WalFilesLeftAsFound(std::filesystem::path path)
    : path_(std::move(path)), absent_before_(!has_wal_files(path_)) {}

WalFilesLeftAsFound::~WalFilesLeftAsFound() {
  if (!absent_before_ || !has_wal_files(path_)) return;
  const std::string name = path_.is_absolute() ? path_.string() : "./" + path_.string();
  sqlite3* db = nullptr;
  // No file is created (no SQLITE_OPEN_CREATE); a failed open changes nothing.
  if (sqlite3_open_v2(name.c_str(), &db, SQLITE_OPEN_READWRITE, nullptr) == SQLITE_OK)
    sqlite3_exec(db, "SELECT count(*) FROM sqlite_master", nullptr, nullptr, nullptr);
  sqlite3_close(db);
}

bool database_damaged(sqlite3* db) {
  const int code = sqlite3_errcode(db) & 0xff;
  return code == SQLITE_CORRUPT || code == SQLITE_NOTADB;
}

void throw_unusable_database(const std::filesystem::path& path, const std::string& why) {
  throw ResultsError("'" + path.string() + "' is not an SQLite database plab can use: " + why +
                     " (give a new file name, or one plab export wrote; a damaged database " +
                     "is rebuilt by exporting its folders into a new file)");
}

void throw_database_failure(sqlite3* db, const std::filesystem::path& path) {
  if (database_damaged(db)) throw_unusable_database(path, sqlite3_errmsg(db));
  throw WriteError("writing the SQLite database '" + path.string() +
                   "' failed: " + write_failure_reason(db, path) + "; '" + path.string() +
                   "' is as it was before (nothing of this export was kept)");
}

void throw_database_held(sqlite3* db, const std::filesystem::path& path) {
  throw WriteError("cannot read the SQLite database '" + path.string() +
                   "': another process holds the database (plab waited " +
                   std::to_string(kSqliteBusyWaitMs / 1000) + " s for it; " + sqlite3_errmsg(db) +
                   "); nothing was written: run plab again when it has finished");
}

std::string write_failure_reason(sqlite3* db, const std::filesystem::path& path) {
  std::string said = sqlite3_errmsg(db);
  const int code = sqlite3_extended_errcode(db);
  const int system = sqlite3_system_errno(db);
  const std::string system_text = system != 0 ? std::string(": ") + std::strerror(system) : "";
  switch (code & 0xff) {
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
      return "another process holds the database (plab waited " +
             std::to_string(kSqliteBusyWaitMs / 1000) + " s for it; " + said +
             "): export again when it has finished";
    case SQLITE_READONLY:
      // The database file may be writable while its folder is not: SQLite cannot make the
      // journal it needs beside the file (SQLITE_READONLY_DIRECTORY), and the file is not to
      // blame.
      if (code == SQLITE_READONLY_DIRECTORY) {
        const std::filesystem::path folder =
            path.has_parent_path() ? path.parent_path() : std::filesystem::path(".");
        return "its folder '" + folder.string() +
               "' cannot be written: SQLite needs to make a journal beside the database (" + said +
               "); make the folder writable, or export into a database in a writable folder";
      }
      return "the file cannot be written (" + said +
             "): it is read-only or immutable, or on a read-only file system";
    case SQLITE_FULL:
      return "the disk is full (" + said + ")";
    case SQLITE_NOMEM:
      return "out of memory (" + said + ")";
    case SQLITE_CANTOPEN:
      return "its journal file beside it cannot be made (" + said + system_text +
             "): the folder must be writable";
    case SQLITE_IOERR:
      if (code == SQLITE_IOERR_NOMEM) return "out of memory (" + said + ")";
      if (system == EFBIG || at_file_size_limit(db))
        return "the file size limit (ulimit -f) was reached (" + said + ")";
      if (system == ENOSPC) return "the disk is full (" + said + ")";
      if (system == EDQUOT) return "the disk quota is used up (" + said + ")";
      return said + system_text;
    default:
      return said;
  }
}

}  // namespace plab
