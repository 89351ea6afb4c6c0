// What plab verify requires of a folder before it audits anything (exit 2 otherwise).
// Its own version: an older plab wrote other fields by other rules, and auditing its folder
// by today's rules would either cry wolf or, where fields are missing, check less and still
// say "clean" (docs/verify.md, "Another plab version").
#pragma once

#include <filesystem>

#include <boost/json/object.hpp>

namespace plab {

// DataError (exit 2) naming DIR, the version that wrote it and this build's version.
void require_own_plab_version(const std::filesystem::path& dir,
                              const boost::json::object& manifest);

}  // namespace plab
