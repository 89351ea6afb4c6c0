// The shared folder of the export and query tables: folder a (learners classic and eta, seed 7,
// two sweep points of three repeats) and q.db, its export; each made on first use.
#pragma once

#include <gtest/gtest.h>

#include "support/export_folders.hpp"
#include "support/shared_files.hpp"

namespace plab::test {

inline SharedFiles& classic_eta_export() {
  static SharedFiles files(
      {{"a",
        {{},
         [](const TempDir& dir) {
           run_tiny(dir, "a", tiny_config("7", kClassicLearner + ", " + kEtaLearner));
         }}},
       {"q.db", {{"a"}, [](const TempDir& dir) {
                   const auto r = run_plab(
                       {"export", (dir / "a").string(), "--sqlite", (dir / "q.db").string()});
                   EXPECT_EQ(r.exit_code, 0) << r.err;
                 }}}});
  return files;
}

}  // namespace plab::test
