#include "results/format/json_text.hpp"

#include "results/format/json_object_text.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <charconv>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace plab {
namespace {

TEST(JsonText, NumbersAreShortestRoundTrip) {
  boost::json::object o;
  o["a"] = 1.0;
  o["b"] = 0.1;
  o["c"] = 4.000000000000002;
  o["d"] = std::int64_t{-3};
  o["e"] = 1e-7;
  EXPECT_EQ(to_json_text(o), R"({"a":1,"b":0.1,"c":4.000000000000002,"d":-3,"e":1e-07})");
}

TEST(JsonText, NonFiniteBecomesNull) {
  boost::json::array a{std::numeric_limits<double>::quiet_NaN(),
                       std::numeric_limits<double>::infinity()};
  EXPECT_EQ(to_json_text(a), "[null,null]");
}

TEST(JsonText, StringsAreEscapedAndRoundTrip) {
  boost::json::object o;
  o["we\"ird\n"] = "tab\there";
  const std::string text = to_json_text(o);
  EXPECT_EQ(boost::json::parse(text), boost::json::value(o));
}

TEST(JsonText, DoublesRoundTripExactly) {
  // Checked with std::from_chars: Boost.JSON 1.81's own parser may be off by one ulp.
  const double values[] = {0.1 + 0.2, 1.0 / 3.0, 123456789.123456789, 5e-324};
  for (double v : values) {
    std::string s;
    append_json_number(s, v);
    double back = 0;
    std::from_chars(s.data(), s.data() + s.size(), back);
    EXPECT_EQ(back, v) << s;
  }
}

// The records' writer prints what append_json prints for the same members in the same
// order: escapes, non-ASCII text, nulls, non-finite numbers, counts near 2^64, arrays.
TEST(JsonObjectText, PrintsWhatAppendJsonPrintsForTheSameObject) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  boost::json::object params;
  params["/learners/0/params/eta"] = 0.1;
  params["/dataset/n\"ame"] = "caf\xc3\xa9";
  boost::json::object expected;
  expected["point"] = std::uint64_t{3};
  expected["learner"] = "tab\there \"quoted\" back\\slash \x01";
  expected["params"] = params;
  expected["big"] = std::numeric_limits<std::uint64_t>::max();
  expected["none"] = nullptr;
  expected["yes"] = true;
  expected["no"] = false;
  expected["x"] = 4.000000000000002;
  expected["inf"] = std::numeric_limits<double>::infinity();
  expected["caf\xc3\xa9 metric"] = -0.0;
  expected["w"] = boost::json::array{1.5, nan, -2.0};
  expected["counts"] = boost::json::array{std::uint64_t{0}, std::uint64_t{7}};
  expected["empty"] = boost::json::object{};
  std::string line;
  JsonObjectText o(line);
  o.count("point", 3);
  o.string("learner", "tab\there \"quoted\" back\\slash \x01");
  o.object("params", params);
  o.count("big", std::numeric_limits<std::uint64_t>::max());
  o.text("none", std::nullopt);
  o.flag("yes", true);
  o.flag("no", false);
  o.number("x", 4.000000000000002);
  o.number("inf", std::numeric_limits<double>::infinity());
  o.number("caf\xc3\xa9 metric", -0.0);
  const std::vector<double> w{1.5, nan, -2.0};
  o.numbers("w", w);
  const std::vector<std::uint64_t> counts{0, 7};
  o.counts("counts", counts);
  o.object("empty", boost::json::object{});
  o.close();
  EXPECT_EQ(line, to_json_text(expected));
  std::string nulls;
  JsonObjectText n(nulls);
  n.number("a", std::nullopt);
  n.count("b", std::nullopt);
  n.flag("c", std::nullopt);
  n.null("d");
  n.close();
  EXPECT_EQ(nulls, R"({"a":null,"b":null,"c":null,"d":null})");
}

}  // namespace
}  // namespace plab
