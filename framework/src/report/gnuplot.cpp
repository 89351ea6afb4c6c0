#include "report/gnuplot.hpp"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fstream>
#include <sstream>

namespace plab {

std::string gnuplot_quote(const std::string& text) {
  std::string out = "'";
  for (char c : text) {
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) continue;
    out += c == '\'' ? std::string("''") : std::string(1, c);
  }
  return out + "'";
}

std::string run_gnuplot(const std::filesystem::path& script, const std::filesystem::path& folder) {
  const std::filesystem::path errors = folder / (script.stem().string() + ".log");
  const pid_t pid = fork();
  if (pid < 0) return "cannot start gnuplot (fork failed)";
  if (pid == 0) {
    // Never through a link: the report removed the figure's files before drawing it.
    const int err = open(errors.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, 0644);
    const int null = open("/dev/null", O_RDWR);
    if (err < 0 || null < 0 || chdir(folder.c_str()) != 0) _exit(126);
    dup2(null, 0);
    dup2(null, 1);
    dup2(err, 2);
    const std::string name = script.filename().string();
    execlp("gnuplot", "gnuplot", name.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  std::ifstream in(errors);
  std::ostringstream log;
  log << in.rdbuf();
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
    std::error_code ec;
    std::filesystem::remove(errors, ec);
    return "";
  }
  if (WIFEXITED(status) && WEXITSTATUS(status) == 127) {
    return "gnuplot is not installed (Debian package gnuplot-nox; scripts/setup-deps installs it)";
  }
  std::string text = log.str();
  if (text.size() > 400) text = text.substr(0, 400) + "...";
  return "gnuplot failed on " + script.filename().string() + ": " + text;
}

}  // namespace plab
