#include "data/decimal_number.hpp"

#include <gtest/gtest.h>

#include <string>

namespace plab {
namespace {

TEST(DecimalNumber, ReadsWholeNumbersWithAnOptionalPlus) {
  double v = 0;
  EXPECT_EQ(read_decimal("+1.5", v), DecimalRead::kNumber);
  EXPECT_EQ(v, 1.5);
  EXPECT_EQ(read_decimal("-2e-3", v), DecimalRead::kNumber);
  EXPECT_EQ(v, -2e-3);
  for (const char* bad : {"", "+", "1.5x", "x", "1 ", "--1", "0x10"}) {
    EXPECT_EQ(read_decimal(bad, v), DecimalRead::kNotANumber) << bad;
  }
}

TEST(DecimalNumber, SubnormalsAreNumbersButUnderflowAndOverflowAreNamedApart) {
  double v = 0;
  EXPECT_EQ(read_decimal("1e-310", v), DecimalRead::kNumber);  // subnormal: held
  EXPECT_EQ(v, 1e-310);
  EXPECT_EQ(read_decimal("1e999", v), DecimalRead::kTooLarge);
  EXPECT_EQ(read_decimal("-1e999", v), DecimalRead::kTooLarge);
  EXPECT_EQ(read_decimal("1e-400", v), DecimalRead::kTooSmall);
  EXPECT_EQ(read_decimal("-0." + std::string(400, '0') + "1", v), DecimalRead::kTooSmall);
  EXPECT_NE(std::string(out_of_range_reason(DecimalRead::kTooLarge)).find("beyond the range"),
            std::string::npos);
  EXPECT_NE(std::string(out_of_range_reason(DecimalRead::kTooSmall)).find("too small"),
            std::string::npos);
}

ExactDecimal exact(const char* text) {
  ExactDecimal v;
  EXPECT_EQ(read_exact_decimal(text, v), ExactRead::kNumber) << text;
  return v;
}

TEST(ExactDecimal, SpellingsOfOneValueAreEqual) {
  for (const char* one : {"1", "+1", "1.0", "1e0", "10e-1", "0.1e1", "1.", "001.000"}) {
    EXPECT_EQ(exact(one), exact("1")) << one;
    EXPECT_TRUE(exact(one).is_one()) << one;
  }
  EXPECT_EQ(exact("-0"), exact("0"));
  EXPECT_EQ(exact(".5"), exact("0.5"));
  EXPECT_TRUE(exact("-0.000e7").is_zero());
}

TEST(ExactDecimal, ValuesADoubleMergesStayApart) {
  EXPECT_NE(exact("9007199254740993"), exact("9007199254740992"));
  EXPECT_LT(exact("9007199254740992"), exact("9007199254740993"));
  EXPECT_NE(exact("0.1"), exact("0.10000000000000000001"));
  EXPECT_LT(exact("0.1"), exact("0.10000000000000000001"));
  EXPECT_LT(exact("-2"), exact("-1"));
  EXPECT_LT(exact("-1"), exact("0"));
  EXPECT_LT(exact("0"), exact("1e-400"));
  EXPECT_LT(exact("0.13"), exact("0.2"));
  EXPECT_LT(exact("99"), exact("1e999"));
  EXPECT_EQ(exact("-1").key(), "-1e1");
}

TEST(ExactDecimal, NamesAndHugeExponentsAreNotNumbers) {
  ExactDecimal v;
  for (const char* name : {"", "+", "-", ".", "e5", "1e", "1e+", "inf", "nan", "0x10", "1 ", "1,5"})
    EXPECT_EQ(read_exact_decimal(name, v), ExactRead::kNotANumber) << name;
  EXPECT_EQ(read_exact_decimal("1e1234567890123456", v), ExactRead::kHugeExponent);
  EXPECT_EQ(read_exact_decimal("1e000000000000000000001", v), ExactRead::kNumber);  // zeros lead
  EXPECT_EQ(v, exact("10"));
}

}  // namespace
}  // namespace plab
