// Running gnuplot safely: the script and data are files the report writes, gnuplot is
// started without a shell, and every text from a config or a results file is escaped
// before it enters a script (docs/trust-model.md).
#pragma once

#include <filesystem>
#include <string>

namespace plab {

// A gnuplot single-quoted string literal holding `text` literally: quotes doubled, control
// characters dropped. Scripts set `noenhanced`, so ^ _ @ { } are not markup either.
std::string gnuplot_quote(const std::string& text);

// Runs `gnuplot SCRIPT` in `folder`. Returns "" on success, otherwise why it failed: gnuplot
// not installed (not on PATH), could not be started (and why: the errno of fork or exec), or
// its error output.
std::string run_gnuplot(const std::filesystem::path& script, const std::filesystem::path& folder);

}  // namespace plab
