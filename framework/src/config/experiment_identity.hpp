// What makes two configs the same experiment. A config's "$schema" (for editors), "tags" and
// "note" describe the experiment without changing a run: --resume, --resume-if-present and
// plab merge compare configs without them, so a folder takes up a new tag or note.
#pragma once

#include <array>
#include <string_view>

#include "config/json.hpp"

namespace plab {

inline constexpr std::array<std::string_view, 3> kAnnotationKeys = {"$schema", "tags", "note"};

// The config without its top-level annotation keys.
Json experiment_identity(const Json& document);

}  // namespace plab
