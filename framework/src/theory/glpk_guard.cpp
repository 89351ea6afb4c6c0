#include "theory/glpk_guard.hpp"

#include <glpk.h>

#include <csetjmp>

namespace plab {

namespace {

thread_local std::string t_output;

int capture(void*, const char* text) {
  if (t_output.size() < 2000) t_output += text;
  return 1;  // non-zero: GLPK prints nothing itself
}

}  // namespace

int glpk_simplex(glp_prob* lp, int milliseconds, int& solution) {
  glp_smcp options;
  glp_init_smcp(&options);
  options.msg_lev = GLP_MSG_OFF;
  options.presolve = GLP_ON;
  options.tm_lim = milliseconds;
  glp_scale_prob(lp, GLP_SF_AUTO);
  const int status = glp_simplex(lp, &options);
  solution = glp_get_status(lp);
  return status;
}

std::string glpk_solve_problem(bool failed, int status, int solution) {
  if (failed) return "GLPK stopped with an error: " + glpk_error_message(glpk_output());
  if (status == GLP_ETMLIM) return "GLPK reached its time limit";
  if (status != 0 || solution != GLP_OPT) {
    return "GLPK found no optimal solution (glp_simplex " + std::to_string(status) + ", status " +
           std::to_string(solution) + ")";
  }
  return "";
}

void glpk_capture_output() {
  t_output.clear();
  glp_term_hook(&capture, nullptr);
}

const std::string& glpk_output() { return t_output; }

void glpk_on_fatal_error(void* jump) {
  glp_free_env();
  std::longjmp(*static_cast<std::jmp_buf*>(jump), 1);
}

std::string glpk_error_message(const std::string& text) {
  std::string message;
  std::size_t begin = 0;
  while (begin < text.size()) {
    std::size_t end = text.find('\n', begin);
    if (end == std::string::npos) end = text.size();
    const std::string line = text.substr(begin, end - begin);
    begin = end + 1;
    if (line.empty() || line.ends_with("...")) continue;
    message += (message.empty() ? "" : "; ") + line;
  }
  return message.empty() ? "no message" : message;
}

}  // namespace plab
