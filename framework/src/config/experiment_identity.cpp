#include "config/experiment_identity.hpp"

#include <string>

#include "base/file_hash.hpp"
#include "config/json_canonical.hpp"

namespace plab {

Json experiment_identity(const Json& document) {
  Json identity = document;
  if (identity.is_object()) {
    for (const std::string_view key : kAnnotationKeys) identity.erase(std::string(key));
  }
  return identity;
}

std::string experiment_identity_sha256(const Json& document) {
  Sha256 digest;
  digest.update(canonical_json_text(experiment_identity(document)));
  return digest.finish();
}

}  // namespace plab
