#include <gtest/gtest.h>

#include "config/json_file.hpp"
#include "config/json_pointer.hpp"
#include "error.hpp"

namespace plab {
namespace {

Json doc() { return parse_json_text(R"({"init": {"kind": "zero"}, "learners": [{"p": 1}]})", "t"); }

TEST(Override, ValueIsJsonOrABareString) {
  Json d = doc();
  apply_override(d, "/init/scale=0.5");
  apply_override(d, "/init/kind=gaussian");
  apply_override(d, "/learners/0/params={\"eta\": 2}");
  apply_override(d, "/init/flag=true");
  EXPECT_EQ(d["init"]["scale"], 0.5);
  EXPECT_EQ(d["init"]["kind"], "gaussian");
  EXPECT_EQ(d["learners"][0]["params"]["eta"], 2);
  EXPECT_EQ(d["init"]["flag"], true);
}

TEST(Override, MalformedOrDanglingPointersAreRefused) {
  Json d = doc();
  EXPECT_THROW(apply_override(d, "init/kind=zero"), UsageError);
  EXPECT_THROW(apply_override(d, "/init/kind"), UsageError);
  EXPECT_THROW(apply_override(d, "/protocol/max_epochs=3"), ConfigError);
  EXPECT_THROW(apply_override(d, "/learners/5/plugin=x"), ConfigError);
}

std::string error_of(Json d, const std::string& assignment) {
  try {
    apply_override(d, assignment);
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "";
}

// Found by the config fuzzer: a token that is no array index made nlohmann's own lookup throw
// its exception through the engine. Every such pointer is now a config error naming it.
TEST(Override, TokensThatAreNoArrayIndexAreConfigErrors) {
  EXPECT_NE(error_of(doc(), "/learners//p=1")
                .find("'' is not an index into the array at "
                      "'/learners'"),
            std::string::npos);
  EXPECT_NE(error_of(doc(), "/learners/01/p=1").find("'01' is not an index"), std::string::npos);
  EXPECT_NE(error_of(doc(), "/learners/-1=1").find("'-1' is not an index"), std::string::npos);
  EXPECT_NE(error_of(doc(), "/learners/1x/p=1").find("'1x' is not an index"), std::string::npos);
  EXPECT_NE(error_of(doc(), "/learners/0/p/q=1").find("'/learners/0/p' is the number 1"),
            std::string::npos);
  EXPECT_NE(error_of(doc(), "/learners/1=1").find("index 1 is past the end"), std::string::npos);
  Json d = doc();
  apply_override(d, "/learners/0=7");
  EXPECT_EQ(d["learners"][0], 7);
  apply_override(d, "/init/a~1b=1");  // "~1" is "/" inside a key
  EXPECT_EQ(d["init"]["a/b"], 1);
}

}  // namespace
}  // namespace plab
