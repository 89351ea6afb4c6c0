// How `plab run`, `plab report` and `plab check` print claim verdicts: one line per claim,
// its verdict first, then what it claims and the numbers behind the verdict.
#pragma once

#include <vector>

#include "analysis/claims.hpp"

namespace plab::cli {

void print_verdicts(const std::vector<ClaimVerdict>& verdicts);

}  // namespace plab::cli
