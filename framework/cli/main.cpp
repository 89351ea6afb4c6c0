// plab: the perceptron-lab command line.
#include <poll.h>
#include <unistd.h>

#include <boost/program_options/errors.hpp>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <new>
#include <string>
#include <string_view>

#include "base/interrupt.hpp"
#include "base/utf8_text.hpp"
#include "build_info.hpp"
#include "cli/commands.hpp"
#include "error.hpp"
#include "plab/abi.hpp"

namespace {

const char* const kUsage =
    "usage: plab <command> [options]\n"
    "\n"
    "commands:\n"
    "  run CONFIG        run an experiment; results go to results/<name>/<UTC time>/\n"
    "  plugins           list the learner plugins found, with version and summary\n"
    "  describe PLUGIN   show a plugin's params, defaults, conventions and guarantee\n"
    "  verify DIR        check every run whose bound applies; exit 1 on a violation\n"
    "  merge OUT DIR...  join the shard folders of one experiment into OUT\n"
    "  report DIR        write report.md, report.html and plots/ (also run by plab run)\n"
    "  report A B --out OUT  the paired comparison of two folders' learners, into OUT\n"
    "  check DIR [--config FILE]  check the config's claims; exit 1 if one fails, 5 if one\n"
    "                    cannot be decided\n"
    "  export DIR... --sqlite DB  add results folders to an SQLite database of runs\n"
    "  export DIR... --csv FILE   write their runs as one CSV table, a row per run\n"
    "  convert IN OUT    a data file from CSV to svmlight/libsvm or back\n"
    "\n"
    "  plab --help, plab <command> --help, plab --version\n"
    "\n"
    "exit codes: 0 success, 1 a bound was violated (verify) or a claim fails (check), 2 bad\n"
    "command line, config, data or results folder, 3 a plugin could not be loaded or a run\n"
    "failed, 4 results or output could not be written, 5 a claim cannot be decided (check),\n"
    "70 internal error (a bug), 130 interrupted (results so far are kept).\n";

std::string join_command_line(int argc, char** argv) {
  std::string s;
  for (int i = 0; i < argc; ++i) {
    if (i > 0) s += ' ';
    s += argv[i];
  }
  return s;
}

// A command's output that could not be written (a full disk, /dev/full) is a failure, not a
// success with the output lost; a closed pipe is not (stdout_reader_gone). `plab run` alone is
// exempt: its documented rule is that a closed stdout does not end or fail the run (its results are
// in files); `plab run --plan` prints the plan and nothing else, so it is checked like the others.
bool stdout_is_checked(int argc, char** argv) {
  if (argc < 2 || std::strcmp(argv[1], "run") != 0) return true;
  for (int i = 2; i < argc; ++i) {
    if (std::strcmp(argv[i], "--plan") == 0) return true;
  }
  return false;
}

// True when standard output is a pipe whose reader has gone (`plab plugins | head -1` after
// head ended). That reader asked for no more, so the command ends quietly with its own exit
// code, as it would have ended by SIGPIPE had the signal not been ignored (plab run ignores
// it; a parent may too). A pipe without readers polls as an error (POLLERR).
bool stdout_reader_gone(int error) {
  if (error == EPIPE) return true;
  pollfd out{STDOUT_FILENO, 0, 0};
  return ::poll(&out, 1, 0) == 1 && (out.revents & POLLERR) != 0;
}

// Every argument can reach a JSON file (the command line in manifest.json's sessions, tags, a
// --set value, the paths of the folder, the config and the data): one that is not UTF-8 text
// would make a folder plab's own readers refuse, so it is refused before anything is read.
void refuse_non_utf8_arguments(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    const std::string_view argument(argv[i]);
    const std::size_t at = plab::first_non_utf8(argument);
    if (at == std::string_view::npos) continue;
    throw plab::UsageError(
        "argument " + std::to_string(i) + " ('" + std::string(argument.substr(0, at)) +
        "' then byte " + plab::byte_hex(static_cast<unsigned char>(argument[at])) +
        ") is not UTF-8 text; plab writes its command line, names and paths into JSON files, "
        "which are UTF-8: give the text, or rename the file or folder, in UTF-8");
  }
}

int dispatch(int argc, char** argv);

}  // namespace

int main(int argc, char** argv) {
  const int rc = dispatch(argc, argv);
  if (rc >= plab::kExitBadInput || !stdout_is_checked(argc, argv)) return rc;
  errno = 0;
  const bool flushed = std::fflush(stdout) == 0;
  if (flushed && std::ferror(stdout) == 0) return rc;
  const int error = errno;
  if (stdout_reader_gone(error)) return rc;
  std::fprintf(stderr, "plab: error: cannot write to standard output: %s\n",
               error != 0 ? std::strerror(error) : "write error");
  return plab::kExitWriteFailure;
}

namespace {

int dispatch(int argc, char** argv) {
  // Past a file size limit (ulimit -f) a write then fails with EFBIG, which is reported like a
  // full disk and leaves a folder `--resume` can finish, instead of killing plab mid-record.
  plab::ignore_file_size_signal();
  try {
    if (argc < 2) {
      std::fputs(kUsage, stderr);
      return plab::kExitBadInput;
    }
    refuse_non_utf8_arguments(argc, argv);
    const std::string command = argv[1];
    const plab::cli::Args args(argv + 2, argv + argc);
    if (command == "--help" || command == "-h" || command == "help") {
      std::fputs(kUsage, stdout);
      return plab::kExitSuccess;
    }
    if (command == "--version") {
      std::printf("plab %s (git %s%s, %s build, %s, Boost %s, plugin ABI %u)\n",
                  plab::build_info::kVersion,
                  *plab::build_info::kGitCommit ? plab::build_info::kGitCommit : "unknown",
                  plab::build_info::kGitDirty ? ", dirty" : "", plab::build_info::kBuildType,
                  plab::build_info::kCompiler, plab::build_info::kBoostVersion,
                  static_cast<unsigned>(plab::kAbiVersion));
      return plab::kExitSuccess;
    }
    if (command == "run") return plab::cli::run_command(args, join_command_line(argc, argv));
    if (command == "plugins") return plab::cli::plugins_command(args);
    if (command == "describe") return plab::cli::describe_command(args);
    if (command == "verify") return plab::cli::verify_command(args);
    if (command == "report") return plab::cli::report_command(args);
    if (command == "check") return plab::cli::check_command(args);
    if (command == "merge") return plab::cli::merge_command(args, join_command_line(argc, argv));
    if (command == "export") return plab::cli::export_command(args);
    if (command == "convert") return plab::cli::convert_command(args);
    throw plab::UsageError("unknown command '" + command +
                           "'; commands are run, plugins, describe, verify, merge, report, check, "
                           "export and convert (see plab "
                           "--help)");
  } catch (const boost::program_options::error& e) {
    std::fprintf(stderr, "plab: error: %s (see plab %s --help)\n", e.what(), argv[1]);
    return plab::kExitBadInput;
  } catch (const std::bad_alloc&) {
    // Out of memory where no command named it (each names it where it knows what was written).
    std::fprintf(stderr,
                 "plab: error: out of memory during plab %s; free memory or raise the limit and "
                 "run it again\n",
                 argv[1]);
    return plab::kExitWriteFailure;
  } catch (const std::exception& e) {
    // A plab::Error is a mistake the user can fix; anything else is a bug of plab's.
    const bool known = dynamic_cast<const plab::Error*>(&e) != nullptr;
    std::fprintf(stderr, "plab: %s: %s\n", known ? "error" : "internal error", e.what());
    return plab::exit_code_for(e);
  }
}

}  // namespace
