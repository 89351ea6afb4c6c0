// Messages that were right to refuse but said too little: a positive class that looks like a
// label but is written in other code points (Unicode normalization), and plab report DB --out
// without --query, which spoke of folders only.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "support/process.hpp"
#include "support/temp_dir.hpp"
#include "support/troubleshooting.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;
using test::run_plab;

// "café" precomposed (U+00E9) in the data; the config asks for 'e' and a combining acute
// accent (U+0065 U+0301), which prints the same.
TEST(WeakMessages, APositiveClassInOtherCodePointsIsSpelledOut) {
  test::TempDir dir;
  dir.write("d.csv", "x,y,label\n2,1,caf\xC3\xA9\n1,2,na\xC3\xAFve\n3,1,caf\xC3\xA9\n1,3,up\n");
  const fs::path config = dir.write("c.json", R"({"name": "u", "seed": 1, "repeats": 1,
    "dataset": {"kind": "csv", "path": "d.csv", "label": "label", "positive": ["cafe\u0301"]},
    "learners": [{"plugin": "perceptron"}], "protocol": {"max_epochs": 5}})");
  const auto r = run_plab({"run", config.string(), "--plan"});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("does not occur in the labels"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("labels are compared byte for byte, without Unicode normalization"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("'cafe\xCC\x81' is U+0063 U+0061 U+0066 U+0065 U+0301"), std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("the label 'caf\xC3\xA9' is U+0063 U+0061 U+0066 U+00E9"), std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("the label 'na\xC3\xAFve' is U+006E U+0061 U+00EF U+0076 U+0065"),
            std::string::npos)
      << r.err;
  EXPECT_TRUE(test::in_troubleshooting("without Unicode normalization"));
  // An ASCII class that is missing gets no code points.
  const auto plain =
      run_plab({"run", config.string(), "--set", "/dataset/positive=[\"down\"]", "--plan"});
  EXPECT_EQ(plain.exit_code, 2) << plain.err;
  EXPECT_EQ(plain.err.find("U+"), std::string::npos) << plain.err;
}

TEST(WeakMessages, ReportOfADatabaseWithOutButNoQueryNamesQuery) {
  test::TempDir dir;
  const fs::path db = dir.write("runs.db", "");
  const auto r = run_plab({"report", db.string(), "--out", (dir / "o").string()});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("'" + db.string() +
                       "' is a file: to compare a database's runs, give "
                       "--query SQL"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("plab report DB --query SQL --out OUT"), std::string::npos) << r.err;
  EXPECT_TRUE(
      test::in_troubleshooting("is a file: to compare a database's runs, give --query SQL"));
  EXPECT_FALSE(fs::exists(dir / "o"));
  // A folder keeps the answer about folders.
  const auto d = run_plab({"report", dir.path().string(), "--out", (dir / "o").string()});
  EXPECT_EQ(d.exit_code, 2) << d.err;
  EXPECT_NE(d.err.find("plab report DIR writes into DIR"), std::string::npos) << d.err;
}

}  // namespace
}  // namespace plab
