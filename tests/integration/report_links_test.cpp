// plab report writes its figures only inside the results folder: symbolic links and FIFOs
// planted in DIR/plots/ (or DIR/plots itself a link), as a folder received from someone else
// may hold, are replaced by the report's files, and the files links point to keep their bytes.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <string>

#include "support/export_folders.hpp"
#include "support/process.hpp"
#include "support/temp_dir.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;
using test::read_file;
using test::run_plab;

TEST(ReportLinks, FiguresAreNotWrittenThroughLinksPlantedInPlots) {
  test::TempDir dir;
  const fs::path folder = test::run_tiny(dir, "r", test::tiny_config("17", test::kClassicLearner));
  fs::create_directory(folder / "plots");
  // One victim per kind of file: the data and script plab writes, the SVG and PNG gnuplot
  // writes, and gnuplot's error log.
  const char* const files[] = {"mistakes_strip.dat", "mistakes_strip.gp", "mistakes_strip.svg",
                               "mistakes_vs_bound.png", "mistakes_vs_bound.log"};
  for (const char* name : files) {
    dir.write(std::string("victim-") + name, std::string("precious ") + name + "\n");
    fs::create_symlink(dir / (std::string("victim-") + name), folder / "plots" / name);
  }
  const auto r = run_plab({"report", folder.string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const char* name : files) {
    EXPECT_EQ(read_file(dir / (std::string("victim-") + name)),
              std::string("precious ") + name + "\n")
        << name << " was written through its link";
  }
  for (const char* name :
       {"mistakes_strip.dat", "mistakes_strip.gp", "mistakes_strip.svg", "mistakes_vs_bound.png"}) {
    const fs::path drawn = folder / "plots" / name;
    EXPECT_TRUE(fs::is_regular_file(fs::symlink_status(drawn))) << drawn;
    EXPECT_GT(fs::file_size(drawn), 0u) << drawn;
  }
  EXPECT_FALSE(fs::exists(fs::symlink_status(folder / "plots" / "mistakes_vs_bound.log")))
      << "gnuplot's log is removed after a figure drawn without error";
  EXPECT_NE(read_file(folder / "report.md").find("plots/mistakes_strip.png"), std::string::npos);
}

TEST(ReportLinks, PlotsFolderThatIsALinkIsReplacedByAFolder) {
  test::TempDir dir;
  const fs::path folder = test::run_tiny(dir, "r", test::tiny_config("23", test::kEtaLearner));
  fs::create_directory(dir / "elsewhere");
  dir.write("elsewhere/mistakes_strip.svg", "mine\n");
  fs::create_directory_symlink(dir / "elsewhere", folder / "plots");
  const auto r = run_plab({"report", folder.string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(read_file(dir / "elsewhere" / "mistakes_strip.svg"), "mine\n");
  std::size_t outside = 0;
  for (const auto& entry : fs::directory_iterator(dir / "elsewhere")) {
    (void)entry;
    ++outside;
  }
  EXPECT_EQ(outside, 1u) << "figures were written outside the results folder";
  EXPECT_FALSE(fs::is_symlink(fs::symlink_status(folder / "plots")));
  EXPECT_TRUE(fs::is_regular_file(fs::symlink_status(folder / "plots" / "mistakes_strip.svg")));
}

// A FIFO in a figure's place: opened for writing, it would block until a reader came, and
// the report would wait for ever. It is removed as a link is.
TEST(ReportLinks, FifosPlantedInPlotsAreReplacedNotWaitedOn) {
  test::TempDir dir;
  const fs::path folder = test::run_tiny(dir, "r", test::tiny_config("4", test::kClassicLearner));
  fs::create_directory(folder / "plots");
  for (const char* name : {"mistakes_strip.dat", "mistakes_strip.log", "mistakes_vs_bound.svg"})
    ASSERT_EQ(mkfifo((folder / "plots" / name).c_str(), 0600), 0) << name;
  const auto r = run_plab({"report", folder.string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const char* name : {"mistakes_strip.dat", "mistakes_vs_bound.svg"}) {
    const fs::path drawn = folder / "plots" / name;
    EXPECT_TRUE(fs::is_regular_file(fs::symlink_status(drawn))) << drawn;
  }
  EXPECT_FALSE(fs::exists(fs::symlink_status(folder / "plots" / "mistakes_strip.log")));
}

}  // namespace
}  // namespace plab
