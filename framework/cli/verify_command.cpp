// plab verify DIR: recompute what the folder claims (docs/verify.md). Exit 1 on a violated
// bound or an inconsistent folder: a value that differs from its recomputation or replay, a
// record plab could not have written (a field of the wrong type, null, negative), records
// missing or extra, out of order or edited after they were written. Exit 2 only when the
// folder cannot be audited at all (no manifest, text that is not JSON, a missing digest file).
// The verify session (session/verify_session.hpp) does the work; cli/verify_output.hpp says it.
#include <omp.h>

#include <cstdio>
#include <filesystem>

#include "base/interrupt.hpp"
#include "cli/options.hpp"
#include "cli/verify_output.hpp"
#include "results/folder/folder_lock.hpp"
#include "session/verify_session.hpp"

namespace plab::cli {

int verify_command(const Args& args) {
  po::options_description options("options");
  options.add_options()("dir", po::value<std::string>()->required(), "a results folder")(
      "replay", po::value<std::string>(),
      "re-run K records chosen from the seed (or 'all') and compare them byte for byte")(
      "plugin-dir", po::value<std::vector<std::string>>(),
      "look for the recorded plugins here first (as plab run does)");
  add_wide_option(options);
  po::positional_options_description positional;
  positional.add("dir", 1);
  po::variables_map vm;
  if (!parse_options("verify", "verify DIR [--replay K|all] [--plugin-dir DIR]... [--wide]", args,
                     options, positional, vm)) {
    return 0;
  }
  const std::filesystem::path dir = vm["dir"].as<std::string>();
  std::optional<ReplayRequest> replay;
  if (vm.count("replay") != 0) {
    replay = ReplayRequest{parse_replay_count(vm["replay"].as<std::string>()),
                           plugin_dirs_option(vm), omp_get_num_procs()};
  }
  // An audit (a replay above all) may run long; until verify writes verify.json, Ctrl-C or
  // SIGTERM ends it at once (a background job's ignored SIGINT included): nothing is half
  // written then. While verify.json is written a signal is only noted (verify_session.cpp).
  exit_at_once_on_signal(std::string(replay ? "plab verify --replay" : "plab verify") +
                         " gave no verdict on '" + dir.string() +
                         "' (verify.json is not written); run it again");
  // verify only reads, so it goes on while a plab writes DIR (no lock: it never blocks the
  // writer), but its verdict is about the records written so far, and it says so.
  if (const std::string pid = FolderLock::writer_pid(dir); !pid.empty()) {
    std::fprintf(stderr,
                 "plab: note: '%s' is being written by another plab (PID %s); this verdict is "
                 "about the records written so far\n",
                 dir.c_str(), pid.c_str());
  }
  const int code = print_verify_outcome(dir, verify_folder(dir, replay), table_width_option(vm));
  // A signal after verify.json was put in place: the verdict above is whole, and plab says so.
  throw_if_interrupted("verifying '" + dir.string() + "'",
                       "the verdict above is whole and verify.json was written completely "
                       "before plab stopped");
  return code;
}

}  // namespace plab::cli
