// runs.sha256: a SHA-256 chain over the records of runs.jsonl, so that --resume and merge
// notice a record changed after plab wrote it (runs.jsonl's own bytes stay as they are).
//
// Line i (1-based) holds, in hex, d_i = SHA-256(d_{i-1} || SHA-256(record line i)), where a
// record line includes its '\n' and d_0 is 32 zero bytes. Each record's own digest is taken
// on the thread that ran it; only the 64-byte chain step is serial.
#pragma once

#include <array>
#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>

namespace plab {

inline constexpr const char* kDigestFileName = "runs.sha256";

using Digest = std::array<unsigned char, 32>;

Digest sha256_of(std::string_view bytes);
Digest chain_digest(const Digest& previous, const Digest& record);
std::string digest_hex(const Digest& d);

// The last complete line of `file` as a digest, or 32 zero bytes if it has none.
// Throws ResultsError if that line is not 64 hex digits.
Digest last_chain_digest(const std::filesystem::path& file);

struct ChainCheck {
  bool present = false;               // the folder has a digest file
  std::size_t verified = 0;           // leading records whose chain matches
  std::size_t runs_bytes_kept = 0;    // bytes of the first `verified` lines of runs.jsonl
  std::size_t digest_bytes_kept = 0;  // bytes of the first `verified` lines of runs.sha256
};

// Checks the first `records` complete lines of DIR/runs.jsonl against DIR/runs.sha256, up to
// as many as the digest file has lines (a kill may leave either file a little ahead). Throws
// ResultsError naming the first record whose digest differs. Without a digest file: nothing
// verified, `present` false.
ChainCheck check_digest_chain(const std::filesystem::path& dir, std::size_t records);

// Writes DIR/runs.sha256 for the complete lines of DIR/runs.jsonl (a merged folder).
void write_digest_chain(const std::filesystem::path& dir);

}  // namespace plab
