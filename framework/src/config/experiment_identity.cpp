#include "config/experiment_identity.hpp"

#include <string>

namespace plab {

Json experiment_identity(const Json& document) {
  Json identity = document;
  if (identity.is_object()) {
    for (const std::string_view key : kAnnotationKeys) identity.erase(std::string(key));
  }
  return identity;
}

}  // namespace plab
