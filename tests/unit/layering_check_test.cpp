// scripts/check-layering (ctest `layering`) on small source trees of its own: it must refuse
// an include that runs upwards, naming file:line, and pass one that runs downwards, so that
// the test `layering` passing on the real tree means something.
#include <gtest/gtest.h>

#include <string>

#include "support/process.hpp"
#include "support/temp_dir.hpp"

namespace plab {
namespace {

test::ProcessResult check_layering(const test::TempDir& tree) {
  return test::run_process("/bin/bash", {std::string(PLAB_SOURCE_DIR) + "/scripts/check-layering",
                                         tree.path().string()});
}

TEST(LayeringCheck, RefusesAnIncludeThatRunsUpwardsNamingFileAndLine) {
  const test::TempDir tree;
  tree.write("framework/src/run/session.hpp", "#pragma once\n");
  tree.write("framework/src/results/manifest.hpp",
             "#pragma once\n\n#include \"run/session.hpp\"\n");
  const test::ProcessResult r = check_layering(tree);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("framework/src/results/manifest.hpp:3: includes \"run/session.hpp\": "
                       "results (layer 5) may only include folders below it, and run is layer 8"),
            std::string::npos)
      << r.err;
}

TEST(LayeringCheck, PassesIncludesThatRunDownwards) {
  const test::TempDir tree;
  tree.write("framework/src/results/run_range.hpp", "#pragma once\n");
  tree.write("framework/src/run/session.hpp",
             "#pragma once\n\n#include \"results/run_range.hpp\"\n#include \"error.hpp\"\n");
  tree.write("framework/src/error.hpp", "#pragma once\n");
  const test::ProcessResult r = check_layering(tree);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("every include runs downwards"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace plab
