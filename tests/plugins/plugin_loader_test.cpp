// The loader's refusals, each against a real library built for the purpose.
#include <gtest/gtest.h>

#include "error.hpp"
#include "plugin_loader/plugin_locator.hpp"
#include "plugins/plugin_test_support.hpp"
#include "support/temp_dir.hpp"

namespace plab {
namespace {

std::string load_error(const std::filesystem::path& file) {
  try {
    PluginLibrary::load(file);
  } catch (const PluginError& e) {
    EXPECT_EQ(e.exit_code(), kExitPluginFailure);
    return e.what();
  }
  ADD_FAILURE() << file << " was accepted";
  return "";
}

TEST(PluginLoader, RefusesOtherAbiVersionNamingFileAndBothVersions) {
  const std::string file = std::string(PLAB_TEST_PLUGIN_DIR) + "/abi_mismatch.so";
  const std::string m = load_error(file);
  EXPECT_NE(m.find(file), std::string::npos) << m;
  EXPECT_NE(m.find("ABI version 100,"), std::string::npos) << m;
  EXPECT_NE(m.find("supports version " + std::to_string(kAbiVersion)), std::string::npos) << m;
}

TEST(PluginLoader, RefusesLibraryWithoutEntryPoints) {
  const std::string m = load_error(std::string(PLAB_TEST_PLUGIN_DIR) + "/no_entry_point.so");
  EXPECT_NE(m.find("not a perceptron-lab plugin"), std::string::npos) << m;
  EXPECT_NE(m.find("plab_descriptor"), std::string::npos) << m;
}

TEST(PluginLoader, RefusesFileThatIsNotASharedLibraryKeepingTheLoaderReason) {
  test::TempDir dir;
  const auto fake = dir.write("fake.so", "this is text, not ELF\n");
  const std::string m = load_error(fake);
  EXPECT_NE(m.find("could not be loaded as a shared library"), std::string::npos) << m;
  EXPECT_NE(m.find("fake.so"), std::string::npos) << m;
}

TEST(PluginLoader, RefusesMissingFile) {
  EXPECT_NE(load_error("/nonexistent/p.so").find("does not exist"), std::string::npos);
}

TEST(PluginLoader, FactoryExceptionBecomesAMessageNotACrash) {
  const auto plugin = test::load_fixture("throwing_factory");
  const Dataset data = test::binary_data({{1}}, {+1});
  const ParamSet params;
  const LearnerSetup setup{params, TaskKind::kBinary, 1, 2, 2};
  try {
    plugin->create(setup);
    FAIL();
  } catch (const PluginError& e) {
    EXPECT_NE(std::string(e.what()).find("fixture refuses to be created"), std::string::npos);
  }
}

TEST(PluginLocator, FindsByNameInOrderAndListsFoldersWhenMissing) {
  const std::vector<std::filesystem::path> dirs = {PLAB_TEST_PLUGIN_DIR, PLAB_PLUGIN_DIR};
  EXPECT_EQ(locate_plugin("perceptron", dirs),
            std::filesystem::path(PLAB_PLUGIN_DIR) / "perceptron.so");
  try {
    locate_plugin("nosuch", dirs);
    FAIL();
  } catch (const PluginError& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("'nosuch'"), std::string::npos) << m;
    EXPECT_NE(m.find(PLAB_TEST_PLUGIN_DIR), std::string::npos) << m;
    EXPECT_NE(m.find(PLAB_PLUGIN_DIR), std::string::npos) << m;
  }
}

TEST(PluginLocator, EnvironmentFoldersComeAfterCommandLineFolders) {
  setenv("PLAB_PLUGIN_PATH", "/env/a:/env/b", 1);
  const auto dirs = plugin_search_dirs({"/cli"});
  unsetenv("PLAB_PLUGIN_PATH");
  ASSERT_GE(dirs.size(), 4u);
  EXPECT_EQ(dirs[0], "/cli");
  EXPECT_EQ(dirs[1], "/env/a");
  EXPECT_EQ(dirs[2], "/env/b");
  EXPECT_EQ(dirs.back().filename(), "plugins");
}

}  // namespace
}  // namespace plab
