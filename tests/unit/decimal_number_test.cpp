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

}  // namespace
}  // namespace plab
