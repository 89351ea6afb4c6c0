// What makes two configs the same experiment. A config's "$schema" (for editors), "tags" and
// "note" describe the experiment without changing a run: --resume, --resume-if-present and
// plab merge compare configs without them, so a folder takes up a new tag or note.
#pragma once

#include <array>
#include <string>
#include <string_view>

#include "config/json.hpp"

namespace plab {

inline constexpr std::array<std::string_view, 3> kAnnotationKeys = {"$schema", "tags", "note"};

// The config without its top-level annotation keys.
Json experiment_identity(const Json& document);

// SHA-256 (lower-case hex) of the identity's canonical text (config/json_canonical.hpp), as
// manifest.json's "config_identity_sha256": plab writes it with the folder and --resume recomputes
// it from the manifest's "config", so a config edited by hand in the manifest is refused rather
// than run.
std::string experiment_identity_sha256(const Json& document);

}  // namespace plab
