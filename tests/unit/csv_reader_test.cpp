#include "data/csv_reader.hpp"

#include <gtest/gtest.h>

#include "error.hpp"
#include "support/temp_dir.hpp"

namespace plab {
namespace {

CsvTable parse(const std::string& text, CsvOptions options = {}) {
  return parse_csv(text, "test.csv", options);
}

std::string error_of(const std::string& text, CsvOptions options = {}) {
  try {
    parse(text, options);
  } catch (const DataError& e) {
    return e.what();
  }
  return "";
}

TEST(CsvReader, DetectsHeaderAndTakesLastColumnAsLabel) {
  const CsvTable t = parse("a,b,label\n1,2,x\n3,4.5,y\n");
  EXPECT_EQ(t.feature_names, (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(t.label_name, "label");
  EXPECT_EQ(t.rows, 2u);
  EXPECT_EQ(t.values.raw_values(), (std::vector<double>{1, 2, 3, 4.5}));
  EXPECT_EQ(t.labels, (std::vector<std::string>{"x", "y"}));
}

TEST(CsvReader, ReadsFileWithoutHeaderAndTextLabels) {
  const CsvTable t = parse("5.1,3.5,setosa\n4.9,3.0,versicolor\n");
  EXPECT_EQ(t.rows, 2u);
  EXPECT_EQ(t.feature_names, (std::vector<std::string>{"x1", "x2"}));
  EXPECT_EQ(t.labels[1], "versicolor");
}

// A first row whose number a double cannot hold is data, refused naming its cell: taking it
// for a header would drop a row without a word.
TEST(CsvReader, AFirstRowWithAnOutOfRangeNumberIsRefusedNotTakenForAHeader) {
  EXPECT_NE(error_of("1e-400,0.5,1\n2,3,-1\n4,5,1\n")
                .find("test.csv:1:1: '1e-400' in column "
                      "'x1' is too small for a double"),
            std::string::npos);
  EXPECT_NE(error_of("2,1e999,1\n2,3,-1\n")
                .find("test.csv:1:3: '1e999' in column 'x2' is "
                      "beyond the range of a double"),
            std::string::npos);
}

TEST(CsvReader, FindsLabelColumnByNameAnywhere) {
  CsvOptions o;
  o.label_name = "species";
  const CsvTable t = parse("species,w,h\nA,1,2\nB,3,4\n", o);
  EXPECT_EQ(t.feature_names, (std::vector<std::string>{"w", "h"}));
  EXPECT_EQ(t.values.raw_values(), (std::vector<double>{1, 2, 3, 4}));
  EXPECT_EQ(t.labels, (std::vector<std::string>{"A", "B"}));
}

TEST(CsvReader, FindsLabelColumnByIndex) {
  CsvOptions o;
  o.label_index = 0;
  const CsvTable t = parse("1,2,3\n0,5,6\n", o);
  EXPECT_EQ(t.labels, (std::vector<std::string>{"1", "0"}));
  EXPECT_EQ(t.values.raw_values(), (std::vector<double>{2, 3, 5, 6}));
}

TEST(CsvReader, AcceptsQuotedNamesWithCommasAndEscapedQuotes) {
  const CsvTable t = parse("\"width, cm\",\"the \"\"h\"\"\",\"class\"\n1,2,\"a, b\"\n");
  EXPECT_EQ(t.feature_names, (std::vector<std::string>{"width, cm", "the \"h\""}));
  EXPECT_EQ(t.labels, (std::vector<std::string>{"a, b"}));
}

TEST(CsvReader, AcceptsCrlfBomBlankLinesAndNoTrailingNewline) {
  const CsvTable t = parse("\xEF\xBB\xBFx,y\r\n1,a\r\n\r\n2,b");
  EXPECT_EQ(t.feature_names, (std::vector<std::string>{"x"}));
  EXPECT_EQ(t.rows, 2u);
  EXPECT_EQ(t.labels, (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(t.line_of_row, (std::vector<std::size_t>{2, 4}));
}

TEST(CsvReader, ParsesNumbersExactlyIncludingSignsAndExponents) {
  const CsvTable t = parse("+1.5, -2e-3 ,0.1,c\n");
  EXPECT_EQ(t.values.raw_values(), (std::vector<double>{1.5, -2e-3, 0.1}));
}

TEST(CsvReader, RefusesRaggedRowNamingLine) {
  const std::string e = error_of("a,b,c\n1,2,x\n1,x\n");
  EXPECT_NE(e.find("test.csv:3"), std::string::npos) << e;
  EXPECT_NE(e.find("found 2 fields, expected 3"), std::string::npos) << e;
}

TEST(CsvReader, RefusesNonNumericCellNamingLineColumnAndColumnName) {
  const std::string e = error_of("a,b,c\n1,2,x\n1,oops,y\n");
  EXPECT_NE(e.find("test.csv:3:3"), std::string::npos) << e;
  EXPECT_NE(e.find("'oops' in column 'b'"), std::string::npos) << e;
}

TEST(CsvReader, RefusesNonFiniteValues) {
  EXPECT_NE(error_of("a,c\nnan,x\n").find("not finite"), std::string::npos);
  EXPECT_NE(error_of("a,c\n1,x\ninf,y\n").find("not finite"), std::string::npos);
}

TEST(CsvReader, RefusesEmptyFileAndHeaderOnly) {
  EXPECT_NE(error_of("").find("empty"), std::string::npos);
  EXPECT_NE(error_of("a,b\n").find("no data rows"), std::string::npos);
}

TEST(CsvReader, RefusesUnknownLabelNameWithSuggestion) {
  CsvOptions o;
  o.label_name = "specie";
  const std::string e = error_of("species,w\nA,1\n", o);
  EXPECT_NE(e.find("did you mean 'species'"), std::string::npos) << e;
}

TEST(CsvReader, RefusesDuplicateHeaderNames) {
  EXPECT_NE(error_of("a,a,c\n1,2,x\n").find("twice"), std::string::npos);
}

TEST(CsvReader, RefusesUnterminatedQuote) {
  EXPECT_NE(error_of("a,c\n\"1,x\n").find("unterminated"), std::string::npos);
}

// The file is read in chunks; every chunk boundary, inside a field, a CRLF, the BOM or a
// quoted cell, must give the table parsing the whole text gives.
TEST(CsvReader, ReadingAFileInChunksOfAnySizeGivesTheSameTable) {
  test::TempDir dir;
  const std::string text =
      "\xEF\xBB\xBF\"first name\",b,label\r\n1.25,-2e-3,\"x, y\"\r\n\r\n3,4.5,z\r\n7,8,\"q\"\"\"";
  const auto file = dir.write("chunks.csv", text);
  const CsvTable whole = parse(text);
  ASSERT_EQ(whole.rows, 3u);
  for (std::size_t chunk = 1; chunk <= text.size() + 1; ++chunk) {
    const CsvTable t = read_csv(file, {}, chunk);
    EXPECT_EQ(t.feature_names, whole.feature_names) << "chunk " << chunk;
    EXPECT_EQ(t.values.raw_values(), whole.values.raw_values()) << "chunk " << chunk;
    EXPECT_EQ(t.labels, whole.labels) << "chunk " << chunk;
    EXPECT_EQ(t.line_of_row, whole.line_of_row) << "chunk " << chunk;
  }
  EXPECT_EQ(whole.labels[2], "q\"");
  EXPECT_EQ(whole.line_of_row[1], 4u);
}

TEST(CsvReader, ALongLineAcrossManyChunksIsRead) {
  test::TempDir dir;
  std::string header, row;
  for (int j = 0; j < 50000; ++j) {
    header += "f" + std::to_string(j) + ",";
    row += std::to_string(j % 7) + ".5,";
  }
  const auto file = dir.write("wide.csv", header + "y\n" + row + "a\n" + row + "b\n");
  const CsvTable t = read_csv(file, {}, 4096);
  EXPECT_EQ(t.features, 50000u);
  EXPECT_EQ(t.rows, 2u);
  EXPECT_EQ(t.values.raw_row(0)[49999], 49999 % 7 + 0.5);
}

TEST(CsvReader, ANulByteEndsTheReadNamingTheLine) {
  test::TempDir dir;
  const auto file = dir.write("nul.csv", std::string("a,b\n1,x\n2,\0y\n3,z\n", 16));
  try {
    read_csv(file, {}, 3);
    FAIL() << "a NUL byte was accepted";
  } catch (const DataError& e) {
    EXPECT_NE(std::string(e.what()).find("nul.csv:3: a NUL byte"), std::string::npos) << e.what();
  }
}

TEST(CsvReader, NumbersBeyondADoubleAreNamedSo) {
  EXPECT_NE(error_of("a,c\n1e999,x\n").find("beyond the range of a double"), std::string::npos);
  EXPECT_NE(error_of("a,c\n1x,x\n").find("is not a number"), std::string::npos);
}

}  // namespace
}  // namespace plab
