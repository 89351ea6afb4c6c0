// Option parsing shared by the subcommands.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include <boost/program_options.hpp>

#include "cli/commands.hpp"
#include "config/experiment_source.hpp"

namespace plab::cli {

namespace po = boost::program_options;

// Parses `args` against `options` (and `positional`); prints help and returns false for
// --help. Unknown options and missing values are UsageErrors naming the subcommand.
bool parse_options(const std::string& command, const std::string& synopsis, const Args& args,
                   po::options_description& options,
                   const po::positional_options_description& positional, po::variables_map& vm,
                   po::parsed_options* parsed = nullptr);

// A file an option or argument (`what`: "--csv", "OUT") must name: UsageError for '' (no
// file) and for '-', which would be a file named '-' and not the standard stream the user
// likely meant; `no_stream` says why plab does not use one there ("plab export does not write
// the CSV to standard output"). The message ends "nothing was written".
void require_file_name(const std::string& what, const std::string& name,
                       const std::string& no_stream);

std::vector<std::filesystem::path> plugin_dirs_option(const po::variables_map& vm);

// --wide: the result tables whole, instead of split into parts of 100 columns.
void add_wide_option(po::options_description& options);
std::size_t table_width_option(const po::variables_map& vm);  // 0 with --wide

// The --set and --sweep options in the order given (later ones change what earlier set).
std::vector<CommandLineChange> config_changes_option(const po::parsed_options& parsed);

}  // namespace plab::cli
