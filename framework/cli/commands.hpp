// The subcommands of `plab`. Each parses its own options and returns an exit code; errors
// a user can cause are thrown as plab::Error and reported once, by main().
#pragma once

#include <string>
#include <vector>

namespace plab::cli {

using Args = std::vector<std::string>;  // the arguments after the subcommand name

int run_command(const Args& args, const std::string& command_line);
int plugins_command(const Args& args);
int describe_command(const Args& args);
int verify_command(const Args& args);
int report_command(const Args& args);
int check_command(const Args& args);
int merge_command(const Args& args, const std::string& command_line);
int export_command(const Args& args);
int convert_command(const Args& args);

}  // namespace plab::cli
