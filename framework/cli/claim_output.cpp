#include "cli/claim_output.hpp"

#include <cstdio>

namespace plab::cli {

void print_verdicts(const std::vector<ClaimVerdict>& verdicts) {
  for (const ClaimVerdict& v : verdicts)
    std::printf("claim %s: %s: %s\n", verdict_word(v.verdict), v.what.c_str(), v.detail.c_str());
}

}  // namespace plab::cli
