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

// results/ is split by purpose into folders of their own layers: the record formats may not
// reach up into the folder mechanics, and a file left directly in results/ has no layer.
TEST(LayeringCheck, RefusesAnIncludeThatRunsUpwardsNamingFileAndLine) {
  const test::TempDir tree;
  tree.write("framework/src/run/session.hpp", "#pragma once\n");
  tree.write("framework/src/results/format/manifest.hpp",
             "#pragma once\n\n#include \"run/session.hpp\"\n");
  tree.write("framework/src/results/folder/results_folder.hpp", "#pragma once\n");
  tree.write("framework/src/results/format/run_record.hpp",
             "#pragma once\n\n#include \"results/folder/results_folder.hpp\"\n");
  tree.write("framework/src/results/loose.hpp", "#pragma once\n");
  const test::ProcessResult r = check_layering(tree);
  EXPECT_EQ(r.exit_code, 1);
  for (const char* m :
       {"framework/src/results/format/manifest.hpp:3: includes \"run/session.hpp\": "
        "results/format (layer 5) may only include folders below it, and run is layer 11",
        "framework/src/results/format/run_record.hpp:3: includes "
        "\"results/folder/results_folder.hpp\": results/format (layer 5) may only include "
        "folders below it, and results/folder is layer 7",
        "framework/src/results/loose.hpp: folder 'results' has no layer"}) {
    EXPECT_NE(r.err.find(m), std::string::npos) << r.err;
  }
}

TEST(LayeringCheck, PassesIncludesThatRunDownwards) {
  const test::TempDir tree;
  tree.write("framework/src/results/folder/run_range.hpp", "#pragma once\n");
  tree.write("framework/src/run/session.hpp",
             "#pragma once\n\n#include \"results/folder/run_range.hpp\"\n#include \"error.hpp\"\n");
  tree.write("framework/src/error.hpp", "#pragma once\n");
  const test::ProcessResult r = check_layering(tree);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("every include runs downwards"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace plab
