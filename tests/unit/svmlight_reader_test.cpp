// The svmlight reader's rows and summary, and the streamed read against the whole-text parse
// at every small chunk size (a line split anywhere between two chunks).
#include <gtest/gtest.h>

#include <cstdio>

#include "data/svmlight_reader.hpp"
#include "error.hpp"

namespace plab {
namespace {

struct Row {
  std::string label;
  std::vector<std::uint32_t> indices;
  std::vector<double> values;
  std::size_t line;
  bool operator==(const Row&) const = default;
};

SvmlightRowSink collect(std::vector<Row>& rows) {
  return [&rows](const SvmlightRow& r) {
    rows.push_back(Row{std::string(r.label),
                       {r.indices.begin(), r.indices.end()},
                       {r.values.begin(), r.values.end()},
                       r.line});
  };
}

const std::string kText =
    "\xEF\xBB\xBF# a comment line\r\n"
    "+1 qid:4 1:0.5 3:-2e-3\r\n"
    "\n"
    "cat\t2:+7 10:0 # 11:x is a comment\n"
    "   -1   \n"
    "-1 qid:4 4:1e300";

TEST(SvmlightReader, RowsCarryTheLabelTextZeroBasedIndicesAndTheLine) {
  std::vector<Row> rows;
  const SvmlightSummary s = parse_svmlight(kText, "t.svm", {}, collect(rows));
  const std::vector<Row> expected = {{"+1", {0, 2}, {0.5, -2e-3}, 2},
                                     {"cat", {1, 9}, {7.0, 0.0}, 4},
                                     {"-1", {}, {}, 5},
                                     {"-1", {3}, {1e300}, 6}};
  EXPECT_EQ(rows, expected);
  EXPECT_EQ(s.rows, 4u);
  EXPECT_EQ(s.features, 10u);
  EXPECT_EQ(s.largest_index, 9u);
  EXPECT_EQ(s.qid_lines, 2u);
  ASSERT_EQ(s.notes.size(), 1u);
  EXPECT_NE(s.notes[0].find("t.svm: qid: on 2 lines is ignored"), std::string::npos);
  EXPECT_EQ(s.sha256.size(), 64u);
}

TEST(SvmlightReader, ZeroBasedAndADeclaredWidth) {
  std::vector<Row> rows;
  SvmlightOptions options;
  options.zero_based = true;
  options.n_features = 50;
  const SvmlightSummary s = parse_svmlight("1 0:1 7:2\n", "t.svm", options, collect(rows));
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].indices, (std::vector<std::uint32_t>{0, 7}));
  EXPECT_EQ(s.features, 50u);
  EXPECT_TRUE(s.notes.empty());
}

TEST(SvmlightReader, TheLargestIndexIsAccepted) {
  std::vector<Row> rows;
  // n_features <= 2^32 - 2, so that the bias column still fits a 32-bit column index.
  const SvmlightSummary s = parse_svmlight("1 4294967294:1\n", "t.svm", {}, collect(rows));
  EXPECT_EQ(s.largest_index, 4294967293u);
  EXPECT_EQ(s.features, 4294967294u);
  EXPECT_THROW(parse_svmlight("1 4294967295:1\n", "t.svm", {}, collect(rows)), DataError);
  EXPECT_THROW(parse_svmlight("1 4294967294:1\n", "t.svm", {true, std::nullopt}, collect(rows)),
               DataError);
}

TEST(SvmlightReader, StreamedInAnyChunkSizeReadsWhatTheWholeTextHolds) {
  std::vector<Row> whole;
  const SvmlightSummary w = parse_svmlight(kText, "t.svm", {}, collect(whole));
  for (std::size_t chunk = 1; chunk <= 17; ++chunk) {
    std::string text = kText;
    std::FILE* file = fmemopen(text.data(), text.size(), "rb");
    ASSERT_NE(file, nullptr);
    std::vector<Row> streamed;
    const SvmlightSummary s = read_svmlight_stream(file, "t.svm", {}, collect(streamed), chunk);
    std::fclose(file);
    EXPECT_EQ(streamed, whole) << "chunk " << chunk;
    EXPECT_EQ(s.sha256, w.sha256) << "chunk " << chunk;
    EXPECT_EQ(s.features, w.features);
  }
}

}  // namespace
}  // namespace plab
