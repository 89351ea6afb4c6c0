// A hostile-table row whose answer is also a file: the row's command is run as in
// hostile_table.hpp, after an optional step that plants links, FIFOs or folders, and then one
// file is looked at. After an answer of 0 it must hold a fragment; after a refusal it must be
// exactly as it was (`holds` is then its whole text), or absent when no text is named. No
// temporary file may be left in the row's folder either way.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <functional>
#include <ostream>
#include <string>
#include <utility>

#include "support/hostile_table.hpp"

namespace plab::test {

struct AnswerRow {
  HostileRow row;
  std::string file;   // relative to the row's folder ("" for none)
  std::string holds;  // after 0: a fragment of it; after a refusal: all of it ("" = absent)
  std::function<void(const TempDir&)> prepare = {};
};

inline std::ostream& operator<<(std::ostream& out, const AnswerRow& row) {
  return out << row.row.name;
}

inline void check_answer_row(const AnswerRow& row, const TempDir& dir) {
  if (row.prepare) row.prepare(dir);
  run_hostile_row(row.row, dir);
  if (!row.file.empty()) {
    const auto path = dir / row.file;
    if (row.row.exit_code == 0) {
      ASSERT_TRUE(std::filesystem::exists(path)) << row.file;
      const std::string text = read_file(path);
      EXPECT_NE(text.find(row.holds), std::string::npos) << row.file << ":\n" << text;
    } else if (row.holds.empty()) {
      EXPECT_FALSE(std::filesystem::exists(path)) << row.file << " was written";
    } else {
      EXPECT_EQ(read_file(path), row.holds) << row.file << " was changed";
    }
  }
  for (const auto& entry : std::filesystem::recursive_directory_iterator(dir.path()))
    EXPECT_EQ(entry.path().filename().string().find(".tmp"), std::string::npos) << entry.path();
}

}  // namespace plab::test
