// The user's SQL of `plab report DB --query SQL`, prepared so that it can only read and can
// always be stopped: one statement (a second one would be silently ignored), never empty,
// refused before it runs when it would write, attach, set a PRAGMA or open a transaction
// (an authorizer, since sqlite3_stmt_readonly lets ATTACH and PRAGMA through), ended by
// SIGINT/SIGTERM/SIGHUP however long it runs, and bounded in memory.
#pragma once

#include <sqlite3.h>

#include <cstddef>
#include <filesystem>
#include <string>

#include "results/export/sqlite_handles.hpp"

namespace plab {

// What SQLite may take for one query (its sorting and temporary tables included, held in
// memory): past it the query ends as out of memory (exit 4) instead of filling the machine.
inline constexpr long long kQueryHeapBytes = 512LL << 20;

// UsageError (exit 2) for SQL that is empty or only comments, that is more than one
// statement, that does not prepare, that does more than read, or that has a parameter (`?`,
// `:name`: nothing would bind it, so it would read as NULL). Also sets the heap limit
// and the progress handler that stops the query when a signal asks plab to stop.
SqliteStatement prepare_reading_query(sqlite3* db, const std::string& sql,
                                      const std::filesystem::path& path);

// After sqlite3_step failed: InterruptedError (exit 130) for a signal, WriteError (exit 4)
// for memory, UsageError (exit 2) for anything else ("the query does not run on 'DB'").
[[noreturn]] void throw_query_failure(sqlite3* db, const std::filesystem::path& path);

// WriteError (exit 4): "out of memory while running the query on 'DB' …; nothing was written".
[[noreturn]] void throw_query_out_of_memory(const std::filesystem::path& path);

}  // namespace plab
