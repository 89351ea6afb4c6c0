// Fixed-width text tables for a terminal or a log: columns padded to their widest cell,
// "sweep" and "learner" left-aligned, the rest right-aligned, a rule under the header.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace plab {

// What fits a terminal of the common width; `plab run/verify/merge --wide` lifts it.
inline constexpr std::size_t kTableWidth = 100;

// `rows` (the header first) as one table; with `max_width` > 0 and a wider table, as several
// tables of at most `max_width` columns, one under the other, each repeating the leading
// "point", "sweep" and "learner" columns so that every row can still be read on its own.
std::string render_table(const std::vector<std::vector<std::string>>& rows,
                         std::size_t max_width = 0);

}  // namespace plab
