#include "audit/folder_preconditions.hpp"

#include <string>

#include "build_info.hpp"
#include "error.hpp"

namespace plab {

void require_own_plab_version(const std::filesystem::path& dir,
                              const boost::json::object& manifest) {
  std::string written = "(no version recorded)";
  if (const auto* context = manifest.if_contains("context"); context && context->is_object()) {
    if (const auto* v = context->as_object().if_contains("plab_version"); v && v->is_string())
      written = std::string(v->as_string());
  }
  if (written == build_info::kVersion) return;
  throw DataError("cannot verify '" + dir.string() + "': it was written by plab " + written +
                  " and this is plab " + build_info::kVersion +
                  "; verify vouches only for folders of its own version (another version "
                  "records other fields by other rules): verify it with plab " +
                  written);
}

}  // namespace plab
