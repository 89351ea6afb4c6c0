// SHA-256 of a file (OpenSSL's libcrypto), recorded for each plugin in manifest.json so a
// later `--resume` or reader can tell whether the same plugin binaries were used.
#pragma once

#include <filesystem>
#include <string>

namespace plab {

// Lower-case hex digest; throws ResultsError when the file cannot be read.
std::string sha256_file(const std::filesystem::path& file);

}  // namespace plab
