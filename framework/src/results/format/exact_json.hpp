// A JSON file read into Boost.JSON values with every double correctly rounded.
//
// Boost 1.81's parser may read a double one unit in the last place off; that is harmless
// for checking a field but not for copying it: a merged manifest that copies a shard's
// `rho_upper_weights` a bit off no longer reproduces its `rho_upper`. nlohmann's parser
// rounds correctly, so the text is parsed by it and its numbers carried over as they are.
#pragma once

#include <filesystem>
#include <string>

#include <boost/json/value.hpp>

#include "config/json.hpp"

namespace plab {

// The JSON document in `file`; throws DataError naming the file when it is not JSON.
boost::json::value read_json_exactly(const std::filesystem::path& file);

// The JSON text `text` (a line of runs.jsonl, say) the same way; DataError naming `where`.
boost::json::value parse_json_exactly(const std::string& text, const std::string& where);

// `j` as a Boost.JSON value, every double carried over as it is (not through text).
boost::json::value to_boost_exactly(const Json& j);

}  // namespace plab
