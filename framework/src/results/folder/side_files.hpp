// The files a results folder keeps beside runs.jsonl (runs.sha256, timings.jsonl,
// trajectory.jsonl), checked up front by the commands that read them through (merge, verify):
// a FIFO there would make a read wait for ever and a link to /dev/zero would never end, so
// either is refused before anything is read or written, with the answer every plab command
// gives for its own files (base/input_file.hpp).
#pragma once

#include <filesystem>

namespace plab {

// DataError (exit 2) naming the first of DIR's side files that exists and is not a regular
// file (a FIFO, device, socket or folder, or a link to one); nothing when each is regular or
// absent.
void refuse_irregular_side_files(const std::filesystem::path& dir);

}  // namespace plab
