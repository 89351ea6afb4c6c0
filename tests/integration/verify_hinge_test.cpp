// The hinge bound past separability through the real binary (docs/bounds.md, "Past
// separability"; docs/verify.md): records of data certified not separable carry a
// certified nonsep_bound that holds and that verify recomputes; separable points and
// mistake-driven orders carry none; an edited bound or candidate is a difference, a count
// above the bound a violation.
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <filesystem>
#include <fstream>
#include <string>

#include "results/folder/record_digest.hpp"
#include "support/folder_edit.hpp"
#include "support/process.hpp"
#include "support/temp_dir.hpp"
#include "support/troubleshooting.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;
using test::edit_record;
using test::lines_of;
using test::run_plab;

// Iris versicolor against virginica (certified not separable), 20 epochs, 2 repeats: point
// 0 cyclic from zero, point 1 cyclic from Gaussian starts, point 2 random_mistake.
const fs::path& not_separable_folder() {
  static test::TempDir dir;
  static const fs::path out = test::run_into_folder(dir,
                                                    R"({"name": "hinge", "seed": 3, "repeats": 2,
      "dataset": {"kind": "csv", "path": ")" + std::string(PLAB_SOURCE_DIR) +
                                                        R"(/data/iris.csv", "label": "species",
        "keep_classes": ["versicolor", "virginica"], "positive": ["virginica"]},
      "learners": [{"name": "p", "plugin": "perceptron"}],
      "init": {"kind": "zero"},
      "protocol": {"kind": "convergence", "max_epochs": 20},
      "sweep": {"/init": [{"kind": "zero"}, {"kind": "gaussian", "scale": 2}],
                "/protocol/order": ["cyclic", "random_mistake"]}})");
  return out;
}

fs::path copy_of(const test::TempDir& dir) {
  return test::copy_to_tamper(not_separable_folder(), dir);
}

bool cyclic(const boost::json::object& r) {
  return r.at("params").as_object().at("/protocol/order") == "cyclic";
}

TEST(HingeRecords, EveryCyclicRunCarriesACertifiedBoundThatHoldsAndVerifyAgrees) {
  const fs::path& f = not_separable_folder();
  std::size_t with = 0;
  for (const std::string& line : lines_of(f / "runs.jsonl")) {
    const boost::json::object r = boost::json::parse(line).as_object();
    EXPECT_EQ(r.at("bound_applies"), false);  // Novikoff's fields are unchanged
    if (!cyclic(r)) {
      EXPECT_FALSE(r.contains("nonsep_bound")) << line;  // mistake-driven: no hinge bound
      continue;
    }
    ++with;
    ASSERT_TRUE(r.contains("nonsep_bound")) << line;
    EXPECT_LE(r.at("mistakes").to_number<double>(), r.at("nonsep_bound").to_number<double>());
    EXPECT_EQ(r.at("nonsep_bound_holds"), true);
    const bool zero = r.at("w0_norm").to_number<double>() == 0.0;
    EXPECT_EQ(r.at("nonsep_bound_kind"), zero ? "hinge_sequence" : "hinge_sequence_init");
  }
  EXPECT_EQ(with, 4U);
  const auto v = run_plab({"verify", f.string()});
  EXPECT_EQ(v.exit_code, 0) << v.out << v.err;
  // Its verdict counts the hinge bounds it checked, not only Novikoff's (none apply here).
  EXPECT_NE(v.out.find("no violation; 0 of 8 runs have an applicable bound, 4 a certified hinge "
                       "bound\n"),
            std::string::npos)
      << v.out;
}

TEST(HingeRecords, SeparableDataKeepsItsRecordsAsTheyWere) {
  const fs::path& f = test::quickstart_folder();
  for (const std::string& line : lines_of(f / "runs.jsonl"))
    EXPECT_EQ(line.find("nonsep_"), std::string::npos) << line;
  EXPECT_EQ(test::read_file(f / "manifest.json").find("hinge_candidates"), std::string::npos);
}

TEST(HingeRecords, ALoweredBoundIsADifferenceAndAViolation) {
  test::TempDir dir;
  const fs::path f = copy_of(dir);
  const std::size_t line = edit_record(f, cyclic, [](boost::json::object& r) {
    const double mistakes = r.at("mistakes").to_number<double>();
    r["nonsep_bound"] = mistakes / 2;
    r["nonsep_ratio"] = 2.0;
    r["nonsep_bound_holds"] = false;
  });
  write_digest_chain(f);
  const auto v = run_plab({"verify", f.string()});
  EXPECT_EQ(v.exit_code, 1) << v.out << v.err;
  const std::string at = (f / "runs.jsonl").string() + ":" + std::to_string(line);
  EXPECT_NE(v.out.find(at + ": field 'nonsep_bound': recorded "), std::string::npos) << v.out;
  EXPECT_NE(v.out.find("field 'mistakes (nonsep_bound)'"), std::string::npos) << v.out;
}

TEST(HingeRecords, ARemovedBoundIsADifference) {
  test::TempDir dir;
  const fs::path f = copy_of(dir);
  edit_record(f, cyclic, [](boost::json::object& r) {
    for (const char* key :
         {"nonsep_bound", "nonsep_bound_kind", "nonsep_ratio", "nonsep_bound_holds",
          "nonsep_candidate", "nonsep_C", "nonsep_v_norm", "nonsep_hinge_norm"})
      r.erase(key);
  });
  write_digest_chain(f);
  const auto v = run_plab({"verify", f.string()});
  EXPECT_EQ(v.exit_code, 1) << v.out << v.err;
  EXPECT_NE(v.out.find("field 'nonsep_bound': recorded \"absent\""), std::string::npos) << v.out;
}

TEST(HingeRecords, AnEditedCandidateIsRecertifiedFromTheData) {
  test::TempDir dir;
  const fs::path f = copy_of(dir);
  test::edit_manifest(f, [](boost::json::object& m) {
    auto& v = test::point0_theory(m).at("hinge_candidates").as_array().at(0).as_object().at("v");
    v.as_array().at(1) = v.as_array().at(1).to_number<double>() + 1.0;
  });
  const auto v = run_plab({"verify", f.string()});
  EXPECT_EQ(v.exit_code, 1) << v.out << v.err;
  EXPECT_NE(v.out.find("theory/hinge_candidates/0/v_norm"), std::string::npos) << v.out;
}

TEST(HingeRecords, CandidatesAtASeparablePointAreADifference) {
  test::TempDir dir;
  const fs::path f = test::copy_of_quickstart(dir);
  test::edit_manifest(f, [](boost::json::object& m) {
    test::point0_theory(m)["hinge_candidates"] = boost::json::array{boost::json::object{
        {"C", 1.0}, {"v_norm", 1.0}, {"hinge_norm", 1.0}, {"v", boost::json::array{1.0}}}};
  });
  const auto v = run_plab({"verify", f.string()});
  EXPECT_EQ(v.exit_code, 1) << v.out << v.err;
  EXPECT_NE(v.out.find("field 'points/0/theory/hinge_candidates': recorded "), std::string::npos)
      << v.out;
  EXPECT_NE(v.out.find("none: the point is certified separable"), std::string::npos) << v.out;
}

// Each new message has a row in docs/troubleshooting.md.
TEST(HingeRecords, MessagesAreInTroubleshooting) {
  const std::string section = test::troubleshooting_section();
  for (const char* message : {"absent (no hinge bound applies)", "mistakes (nonsep_bound)",
                              "none: the point is certified separable"}) {
    EXPECT_NE(section.find(message), std::string::npos) << message;
  }
}

}  // namespace
}  // namespace plab
