// The manifest's two forms of a long vector (results/format/vector_json.hpp): which one plab
// writes, that both read back to the same doubles (a −0 included), and that a malformed
// sparse form is a data error naming the field, never an exception from Boost.JSON.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "error.hpp"
#include "results/format/vector_json.hpp"

namespace plab {
namespace {

// v written by vector_json into {"v": ...}, then read back by read_vector from its text.
std::vector<double> round_trip(const std::vector<double>& v, std::string* text = nullptr) {
  const std::string written = boost::json::serialize(boost::json::object{{"v", vector_json(v)}});
  if (text != nullptr) *text = written;
  const boost::json::object o = boost::json::parse(written).as_object();
  return read_vector(RecordFields(o, "manifest.json", "/theory"), "v", 1000);
}

std::vector<double> read_text(const std::string& text) {
  const boost::json::object o = boost::json::parse(text).as_object();
  return read_vector(RecordFields(o, "manifest.json", "/theory"), "v", 1000);
}

TEST(VectorJson, AMostlyZeroVectorIsWrittenSparseAndReadsBackBitForBit) {
  std::vector<double> v(100, 0.0);
  v[3] = 0.1;
  v[50] = -0.0;  // kept: both forms give back the same doubles
  v[99] = -2.5e-310;
  std::string text;
  const std::vector<double> back = round_trip(v, &text);
  EXPECT_EQ(text, R"({"v":{"length":100,"nonzero":[[3,1E-1],[50,-0E0],[99,-2.5E-310]]}})");
  ASSERT_EQ(back.size(), v.size());
  for (std::size_t j = 0; j < v.size(); ++j) {
    EXPECT_EQ(back[j], v[j]) << j;
    EXPECT_EQ(std::signbit(back[j]), std::signbit(v[j])) << j;
  }
}

TEST(VectorJson, ShortOrDenseVectorsStayArrays) {
  std::string text;
  std::vector<double> short_one(63, 0.0);  // below 64 entries
  round_trip(short_one, &text);
  EXPECT_EQ(text.find("length"), std::string::npos) << text;
  std::vector<double> quarter(64, 0.0);  // 17 of 64 kept: more than a quarter
  for (std::size_t j = 0; j < 17; ++j) quarter[j] = 1.0;
  EXPECT_EQ(round_trip(quarter, &text), quarter);
  EXPECT_EQ(text.find("length"), std::string::npos) << text;
  quarter[16] = 0.0;  // 16 of 64: a quarter, written sparse
  EXPECT_EQ(round_trip(quarter, &text), quarter);
  EXPECT_NE(text.find(R"("length":64)"), std::string::npos) << text;
}

TEST(VectorJson, ThePreciseReadingTakesBothForms) {
  const Json sparse = Json::parse(R"({"length": 4, "nonzero": [[1, 0.5], [3, -2]]})");
  EXPECT_EQ(precise_vector(sparse, 4), (std::vector<double>{0, 0.5, 0, -2}));
  EXPECT_EQ(precise_vector(Json::parse("[1, 2]"), 4), (std::vector<double>{1, 2}));
  EXPECT_FALSE(precise_vector(Json::parse(R"({"length": 2, "nonzero": [[2, 1]]})"), 4));
  EXPECT_FALSE(precise_vector(Json::parse(R"({"length": -1, "nonzero": []})"), 4));
  EXPECT_FALSE(precise_vector(Json::parse(R"("lots")"), 4));
  EXPECT_FALSE(precise_vector(Json::parse(R"({"length": 5, "nonzero": []})"), 4));  // too long
  EXPECT_FALSE(precise_vector(Json::parse("[1, 2, 3, 4, 5]"), 4));
}

TEST(VectorJson, AMalformedSparseFormIsADataErrorNamingTheField) {
  for (const char* text : {
           R"({"v": {"length": 3, "nonzero": [[2, 1], [1, 1]]}})",  // not increasing
           R"({"v": {"length": 3, "nonzero": [[1, 1], [1, 2]]}})",  // repeated
           R"({"v": {"length": 3, "nonzero": [[3, 1]]}})",          // beyond the length
           R"({"v": {"length": 3, "nonzero": [[-1, 1]]}})",         // negative index
           R"({"v": {"length": 3, "nonzero": [[0, "x"]]}})",        // not a number
           R"({"v": {"length": 3, "nonzero": [[0]]}})",             // not a pair
           R"({"v": {"length": 3}})",                               // no entries
           R"({"v": {"nonzero": []}})",                             // no length
           R"({"v": {"length": 3, "nonzero": [], "extra": 1}})",    // an unknown key
           R"({"v": {"length": 1e30, "nonzero": []}})",             // not a count
           R"({"v": {"length": 1001, "nonzero": []}})",             // beyond the data's
           R"({"v": {"length": 4294967296, "nonzero": []}})",       // 32 GB if allocated
           R"({"v": [1, "x"]})",                                    // an array's non-number
           R"({"v": "lots"})",
       }) {
    try {
      read_text(text);
      ADD_FAILURE() << text << " was accepted";
    } catch (const DataError& e) {
      const std::string message = e.what();
      EXPECT_NE(message.find("manifest.json"), std::string::npos) << message;
      EXPECT_NE(message.find("field '/theory/v'"), std::string::npos) << message;
      // It says what it takes: the form, the entry or the length.
      EXPECT_TRUE(message.find("nonzero") != std::string::npos ||
                  message.find("length") != std::string::npos)
          << message;
    }
  }
}

}  // namespace
}  // namespace plab
