// Opening a results file for reading without ever blocking on it. A FIFO put where plab
// expects one of its files (runs.sha256, timings.jsonl, trajectory.jsonl, ...) would make a
// plain fopen wait forever for a writer; the file is opened with O_NONBLOCK (which returns at
// once for a FIFO), checked with fstat, and only a regular file is read.
#pragma once

#include <cstdio>
#include <filesystem>
#include <memory>

namespace plab {

using InputFile = std::unique_ptr<std::FILE, int (*)(std::FILE*)>;

// The file open for reading ("rb"), or a null InputFile when it does not exist or cannot be
// opened (each reader says what a missing file means). DataError (exit 2) when it exists but
// is not a regular file (a FIFO, device, socket or folder, or a link to one), naming it.
InputFile open_regular_input(const std::filesystem::path& file);

}  // namespace plab

namespace plab {

// For a reader that opens `file` as a stream: the same DataError, before the stream's open
// could wait on a FIFO; nothing when the file is regular or absent.
void refuse_irregular_input(const std::filesystem::path& file);

}  // namespace plab

namespace plab {

// plab's own files in a results folder (.plab.lock, runs.jsonl, timings.jsonl, ...), opened for
// reading or writing (`flags`: O_RDONLY, O_RDWR | O_CREAT, O_WRONLY | O_APPEND | O_CREAT ...)
// without following a link and without waiting on a FIFO. The descriptor, or -1 (errno set)
// when the file is absent or cannot be opened. DataError (exit 2), naming the file, when it is
// not a regular file (a symbolic link, FIFO, device, socket or folder) or has other names (a
// hard link, which may be a file outside the folder).
int open_own_file(const std::filesystem::path& file, int flags);

// open_own_file(file, O_RDONLY) for a reader that writes nothing through the descriptor (a
// shared lock on .plab.lock): a file with other names is accepted, since nothing written
// through this name could reach the other (a `cp -al` backup of the folder links every file);
// a symbolic link, FIFO, device, socket or folder is refused as above.
int open_own_file_to_read(const std::filesystem::path& file);

// The same DataError for a file about to be rewritten in place; nothing when it is absent or
// a regular file of one name.
void refuse_foreign_own_file(const std::filesystem::path& file);

// A new, empty file at `file`, open for writing, for a temporary name plab writes and then
// renames into place (NAME.tmp): whatever is at the name (a symbolic or hard link to a file
// elsewhere, a FIFO, a file a killed plab left) is removed first, never written through or
// waited on, and the file is created exclusively, without following a link. The descriptor,
// or -1 (errno set) when the name cannot be cleared (a folder there) or the file made.
int create_own_temp_file(const std::filesystem::path& file);

}  // namespace plab
