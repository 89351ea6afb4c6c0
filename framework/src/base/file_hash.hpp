// SHA-256 (OpenSSL's libcrypto): of a file, recorded for each plugin in manifest.json so a
// later `--resume` or reader can tell whether the same plugin binaries were used; and of a
// stream of chunks, so a data file is hashed from exactly the bytes that were parsed.
#pragma once

#include <cstddef>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>

namespace plab {

// Lower-case hex digest; throws ResultsError when the file cannot be read.
std::string sha256_file(const std::filesystem::path& file);

// A digest built up chunk by chunk.
class Sha256 {
 public:
  Sha256();
  ~Sha256();
  Sha256(const Sha256&) = delete;
  Sha256& operator=(const Sha256&) = delete;
  void update(std::string_view bytes);
  // Lower-case hex digest of everything given to update(); call once.
  std::string finish();

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace plab
