// What a tag may hold. A tag is a short label shown on one line (the report's "Tags:" line,
// a column of the SQLite export, `plab report --query`), so an empty tag, which labels
// nothing, and one holding a control character (a line break, a tab, ESC), which would break
// or hide that line, are refused where they are given: the config's "tags" or --tag. A note
// is free text (line breaks allowed), but manifest.json records "no note" as null, so an empty
// one would be lost without a word: it is refused too.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace plab {

// Why `tag` cannot be a tag ("is empty", "holds the control character U+000A (a line
// break)"), or nothing when it can.
std::optional<std::string> tag_problem(std::string_view tag);

// Why `note` cannot be a note ("is empty", "holds only white space"), or nothing when it can.
std::optional<std::string> note_problem(std::string_view note);

}  // namespace plab
