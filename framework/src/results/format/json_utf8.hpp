// Finding text that is not UTF-8 in a JSON value before it is written: a manifest holding a
// path under a Latin-1 folder name (the current folder, where plab is installed) or a
// scheduler's variable would not be JSON, and plab's own readers would call the folder damaged.
#pragma once

#include <optional>
#include <string>

#include <boost/json/value.hpp>

namespace plab {

// "/config_file ('/tmp/caf' then byte 0xE9)": the JSON Pointer of the first string (or key)
// of `value` that is not UTF-8 text, with its valid start and the first bad byte; nullopt
// when every string is UTF-8.
std::optional<std::string> first_non_utf8_string(const boost::json::value& value);

}  // namespace plab
