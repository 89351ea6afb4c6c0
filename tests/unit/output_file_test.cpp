// An output file put in place whole: without --force a file that appears at the output's name
// while plab writes (another export or convert into the same new name) is kept, not replaced.
#include "base/output_file.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "error.hpp"
#include "support/temp_dir.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;

std::string contents(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::size_t files_in(const fs::path& dir) {
  std::size_t n = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir)) ++n;
  return n;
}

TEST(OutputFile, WithoutForceAFileMadeMeanwhileIsKeptAndNothingIsWritten) {
  test::TempDir dir;
  const fs::path out = dir / "runs.csv";
  {
    OutputFile file(out, false, "plab export");
    file.write("ours\n");
    std::ofstream(out) << "theirs\n";
    EXPECT_THROW(file.commit(), UsageError);
  }
  EXPECT_EQ(contents(out), "theirs\n");
  EXPECT_EQ(files_in(dir.path()), 1u) << "the temporary file is gone";
}

TEST(OutputFile, WithoutForceANewNameIsWritten) {
  test::TempDir dir;
  const fs::path out = dir / "runs.csv";
  {
    OutputFile file(out, false, "plab export");
    file.write("ours\n");
    file.commit();
  }
  EXPECT_EQ(contents(out), "ours\n");
  EXPECT_EQ(files_in(dir.path()), 1u);
}

TEST(OutputFile, WithForceAFileMadeMeanwhileIsReplaced) {
  test::TempDir dir;
  const fs::path out = dir / "runs.csv";
  {
    OutputFile file(out, true, "plab export");
    file.write("ours\n");
    std::ofstream(out) << "theirs\n";
    file.commit();
  }
  EXPECT_EQ(contents(out), "ours\n");
  EXPECT_EQ(files_in(dir.path()), 1u);
}

}  // namespace
}  // namespace plab
