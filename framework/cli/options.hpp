// Option parsing shared by the subcommands.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include <boost/program_options.hpp>

#include "cli/commands.hpp"

namespace plab::cli {

namespace po = boost::program_options;

// Parses `args` against `options` (and `positional`); prints help and returns false for
// --help. Unknown options and missing values are UsageErrors naming the subcommand.
bool parse_options(const std::string& command, const std::string& synopsis, const Args& args,
                   po::options_description& options,
                   const po::positional_options_description& positional, po::variables_map& vm,
                   po::parsed_options* parsed = nullptr);

std::vector<std::filesystem::path> plugin_dirs_option(const po::variables_map& vm);

}  // namespace plab::cli
