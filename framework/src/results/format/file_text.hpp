// Whole-file reads and in-place edits of a results folder's files, as a resume repairs them.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>

namespace plab {

// The file's bytes; "" if it cannot be opened (a missing file reads as empty).
std::string read_text(const std::filesystem::path& file);

// Cuts the file to its first `bytes` bytes; nothing if it does not exist. WriteError if not.
void truncate_to(const std::filesystem::path& file, std::size_t bytes);

// Appends `text` and flushes; WriteError if not.
void append_text(const std::filesystem::path& file, const std::string& text);

}  // namespace plab
