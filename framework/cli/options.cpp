#include "cli/options.hpp"

#include <filesystem>
#include <iostream>
#include <sstream>

#include "config/did_you_mean.hpp"
#include "error.hpp"
#include "results/summary/text_table.hpp"

namespace plab::cli {

namespace {

// "a results folder DIR" for the option at a positional place, "" for a named option.
std::string positional_missing(const std::string& synopsis, const po::options_description& options,
                               const po::positional_options_description& positional,
                               const po::required_option& e) {
  std::vector<std::string> words;  // the synopsis after the command: DIR, OUT, SHARD_DIR...
  std::istringstream in(synopsis);
  for (std::string word; in >> word;) words.push_back(word);
  for (std::size_t i = 0; i + 1 < words.size(); ++i) {
    if (i >= positional.max_total_count()) break;
    const std::string& name = positional.name_for_position(static_cast<unsigned>(i));
    if ("--" + name != e.get_option_name()) continue;
    const po::option_description* option = options.find_nothrow(name, false);
    const std::string what = option == nullptr ? "" : option->description() + " ";
    return what + words[i + 1];
  }
  return "";
}

}  // namespace

bool parse_options(const std::string& command, const std::string& synopsis, const Args& args,
                   po::options_description& options,
                   const po::positional_options_description& positional, po::variables_map& vm,
                   po::parsed_options* parsed) {
  options.add_options()("help,h", "show this help");
  try {
    // No guessing: `--thread` must not silently mean `--threads`.
    const int style =
        po::command_line_style::default_style & ~po::command_line_style::allow_guessing;
    po::parsed_options result =
        po::command_line_parser(args).options(options).positional(positional).style(style).run();
    po::store(result, vm);
    if (parsed != nullptr) *parsed = result;
    if (vm.count("help") != 0) {
      std::cout << "usage: plab " << synopsis << "\n\n" << options << "\n";
      return false;
    }
    po::notify(vm);
  } catch (const po::unknown_option& e) {
    std::vector<std::string> known;
    for (const auto& option : options.options()) known.push_back("--" + option->long_name());
    throw UsageError(std::string(e.what()) + did_you_mean(e.get_option_name(), known) +
                     "; usage: plab " + synopsis + " (see plab " + command + " --help)");
  } catch (const po::required_option& e) {
    // A missing positional argument: name it as the synopsis does (DIR, OUT), not by the
    // internal option (--dir, --out) nobody typed.
    const std::string missing = positional_missing(synopsis, options, positional, e);
    throw UsageError(
        (missing.empty() ? std::string(e.what()) : "plab " + command + " needs " + missing) +
        "; usage: plab " + synopsis + " (see plab " + command + " --help)");
  } catch (const po::error& e) {
    throw UsageError(std::string(e.what()) + "; usage: plab " + synopsis + " (see plab " + command +
                     " --help)");
  }
  return true;
}

void require_file_name(const std::string& what, const std::string& name,
                       const std::string& no_stream) {
  std::string why;
  if (name.empty()) why = "it is empty";
  if (name == "-")
    why = "'-' would be a file named '-' (" + no_stream + "; for a file of that name write ./-)";
  if (!why.empty())
    throw UsageError(what + " needs the name of a file: " + why + "; nothing was written");
}

std::vector<std::filesystem::path> plugin_dirs_option(const po::variables_map& vm) {
  std::vector<std::filesystem::path> dirs;
  if (vm.count("plugin-dir") != 0) {
    for (const auto& d : vm["plugin-dir"].as<std::vector<std::string>>()) {
      // A folder that is not there (a typo) would otherwise leave plab loading the plugins it
      // finds elsewhere, which need not be the ones meant.
      std::error_code ec;
      if (!std::filesystem::is_directory(d, ec)) {
        throw UsageError("--plugin-dir '" + d + "' " +
                         (std::filesystem::exists(d, ec) ? "is not a folder"
                                                         : "names no folder (it does not exist)") +
                         "; give a folder of plugins (*.so)");
      }
      dirs.emplace_back(d);
    }
  }
  return dirs;
}

void add_wide_option(po::options_description& options) {
  options.add_options()("wide",
                        "print the result tables whole; by default a table wider than 100 "
                        "columns is split into parts, each repeating point, sweep and learner");
}

std::size_t table_width_option(const po::variables_map& vm) {
  return vm.count("wide") != 0 ? 0 : kTableWidth;
}

std::vector<CommandLineChange> config_changes_option(const po::parsed_options& parsed) {
  std::vector<CommandLineChange> changes;
  for (const auto& option : parsed.options) {
    if (option.string_key != "set" && option.string_key != "sweep") continue;
    for (const std::string& value : option.value) {
      changes.push_back({option.string_key == "set" ? CommandLineChange::Kind::kSet
                                                    : CommandLineChange::Kind::kSweep,
                         value});
    }
  }
  return changes;
}

}  // namespace plab::cli
