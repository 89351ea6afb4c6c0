// Suggesting the closest accepted word for a misspelt one.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace plab {

// Returns " (did you mean 'x'?)" for the closest candidate within a small edit distance,
// or "" when none is close enough to be a likely typo.
std::string did_you_mean(std::string_view word, const std::vector<std::string>& candidates);

// Lists candidates as "'a', 'b' or 'c'" for messages.
std::string quoted_list(const std::vector<std::string>& candidates);

}  // namespace plab
