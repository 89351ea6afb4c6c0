// plab convert IN OUT: a data file between CSV and svmlight (docs/data-formats.md).
#include <charconv>
#include <cstdio>

#include "base/interrupt.hpp"
#include "cli/options.hpp"
#include "data/format_convert.hpp"
#include "error.hpp"
#include "results/folder/enclosing_results_folder.hpp"

namespace plab::cli {

namespace {

DataFormat format_option(const po::variables_map& vm, const char* option,
                         const std::filesystem::path& file) {
  if (vm.count(option) != 0) {
    const std::string word = vm[option].as<std::string>();
    if (const auto format = format_named(word)) return *format;
    throw UsageError("--" + std::string(option) + " '" + word +
                     "' is not a data format; give csv or svmlight (libsvm)");
  }
  if (const auto format = format_of_file(file)) return *format;
  throw UsageError("cannot tell the format of '" + file.string() +
                   "' from its extension (.csv, or .svm, .svmlight, .libsvm); give --" + option +
                   " csv or --" + option + " svmlight");
}

}  // namespace

int convert_command(const Args& args) {
  po::options_description options("options");
  options.add_options()("in", po::value<std::string>()->required(), "the data file to read")(
      "out", po::value<std::string>()->required(), "the file to write")(
      "from", po::value<std::string>(),
      "the input's format: csv or svmlight (default: by extension)")(
      "to", po::value<std::string>(),
      "the output's format: csv or svmlight (default: by extension)")("force",
                                                                      "replace OUT if it exists")(
      "zero-based", "svmlight indices count from 0 (in the input and the output)")(
      "n-features", po::value<std::string>(),
      "svmlight input: the number of features (default: the largest index)")(
      "label", po::value<std::string>(),
      "CSV input: the label column, a header name or a 0-based index (default: the last)")(
      "labels", po::value<std::string>(),
      "svmlight output: 'as-is' (default: the labels as written, for the round trip) or "
      "'numeric' (-1/+1 for two classes, the second being +1, else 1..k, as LIBLINEAR and "
      "LIBSVM read them; the mapping goes to OUT.labels.json)");
  po::positional_options_description positional;
  positional.add("in", 1).add("out", 1);
  po::variables_map vm;
  if (!parse_options("convert",
                     "convert IN OUT [--from F] [--to F] [--labels as-is|numeric] [--force]", args,
                     options, positional, vm)) {
    return kExitSuccess;
  }
  // '-' is no standard stream here: the output is put in place whole at the end, and an
  // svmlight input (or any input with --labels numeric) is read twice.
  require_file_name("IN", vm["in"].as<std::string>(),
                    "plab convert reads a data file, not standard input");
  require_file_name("OUT", vm["out"].as<std::string>(),
                    "plab convert does not write to standard output");
  const std::filesystem::path in = vm["in"].as<std::string>();
  const std::filesystem::path out = vm["out"].as<std::string>();
  // A converted file never lands among a results folder's files (its runs.jsonl with --force).
  require_outside_results_folders("OUT", out);
  // Said first: a folder has no extension to tell its format by, and is no data file at all.
  if (std::error_code ec; std::filesystem::is_directory(in, ec)) {
    throw UsageError("IN '" + in.string() +
                     "' is a folder; plab convert reads one data file (CSV or svmlight)");
  }
  ConvertOptions convert;
  convert.from = format_option(vm, "from", in);
  convert.to = format_option(vm, "to", out);
  convert.force = vm.count("force") != 0;
  convert.zero_based = vm.count("zero-based") != 0;
  if (vm.count("n-features") != 0) {
    // Read as text: program_options would take "-3" as 2^64 − 3.
    const std::string text = vm["n-features"].as<std::string>();
    std::size_t width = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), width);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size() || width == 0 ||
        width > 0xFFFF'FFFEu) {
      throw UsageError("--n-features '" + text +
                       "' is not a number of features; give a whole number from 1 to 4294967294");
    }
    convert.n_features = width;
    if (convert.from != DataFormat::kSvmlight) {
      throw UsageError(
          "--n-features gives the width of an svmlight input; a CSV input's width is its "
          "columns");
    }
  }
  if (vm.count("label") != 0) {
    if (convert.from != DataFormat::kCsv) {
      throw UsageError(
          "--label names the label column of a CSV input; an svmlight file's label is the first "
          "word of each line");
    }
    const std::string label = vm["label"].as<std::string>();
    const bool digits =
        !label.empty() && label.find_first_not_of("0123456789") == std::string::npos;
    std::size_t index = 0;
    if (digits &&
        std::from_chars(label.data(), label.data() + label.size(), index).ec == std::errc()) {
      convert.csv.label_index = index;
    } else {
      convert.csv.label_name = label;
    }
  }
  if (vm.count("labels") != 0) {
    const std::string labels = vm["labels"].as<std::string>();
    if (labels != "as-is" && labels != "numeric") {
      throw UsageError("--labels '" + labels + "' is not as-is or numeric");
    }
    convert.numeric_labels = labels == "numeric";
  }
  // Ctrl-C or SIGTERM stops the conversion between rows and removes its temporary file (a
  // background job inherits SIGINT ignored; the handler catches it all the same).
  install_interrupt_handlers(SecondSignal::kNoted);
  const ConvertResult result = convert_data_file(in, out, convert);
  for (const std::string& note : result.notes)
    std::fprintf(stderr, "plab: note: %s\n", note.c_str());
  std::printf("converted %zu rows of %zu features: %s (%s) -> %s (%s)\n", result.rows,
              result.features, in.c_str(), format_name(convert.from), out.c_str(),
              format_name(convert.to));
  if (convert.numeric_labels) {
    std::printf("class labels: %s\n", numeric_labels_file(out).c_str());
  }
  return kExitSuccess;
}

}  // namespace plab::cli
