// What plab verify prints of its session's outcome (session/verify_session.hpp), and its
// exit code: 0 clean, 1 (kExitViolation) on a violated bound or an inconsistent folder.
#pragma once

#include <cstddef>
#include <filesystem>

#include "session/verify_session.hpp"

namespace plab::cli {

int print_verify_outcome(const std::filesystem::path& dir, const VerifyOutcome& outcome,
                         std::size_t table_width);

}  // namespace plab::cli
