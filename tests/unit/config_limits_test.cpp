// The scanner's edge cases (brackets and quotes inside strings and comments), the integer
// rule at its boundaries and the bare-word rule, below the binary (trust_config_test.cpp).
#include <gtest/gtest.h>

#include <functional>
#include <limits>

#include "config/command_line_value.hpp"
#include "config/json_file.hpp"
#include "config/json_integer.hpp"
#include "config/json_scan.hpp"
#include "error.hpp"

namespace plab {
namespace {

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

TEST(ConfigLimits, DepthCountsOnlyRealBrackets) {
  const std::string deep = std::string(257, '[') + std::string(257, ']');
  EXPECT_NE(error_of([&] { parse_json_text(deep, "t"); }).find("t:1:257: nested deeper"),
            std::string::npos);
  const std::string at_limit = std::string(256, '[') + std::string(256, ']');
  EXPECT_NO_THROW(parse_json_text(at_limit, "t"));
  // Brackets in strings and comments do not nest.
  const std::string quoted = "{\"a\": \"" + std::string(300, '[') + "\\\"\" // " +
                             std::string(300, '{') + "\n /* " + std::string(300, '[') + " */}";
  EXPECT_NO_THROW(parse_json_text(quoted, "t"));
}

TEST(ConfigLimits, NulBytesAreRefusedEvenInsideStrings) {
  const std::string text("{\"a\": \"x\0y\"}", 12);
  EXPECT_NE(error_of([&] { parse_json_text(text, "t"); }).find("t:1:9: a NUL byte"),
            std::string::npos);
}

TEST(ConfigLimits, DuplicateKeysPerObjectDecodedAndNotInStringsOrComments) {
  EXPECT_NE(error_of([] {
              parse_json_text("{\"a\": 1,\n \"a\": 2}", "t");
            }).find("t:2:2: the key \"a\" appears twice in one object (first at 1:2)"),
            std::string::npos);
  EXPECT_NE(error_of([] {
              parse_json_text(R"({"x": {"a/b": 1, "a\/b": 2}})", "t");
            }).find("\"a/b\" appears twice"),
            std::string::npos);
  // Same key in sibling objects, a key-like string as a value, keys in comments: fine.
  EXPECT_NO_THROW(parse_json_text(R"([{"a": 1}, {"a": 2}, {"b": "a", "a": "b"}])", "t"));
  EXPECT_NO_THROW(parse_json_text("{\"a\": 1, // \"a\": 2\n \"b\": [\"a\", \"a\"]}", "t"));
  EXPECT_NO_THROW(parse_json_text(R"({"a": {"a": {"a": 1}}})", "t"));
}

TEST(ConfigLimits, IntegersAreExactValuesInRange) {
  EXPECT_EQ(exact_int64(Json::parse("1e2")), 100);
  EXPECT_EQ(exact_int64(Json::parse("100.0")), 100);
  EXPECT_EQ(exact_int64(Json::parse("-9223372036854775808")),
            std::numeric_limits<std::int64_t>::min());
  EXPECT_EQ(exact_int64(Json::parse("9223372036854775807")),
            std::numeric_limits<std::int64_t>::max());
  EXPECT_FALSE(exact_int64(Json::parse("9223372036854775808")));
  EXPECT_FALSE(exact_int64(Json::parse("9.223372036854775808e18")));  // 2^63 as a double
  EXPECT_FALSE(exact_int64(Json::parse("2.5")));
  EXPECT_FALSE(exact_int64(Json::parse("\"3\"")));
  EXPECT_EQ(exact_uint64(Json::parse("18446744073709551615")),
            std::numeric_limits<std::uint64_t>::max());
  EXPECT_EQ(exact_uint64(Json::parse("1e19")), 10000000000000000000ull);
  EXPECT_FALSE(exact_uint64(Json::parse("1.8446744073709552e19")));  // 2^64
  EXPECT_FALSE(exact_uint64(Json::parse("-1")));
  EXPECT_EQ(exact_uint64(Json::parse("-0.0")), 0u);
}

TEST(ConfigLimits, OnlyBareWordsBecomeStrings) {
  EXPECT_EQ(parse_command_line_value("gaussian", "o"), "gaussian");
  EXPECT_EQ(parse_command_line_value("../data/x.csv", "o"), "../data/x.csv");
  EXPECT_EQ(parse_command_line_value("/abs/x.csv", "o"), "/abs/x.csv");
  EXPECT_EQ(parse_command_line_value("a-b_c.d", "o"), "a-b_c.d");
  EXPECT_EQ(parse_command_line_value("1e2", "o"), 100.0);
  EXPECT_EQ(parse_command_line_value("\"a b\"", "o"), "a b");
  EXPECT_EQ(parse_command_line_value("null", "o"), Json());
  for (const std::string bad :
       {"1,5", "[1", "{", "\"x", "True", "NULL", "", "a b", ".5", "-x", "1x", "a,b"}) {
    const std::string e = error_of([&] { parse_command_line_value(bad, "--set /p=" + bad); });
    EXPECT_NE(e.find("--set /p=" + bad), std::string::npos) << bad << ": " << e;
  }
}

}  // namespace
}  // namespace plab
