// The SQLite file behind `plab export --sqlite DB` and `plab report DB --query`: a name that
// is a file on disk (never an in-memory or temporary database, which would keep nothing), and
// SQLite's failures said in words: why a write failed (a file size limit, a full disk,
// another process holding the database, a read-only file), and a damaged database told apart
// from a failed write.
#pragma once

#include <sqlite3.h>

#include <filesystem>
#include <string>

namespace plab {

// How long a command waits for another process that holds the database, in milliseconds.
inline constexpr int kSqliteBusyWaitMs = 10000;

// UsageError (exit 2) for a name SQLite does not take as a file on disk: empty (a temporary
// database), ":memory:", or a URI ("file:…"). `option` names where it was given.
void require_database_file_name(const std::filesystem::path& path, const std::string& option);

// True when the regular file `path` (not followed through a link) begins with SQLite's
// 16-byte header "SQLite format 3\0". False for anything else, a missing file included (a
// FIFO is never opened: the read would wait for a writer).
bool has_sqlite_header(const std::filesystem::path& path);

// ResultsError (exit 2) for a regular file `path` with more than one name (a hard link): the
// database would be written into a file that is also elsewhere, perhaps in a results folder.
void require_no_other_names(const std::filesystem::path& path);

// "'DB' is not an SQLite database plab can use" (below) for a regular file that holds bytes
// and does not begin with SQLite's header: SQLite opens a file shorter than its header as an
// empty database, and the export would replace what it held.
void require_sqlite_header_if_not_empty(const std::filesystem::path& path);

// ResultsError (exit 2), naming it, when DB-journal, DB-wal or DB-shm beside `path` exists and
// is not a regular file of one name (a FIFO would make SQLite's open wait for ever).
void require_plain_journal_files(const std::filesystem::path& path);

// require_plain_journal_files, then sqlite3_open_v2 with URI names off and extended result
// codes on. The handle is set even when opening fails (SQLite's rule): the caller owns it.
int open_database_file(const std::filesystem::path& path, int flags, sqlite3** db);

// A read-only connection to a database in WAL mode makes DB-wal and DB-shm beside it and
// cannot remove them when it closes (only a connection that can write checkpoints and removes
// them). Made before the read-only connection opens and destroyed after it closed: when
// neither file was there before and one is now, a connection that can write is opened and
// closed, and SQLite removes them as it does for its own last connection (it leaves them if
// another process has the database open, or if the file cannot be written). Side files that
// were there before are never touched.
class WalFilesLeftAsFound {
 public:
  explicit WalFilesLeftAsFound(std::filesystem::path path);
  ~WalFilesLeftAsFound();
  WalFilesLeftAsFound(const WalFilesLeftAsFound&) = delete;
  WalFilesLeftAsFound& operator=(const WalFilesLeftAsFound&) = delete;

 private:
  std::filesystem::path path_;
  bool absent_before_ = false;
};

// True when SQLite's last error on `db` says the file is damaged or not a database.
bool database_damaged(sqlite3* db);

// "'DB' is not an SQLite database plab can use: `why`; …" (ResultsError, exit 2).
[[noreturn]] void throw_unusable_database(const std::filesystem::path& path,
                                          const std::string& why);

// The last error on `db`, while plab export writes the database: a damaged file as
// throw_unusable_database, anything else as WriteError (exit 4) "writing the SQLite database
// 'DB' failed: <write_failure_reason>; …as it was before".
[[noreturn]] void throw_database_failure(sqlite3* db, const std::filesystem::path& path);

// WriteError (exit 4) for a read that another process's lock kept waiting past
// kSqliteBusyWaitMs: "cannot read the SQLite database 'DB': another process holds the
// database (…); nothing was written".
[[noreturn]] void throw_database_held(sqlite3* db, const std::filesystem::path& path);

// The last error on `db` as the reason a write failed, with its cause where SQLite's words
// do not say it (EFBIG: the file size limit; ENOSPC: a full disk; busy: another process; a
// folder that cannot be written, where SQLite makes its journal beside the database `path`).
std::string write_failure_reason(sqlite3* db, const std::filesystem::path& path);

}  // namespace plab
