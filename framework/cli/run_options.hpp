// plab run's options (cli/run_command.cpp): their descriptions, and the session request
// (run/session.hpp) they make, each contradiction a UsageError naming the options.
#pragma once

#include <string>

#include "cli/options.hpp"
#include "run/session.hpp"

namespace plab::cli {

extern const char* const kRunSynopsis;

void add_run_options(po::options_description& options);

SessionRequest run_request(const po::variables_map& vm, const po::parsed_options& parsed,
                           const std::string& command_line);

}  // namespace plab::cli
