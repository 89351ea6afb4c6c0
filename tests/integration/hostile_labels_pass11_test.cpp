// Labels against a hostile user, pass eleven: numbers spelt by value (5e-1, +.5, 007, 1E+3,
// -0.0e-0, exponents with many leading zeros), numbers a double cannot tell apart (the
// neighbours of DBL_MAX, the smallest subnormal written two ways, 1e-400 beside 0, 30-digit
// integers), text that looks numeric (1e, 1_000, Arabic-Indic and full-width digits, '.',
// signs alone), invisible and non-ASCII names, quoted labels, positive lists spelt otherwise,
// and svmlight lines with qid, comments, no features or no label (docs/data-formats.md,
// "Labels"). Each row has its exit code and a fragment of the answer; after 0 the manifest
// holds the classes as plab orders and spells them.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "support/label_rows.hpp"

namespace plab {
namespace {

using test::AnswerRow;
using Args = std::vector<std::string>;

// The binary perceptron on d.csv of `labels`, with `sets` applied to the config.
AnswerRow binary(std::string name, const std::vector<std::string>& labels, Args sets, int exit_code,
                 std::string fragment, std::string classes = "") {
  return test::run_on_labels(std::move(name), "perceptron", "d.csv", test::label_table(labels),
                             std::move(sets), exit_code, std::move(fragment), std::move(classes));
}

// The binary perceptron on d.svm holding `lines`.
AnswerRow lines(std::string name, std::string text, int exit_code, std::string fragment,
                std::string classes = "") {
  return test::run_on_labels(std::move(name), "perceptron", "d.svm", std::move(text), {}, exit_code,
                             std::move(fragment), std::move(classes));
}

// The refusal of a binary learner on two classes, listed as plab spells and orders them.
std::string two(const std::string& first, const std::string& second) {
  return "but the data set's 2 classes ('" + first + "', '" + second + "') are not -1/+1 or 0/1";
}

std::string three(const std::string& list) { return "the data set has 3 classes (" + list + ")"; }

std::string positive(const std::string& name) { return R"({"name":")" + name + R"(","count":2})"; }

const std::vector<AnswerRow>& rows() {
  static const std::vector<AnswerRow> all = {
      // numbers compared by their exact value
      binary("a_half_as_5e_minus_1", {"0.5", "5e-1", "-1", "-1.0"}, {}, 2, two("-1", "0.5")),
      binary("halves_with_signs_and_bare_points", {"+.5", "0.50", "-.5", "-0.5e0"}, {}, 2,
             two("-.5", "+.5")),
      binary("sevens_with_leading_zeros", {"007", "7", "-007", "-7.000"}, {}, 2,
             two("-007", "007")),
      binary("thousands_by_exponent", {"1E+3", "1000", "2e3", "2000."}, {}, 2, two("1E+3", "2e3")),
      binary("zero_with_a_sign_and_exponent", {"-0.0e-0", "+0", "1", "1"}, {}, 0, "",
             R"("classes":[{"name":"0","count":2},{"name":"1","count":2}])"),
      binary("ten_with_25_exponent_digits", {"1e0000000000000000000000001", "10", "1", "1"}, {}, 2,
             two("1", "1e0000000000000000000000001")),
      binary("the_neighbours_of_dbl_max", {"1.7976931348623157e308", "1.7976931348623158e308", "1"},
             {}, 2, three("'1', '1.7976931348623157e308', '1.7976931348623158e308'")),
      binary("the_smallest_subnormal_two_ways", {"4.9e-324", "5e-324", "0", "0"}, {}, 2,
             three("'0', '4.9e-324', '5e-324'")),
      binary("below_a_double_is_not_zero", {"1e-400", "0", "1e-400", "0"}, {}, 2,
             two("0", "1e-400")),
      binary("thirty_digit_integers",
             {"123456789012345678901234567890", "123456789012345678901234567891", "1", "1"}, {}, 2,
             three("'1', '123456789012345678901234567890', '123456789012345678901234567891'")),
      binary("a_point_before_an_exponent", {"1.e5", "100000", "-.e1", "1"}, {}, 2,
             three("'1.e5', '-.e1', '1'")),
      // text that looks like a number
      binary("an_exponent_without_digits", {"1e", "1", "1e", "1"}, {}, 2, two("1e", "1")),
      binary("digits_with_an_underscore", {"1_000", "1000", "1_000", "1000"}, {}, 2,
             two("1_000", "1000")),
      binary("arabic_indic_one", {"\u0661", "1", "\u0661", "1"}, {}, 2, two("\u0661", "1")),
      binary("full_width_one", {"\uff11", "1", "\uff11", "1"}, {}, 2, two("\uff11", "1")),
      binary("a_point_alone", {".", "1", ".", "1"}, {}, 2, two(".", "1")),
      binary("signs_alone", {"+", "-", "+", "-"}, {}, 2, two("+", "-")),
      binary("a_zero_width_space", {"\u200b1", "1", "\u200b1", "1"}, {}, 2, two("\u200b1", "1")),
      // names
      binary("upper_and_lower_case", {"A", "a", "A", "a"}, {}, 2, two("A", "a")),
      binary("emoji", {"\U0001F600", "\U0001F601", "\U0001F600"}, {}, 2,
             two("\U0001F600", "\U0001F601")),
      binary("hebrew_letters", {"\u05d0", "\u05d1", "\u05d0", "\u05d1"}, {}, 2,
             two("\u05d0", "\u05d1")),
      binary("nan_in_two_cases", {"NaN", "nan", "NaN", "nan"}, {}, 2, two("NaN", "nan")),
      binary("infinity_spelt_out", {"Infinity", "-Infinity", "Infinity"}, {}, 2,
             two("Infinity", "-Infinity")),
      binary("quoted_comma_and_quoted_space", {R"("x,y")", R"("x y")", R"("x,y")"}, {}, 2,
             two("x,y", "x y")),
      binary("quoted_one_is_one", {R"("1")", "1", R"("1")", "1"}, {}, 0, "",
             R"("classes":[{"name":"-1","count":0},{"name":"1","count":4}])"),
      binary("quoted_space_before_one", {R"(" 1")", "1", R"(" 1")", "1"}, {}, 2, two(" 1", "1")),
      binary("a_number_and_a_name", {"1", "cat", "1.0", "cat"}, {}, 2, two("1", "cat")),
      binary("two_before_ten", {"2", "10", "2", "10"}, {}, 2, two("2", "10")),
      binary("names_in_the_order_seen", {"b", "a", "b", "a"}, {}, 2, two("b", "a")),
      binary("three_values_six_spellings", {"-1", "1", "+1", "-1.0", "3", "3e0"}, {}, 2,
             three("'-1', '1', '3'")),
      binary("a_cut_utf8_sequence", {"\xc3\xa9", "\xc3", "\xc3\xa9", "\xc3"}, {}, 2,
             "byte 0xC3 is not UTF-8"),
      // positive lists spelt otherwise than the data
      binary("positive_5e_minus_1", {"0.5", "5e-1", "-1", "-1.0"},
             {R"(/dataset/positive=["5e-1"])"}, 0, "", positive("5e-1")),
      binary("positive_plus_0_5", {"+.5", "0.50", "-.5", "-0.5e0"},
             {R"(/dataset/positive=["+0.5"])"}, 0, "", positive("+0.5")),
      binary("positive_1000_point_0", {"1E+3", "1000", "2e3", "2000."},
             {R"(/dataset/positive=["1000.0"])"}, 0, "", positive("1000.0")),
      binary("positive_a_hexadecimal_name", {"0x1", "1", "0x1", "1"},
             {R"(/dataset/positive=["0x1"])"}, 0, "", positive("0x1")),
      binary("positive_1e0_beside_1e", {"1e", "1", "1e", "1"}, {R"(/dataset/positive=["1e0"])"}, 0,
             "", positive("1e0")),
      binary("positive_one_value_two_spellings", {"1", "cat", "1.0", "cat"},
             {R"(/dataset/positive=["1.0","1"])"}, 2,
             "class '1.0' is listed twice in 'positive' (also as '1')"),
      // svmlight lines
      lines("svm_signs_points_exponents", "1.0 1:1 2:2\n-1e0 1:2 2:1\n+1 1:3 2:1\n-1 1:1 2:3\n", 0,
            "", R"("classes":[{"name":"-1","count":2},{"name":"1","count":2}])"),
      lines("svm_a_tenth_two_ways", "0.1 1:1\n0.10000000000000000001 1:2\n0.1 1:3\n", 2,
            two("0.1", "0.10000000000000000001")),
      lines("svm_nan_and_inf_labels", "nan 1:1\ninf 1:2\nnan 1:3\n", 2, two("nan", "inf")),
      lines("svm_beyond_a_double", "1e999 1:1\n2 1:2\n1e999 1:3\n", 2, two("2", "1e999")),
      lines("svm_qid", "1 qid:3 1:1\n2 qid:3 1:2\n1 qid:4 1:3\n", 2, two("1", "2")),
      lines("svm_comments_with_and_without_space", "1 1:1 # one\n2 1:2 #two\n1 1:3#c\n", 2,
            two("1", "2")),
      lines("svm_lines_without_features", "1\n2 1:2\n1 1:3\n2\n", 2, two("1", "2")),
      lines("svm_no_label", "1:1 2:2\n2 1:2\n", 2, "'1:1' comes where the label should be"),
      lines("svm_zero_with_signs", "+0 1:1\n-0 1:2\n1 1:3\n1 1:4\n", 0, "",
            R"("classes":[{"name":"0","count":2},{"name":"1","count":2}])"),
      lines("svm_an_exponent_of_16_digits", "1e1234567890123456 1:1\n2 1:2\n", 2,
            "is a number whose exponent has more than 15 digits"),
      lines("svm_emoji_label", "\U0001F600 1:1\nx 1:2\n\U0001F600 1:3\n", 2,
            two("\U0001F600", "x")),
      lines("svm_index_zero", "1 0:1\n2 1:2\n", 2,
            "feature index 0 in a file whose indices count from 1"),
      lines("svm_a_value_beyond_a_double", "1 1:1e400\n2 1:2\n", 2,
            "'1e400' (feature 1) is beyond the range of a double"),
      lines("svm_trailing_spaces", "1 1:1 \n2 1:2  \n1 1:3\n", 2, two("1", "2")),
  };
  return all;
}

class HostileLabelsPass11 : public ::testing::TestWithParam<AnswerRow> {};

TEST_P(HostileLabelsPass11, GetsAClearAnswer) {
  const test::TempDir dir;
  EXPECT_NO_FATAL_FAILURE(test::check_answer_row(GetParam(), dir));
}

INSTANTIATE_TEST_SUITE_P(Inputs, HostileLabelsPass11, ::testing::ValuesIn(rows()),
                         [](const auto& info) { return info.param.row.name; });

}  // namespace
}  // namespace plab
