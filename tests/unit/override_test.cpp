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

}  // namespace
}  // namespace plab
