// Where a comparison report goes (`plab report A B --out OUT`, `plab report DB --query SQL
// --out OUT`): OUT is a folder of its own, checked before anything is read, so that a
// comparison never lands in a results folder, over a file, or over another report.
#pragma once

#include <filesystem>
#include <string>

#include "report/document.hpp"

namespace plab {

// UsageError (exit 2) when OUT exists and is not a folder, a folder on its path is a file,
// OUT is or lies inside a results folder (a manifest.json), or OUT holds a report.md or
// report.html and `force` is false.
void check_comparison_target(const std::filesystem::path& out, bool force);

// UsageError (exit 2) when `input`, a file the comparison reads, is one of the files it writes
// into OUT (report.md, report.html, or their temporary names), by that name or another.
void refuse_input_written_over(const std::filesystem::path& out,
                               const std::filesystem::path& input);

// Creates OUT and writes report.md and report.html into it; WriteError (exit 4) when it
// cannot.
void write_comparison(const std::filesystem::path& out, const Document& doc,
                      const std::string& title);

}  // namespace plab
