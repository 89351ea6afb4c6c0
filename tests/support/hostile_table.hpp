// A row of a hostile-input table: files written into a fresh folder, one plab command run
// there, and what its answer must hold (exit code and a fragment of stderr or stdout). The
// tables of hostile_config_test.cpp, hostile_data_test.cpp and hostile_folders_test.cpp share
// it; "{D}" in a file's text or an argument stands for the folder.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "support/process.hpp"
#include "support/temp_dir.hpp"

namespace plab::test {

struct HostileRow {
  std::string name;  // the test's name: letters, digits and '_'
  std::vector<std::pair<std::string, std::string>> files;  // name, text
  std::vector<std::string> args;
  int exit_code;
  std::string fragment;          // in stderr or stdout
  std::vector<std::string> env;  // extra "NAME=value"
};

inline std::ostream& operator<<(std::ostream& out, const HostileRow& row) {
  return out << row.name;
}

// `text` with each `marker` replaced by `folder`.
inline std::string with_folder(std::string text, const std::string& folder,
                               const std::string& marker = "{D}") {
  for (auto at = text.find(marker); at != std::string::npos; at = text.find(marker, at))
    text.replace(at, marker.size(), folder);
  return text;
}

// Writes the row's files into `dir`, runs its command there and checks the answer: the exit
// code, the fragment, never an internal error, and no folder `out` left by a refusal.
inline ProcessResult run_hostile_row(const HostileRow& row, const TempDir& dir) {
  const std::string folder = dir.path().string();
  for (const auto& [name, text] : row.files) {
    std::filesystem::create_directories((dir / name).parent_path());
    dir.write(name, with_folder(text, folder));
  }
  std::vector<std::string> args;
  for (const auto& arg : row.args) args.push_back(with_folder(arg, folder));
  const ProcessResult r = run_plab(args, folder, row.env);
  EXPECT_EQ(r.exit_code, row.exit_code) << r.err << r.out;
  EXPECT_NE((r.err + r.out).find(row.fragment), std::string::npos)
      << "expected '" << row.fragment << "' in:\n"
      << r.err << r.out;
  EXPECT_EQ(r.err.find("internal error"), std::string::npos) << r.err;
  if (row.exit_code != 0) {
    EXPECT_FALSE(std::filesystem::exists(dir / "out")) << "a folder was left";
  }
  return r;
}

}  // namespace plab::test
