#include "results/folder/record_digest.hpp"

#include <openssl/evp.h>

#include <cstdio>
#include <memory>

#include "base/input_file.hpp"
#include "error.hpp"

namespace plab {

namespace fs = std::filesystem;

namespace {

using File = std::unique_ptr<std::FILE, int (*)(std::FILE*)>;

// Reads one line with its '\n' into `line`; false at the end of the file or at a last line
// without '\n' (a torn line is no line).
bool next_line(std::FILE* f, std::string& line) {
  line.clear();
  int c = 0;
  while ((c = getc_unlocked(f)) != EOF) {  // one thread reads each file
    line += static_cast<char>(c);
    if (c == '\n') return true;
  }
  return false;
}

bool parse_hex(std::string_view text, Digest& out) {
  if (text.size() != 64) return false;
  const auto nibble = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
  };
  for (std::size_t i = 0; i < 32; ++i) {
    const int hi = nibble(text[2 * i]);
    const int lo = nibble(text[2 * i + 1]);
    if (hi < 0 || lo < 0) return false;
    out[i] = static_cast<unsigned char>(hi * 16 + lo);
  }
  return true;
}

}  // namespace

Digest sha256_of(std::string_view bytes) {
  Digest d{};
  unsigned int length = 0;
  PLAB_CHECK(EVP_Digest(bytes.data(), bytes.size(), d.data(), &length, EVP_sha256(), nullptr) ==
                 1 &&
             length == d.size());
  return d;
}

Digest chain_digest(const Digest& previous, const Digest& record) {
  std::string both(previous.begin(), previous.end());
  both.append(record.begin(), record.end());
  return sha256_of(both);
}

std::string digest_hex(const Digest& d) {
  static const char* const kHex = "0123456789abcdef";
  std::string hex;
  for (unsigned char byte : d) {
    hex += kHex[byte >> 4];
    hex += kHex[byte & 15];
  }
  return hex;
}

Digest last_chain_digest(const fs::path& file) {
  Digest last{};
  InputFile f = open_regular_input(file);
  if (!f) return last;
  std::string line;
  std::string previous;
  while (next_line(f.get(), line)) previous = line;
  if (previous.empty()) return last;
  previous.pop_back();
  if (!parse_hex(previous, last)) {
    throw ResultsError("'" + file.string() + "' is damaged: its last line is not a SHA-256 digest");
  }
  return last;
}

ChainCheck check_digest_chain(const fs::path& dir, std::size_t records) {
  ChainCheck check;
  const fs::path runs_file = dir / "runs.jsonl";
  const fs::path digest_file = dir / kDigestFileName;
  InputFile digests = open_regular_input(digest_file);
  if (!digests) return check;
  check.present = true;
  InputFile runs = open_regular_input(runs_file);
  if (!runs) throw ResultsError("cannot read '" + runs_file.string() + "'");
  Digest chain{};
  std::string record;
  std::string digest_line;
  while (check.verified < records && next_line(runs.get(), record)) {
    if (!next_line(digests.get(), digest_line)) break;
    chain = chain_digest(chain, sha256_of(record));
    Digest recorded{};
    const std::size_t line = check.verified + 1;
    if (!parse_hex(std::string_view(digest_line).substr(0, digest_line.size() - 1), recorded)) {
      throw ResultsError("'" + digest_file.string() + "' is damaged: line " + std::to_string(line) +
                         " is not a SHA-256 digest (64 lowercase hex digits); the folder was "
                         "changed after it was written, start a new run");
    }
    if (recorded != chain) {
      throw ResultsError(runs_file.string() + ":" + std::to_string(line) +
                         ": this record is not the one plab wrote (its SHA-256 chain differs "
                         "from line " +
                         std::to_string(line) + " of " + digest_file.string() +
                         "): the folder was changed after it was written; its results cannot "
                         "be trusted, start a new run");
    }
    ++check.verified;
    check.runs_bytes_kept += record.size();
    check.digest_bytes_kept += digest_line.size();
  }
  return check;
}

void write_digest_chain(const fs::path& dir) {
  const fs::path runs_file = dir / "runs.jsonl";
  const fs::path digest_file = dir / kDigestFileName;
  File runs(std::fopen(runs_file.c_str(), "rb"), &std::fclose);
  if (!runs) throw ResultsError("cannot read '" + runs_file.string() + "'");
  File out(std::fopen(digest_file.c_str(), "wb"), &std::fclose);
  if (!out) throw WriteError("cannot write '" + digest_file.string() + "'");
  Digest chain{};
  std::string record;
  while (next_line(runs.get(), record)) {
    chain = chain_digest(chain, sha256_of(record));
    const std::string line = digest_hex(chain) + "\n";
    if (std::fwrite(line.data(), 1, line.size(), out.get()) != line.size()) {
      throw WriteError("writing '" + digest_file.string() + "' failed (disk full?)");
    }
  }
  if (std::fflush(out.get()) != 0) {
    throw WriteError("writing '" + digest_file.string() + "' failed (disk full?)");
  }
}

}  // namespace plab
