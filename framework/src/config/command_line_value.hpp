// The value of a `--set /pointer=VALUE` option, or one value of a `--sweep` option.
//
// A value is JSON, or a bare word taken as a string (so that `--set /init/kind=gaussian`
// needs no shell quoting). A bare word starts with a letter, '_', '/', './' or '..' (or is
// '.' alone), and holds no spaces, quotes, brackets, braces or commas. Anything else that is
// not valid JSON is refused rather than silently kept as a string: `[1,2` or `1,5` or `True`
// was meant as JSON, and so was `.5` (a number; JSON writes it 0.5, as the message says).
#pragma once

#include <string>

#include "config/json.hpp"

namespace plab {

// Throws UsageError naming `option` for a value that is neither JSON nor a bare word.
Json parse_command_line_value(const std::string& text, const std::string& option);

}  // namespace plab
