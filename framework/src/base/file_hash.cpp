#include "base/file_hash.hpp"

#include <cstdio>
#include <memory>

#include <openssl/evp.h>

#include "error.hpp"

namespace plab {

struct Sha256::State {
  std::unique_ptr<EVP_MD_CTX, void (*)(EVP_MD_CTX*)> ctx{EVP_MD_CTX_new(), &EVP_MD_CTX_free};
};

Sha256::Sha256() : state_(std::make_unique<State>()) {
  PLAB_CHECK(state_->ctx && EVP_DigestInit_ex(state_->ctx.get(), EVP_sha256(), nullptr) == 1);
}

Sha256::~Sha256() = default;

void Sha256::update(std::string_view bytes) {
  PLAB_CHECK(EVP_DigestUpdate(state_->ctx.get(), bytes.data(), bytes.size()) == 1);
}

std::string Sha256::finish() {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  PLAB_CHECK(EVP_DigestFinal_ex(state_->ctx.get(), digest, &length) == 1);
  static const char* const kHex = "0123456789abcdef";
  std::string hex;
  for (unsigned int i = 0; i < length; ++i) {
    hex += kHex[digest[i] >> 4];
    hex += kHex[digest[i] & 15];
  }
  return hex;
}

std::string sha256_file(const std::filesystem::path& file) {
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> f(std::fopen(file.c_str(), "rb"), &std::fclose);
  if (!f) throw ResultsError("cannot read '" + file.string() + "' to hash it");
  Sha256 hash;
  char buffer[1 << 16];
  std::size_t got = 0;
  while ((got = std::fread(buffer, 1, sizeof buffer, f.get())) > 0) {
    hash.update(std::string_view(buffer, got));
  }
  return hash.finish();
}

}  // namespace plab
