// plab run CONFIG: the options of a run session (run/session.hpp, cli/run_options.hpp);
// cli/run_output.hpp turns its outcome into text and an exit code. Also --plan, --shard
// I/N|auto, --resume DIR and --resume-if-present.
#include "cli/options.hpp"
#include "cli/run_options.hpp"
#include "cli/run_output.hpp"
#include "error.hpp"
#include "theory/margin_oracle.hpp"

namespace plab::cli {

int run_command(const Args& args, const std::string& command_line) {
  po::options_description options("options");
  add_run_options(options);
  add_wide_option(options);
  po::positional_options_description positional;
  positional.add("config", 1);
  po::variables_map vm;
  po::parsed_options parsed(&options);
  if (!parse_options("run", kRunSynopsis, args, options, positional, vm, &parsed)) return 0;
  const SessionRequest request = run_request(vm, parsed, command_line);
  const bool quiet = vm.count("quiet") != 0;
  set_oracle_progress(!quiet);  // the oracle's "still working" lines
  RunPrinter printer(!quiet, table_width_option(vm));
  Session session = Session::prepare(request, printer);
  if (session.already_complete()) return print_outcome(session.run(printer));  // says so, 0
  if (vm.count("plan") != 0) {
    print_plan(session);
    return kExitSuccess;
  }
  return print_outcome(session.run(printer));
}

}  // namespace plab::cli
