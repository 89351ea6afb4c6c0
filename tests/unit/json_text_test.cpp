#include "results/json_text.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <charconv>
#include <limits>

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

}  // namespace
}  // namespace plab
