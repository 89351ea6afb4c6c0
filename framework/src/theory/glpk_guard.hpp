// What every GLPK solve in plab shares: GLPK's terminal output captured instead of printed,
// and its fatal errors (an internal assertion, e.g. on values near the double range) turned
// into a jump back to the caller instead of abort().
//
// GLPK reports a fatal error by printing a message and calling abort() once the error hook
// returns. glpk_on_fatal_error frees GLPK's environment, as its manual asks, and jumps back
// to the caller's setjmp; the caller owns every C++ object and keeps only trivially
// destructible locals between setjmp and the solve, since longjmp skips destructors.
//
//   std::jmp_buf jump;
//   glpk_capture_output();
//   if (setjmp(jump) != 0) { /* failed: glpk_error_message(glpk_output()) */ }
//   glp_error_hook(&glpk_on_fatal_error, &jump);
//   ... solve ...
//   glp_error_hook(nullptr, nullptr);
#pragma once

#include <glpk.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace plab {

// The margin LPs' common form (lp_separator.cpp, l1_margin.cpp): maximise t over `weights`
// columns bounded below by `lower` (and above by `upper` unless it is infinite) and a free
// last column t, with `rows + extra_rows` rows, rows 1..rows being y·u·x̃ − t ≥ 0 from
// `index`/`value` (GLPK's 1-based lists, entry 0 unused; row i's last index is t's column).
// The extra rows are the caller's to fill. Call it inside the guarded region.
glp_prob* glpk_margin_problem(int weights, double lower, double upper, int rows, int extra_rows,
                              const std::vector<std::vector<int>>& index,
                              const std::vector<std::vector<double>>& value);

// glp_simplex with plab's options (no messages, presolve, automatic scaling, the iteration
// limit, the time limit in milliseconds as a safety stop): its return code, and
// glp_get_status in `solution`. Call it inside the guarded region; it holds only trivially
// destructible locals, so a fatal error may jump past it.
int glpk_simplex(glp_prob* lp, int milliseconds, int iterations, int& solution);

// The iteration limit that spends the work budget (theory.oracle_work, multiply-adds): one
// simplex iteration counts as a pass over the constraint matrix, rows × columns. At least 1.
int glpk_iteration_limit(std::uint64_t work, std::size_t rows, std::size_t columns);

// "" when a solve ended at an optimum; otherwise the sentence for the manifest: a fatal
// error (`failed`, with GLPK's message), the iteration limit, the time limit, or no optimal
// solution.
std::string glpk_solve_problem(bool failed, int status, int solution);

// Clears the captured text and routes GLPK's output into it (this thread only).
void glpk_capture_output();
// The text GLPK printed since glpk_capture_output (at most about 2000 characters).
const std::string& glpk_output();
// The error hook: `jump` is the caller's std::jmp_buf.
void glpk_on_fatal_error(void* jump);
// GLPK's fatal message, e.g. "glp_scale_prob: ... Error detected in file ... at line ...",
// on one line; its progress lines before it ("Scaling...") are left out.
std::string glpk_error_message(const std::string& text);

}  // namespace plab
