// A bound form the engine never names, registered by the test build plab_test_form
// (tests/forms/test_bound_form.cpp, theory/bound_unit.hpp): the registry alone carries it
// through a run (declaration, quantity, bound, record field, manifest) and through plab
// verify, which re-certifies its quantity and checks its field; so does a per-learner
// quantity its form asks for. The plain plab refuses it.
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <filesystem>
#include <map>
#include <string>

#include "results/folder/record_digest.hpp"
#include "support/folder_edit.hpp"
#include "support/process.hpp"
#include "support/temp_dir.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;

constexpr const char* kConfig = R"({"name": "registered-form", "seed": 3, "repeats": 2,
  "dataset": {"kind": "synthetic", "generator": "separable", "rows": 30, "dim": 3,
              "radius": 2.0, "margin": 0.4},
  "learners": [{"name": "test", "plugin": "test_form_learner"},
               {"name": "perceptron", "plugin": "perceptron"}],
  "theory": {"margin": "teacher"},
  "protocol": {"kind": "convergence", "max_epochs": 1000}})";

test::ProcessResult run_test_form(const std::vector<std::string>& args) {
  std::vector<std::string> all = args;
  all.insert(all.end(), {"--plugin-dir", PLAB_TEST_PLUGIN_DIR});
  return test::run_process(PLAB_TEST_FORM_BINARY, all);
}

const fs::path& form_folder() {
  static test::TempDir dir;
  static const fs::path out = [] {
    const fs::path o = dir / "o";
    const auto r = run_test_form({"run", dir.write("c.json", kConfig).string(), "--out", o.string(),
                                  "--no-report", "--quiet"});
    EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
    return o;
  }();
  return out;
}

bool is_test_learner(const boost::json::object& r) { return r.at("learner") == "test"; }

TEST(RegisteredForm, IsEvaluatedRecordedAndVerified) {
  const fs::path& f = form_folder();
  std::map<std::uint64_t, double> perceptron_bound;  // by repeat
  std::map<std::uint64_t, double> test_bound;
  for (const std::string& line : test::lines_of(f / "runs.jsonl")) {
    const boost::json::object r = boost::json::parse(line).as_object();
    const auto repeat = r.at("repeat").to_number<std::uint64_t>();
    if (!is_test_learner(r)) {
      EXPECT_FALSE(r.contains("test_rows")) << line;
      EXPECT_FALSE(r.contains("test_scaled_rows")) << line;
      perceptron_bound[repeat] = r.at("bound").to_number<double>();
      continue;
    }
    EXPECT_EQ(r.at("bound_kind"), "test_doubled_novikoff") << line;
    EXPECT_EQ(r.at("bound_holds"), true) << line;
    EXPECT_EQ(r.at("test_rows"), 30) << line;
    // The per-learner quantity: 30 rows times the declared step scale 1, after rho_upper.
    EXPECT_EQ(r.at("test_scaled_rows").to_number<double>(), 30.0) << line;
    EXPECT_LT(line.find("\"rho_upper\""), line.find("\"test_scaled_rows\"")) << line;
    test_bound[repeat] = r.at("bound").to_number<double>();
  }
  ASSERT_EQ(test_bound.size(), 2U);
  // From zero, the same R and rho: the unit's 2 R^2 is Novikoff's R^2 doubled, to the bit.
  for (const auto& [repeat, bound] : test_bound) {
    EXPECT_EQ(bound, 2.0 * perceptron_bound.at(repeat)) << repeat;
  }
  const auto manifest = boost::json::parse(test::read_file(f / "manifest.json")).as_object();
  EXPECT_EQ(manifest.at("points").as_array().at(0).at_pointer("/theory/test_row_count/all/rows"),
            30);
  const boost::json::array& learners =
      manifest.at("points").as_array().at(0).at("learners").as_array();
  EXPECT_EQ(learners.at(0).at_pointer("/test_scaled_rows/value").to_number<double>(), 30.0);
  EXPECT_FALSE(learners.at(1).as_object().contains("test_scaled_rows"));
  // dim 3 and the bias column.
  EXPECT_EQ(manifest.at("points").as_array().at(0).at_pointer("/theory/test_columns"), 4);
  const auto v = run_test_form({"verify", f.string()});
  EXPECT_EQ(v.exit_code, 0) << v.out << v.err;
  const auto d = run_test_form({"describe", "test_form_learner"});
  EXPECT_EQ(d.exit_code, 0) << d.err;
  EXPECT_NE(d.out.find("test only: count <= 2 (R/rho)^2"), std::string::npos) << d.out;
  // The quantity the form needs describes itself, in its unit's words.
  EXPECT_NE(d.out.find("certified:  test_row_count: the number of rows"), std::string::npos)
      << d.out;
  EXPECT_NE(d.out.find("certified:  test_scaled_rows: the number of rows times the declared "
                       "step scale"),
            std::string::npos)
      << d.out;
}

TEST(RegisteredForm, VerifyFindsAnEditedFieldAndAnEditedQuantity) {
  test::TempDir dir;
  const fs::path f = test::copy_to_tamper(form_folder(), dir);
  test::edit_record(f, is_test_learner, [](boost::json::object& r) {
    r["test_rows"] = 29;
    r["test_scaled_rows"] = 28.0;
  });
  write_digest_chain(f);
  test::edit_manifest(f, [](boost::json::object& m) {
    test::point0_theory(m).at("test_row_count").as_object().at("all").as_object()["rows"] = 31;
    test::point0_theory(m)["test_columns"] = 99;
    m.at("points").at_pointer("/0/learners/0/test_scaled_rows/value") = 32.0;
  });
  const auto v = run_test_form({"verify", f.string()});
  EXPECT_EQ(v.exit_code, 1) << v.out << v.err;
  EXPECT_NE(v.out.find("field 'test_rows'"), std::string::npos) << v.out;
  EXPECT_NE(v.out.find("theory/test_row_count/all/rows"), std::string::npos) << v.out;
  EXPECT_NE(v.out.find("theory/test_columns"), std::string::npos) << v.out;
  EXPECT_NE(v.out.find("field 'test_scaled_rows'"), std::string::npos) << v.out;
  EXPECT_NE(v.out.find("learners/0/test_scaled_rows/value"), std::string::npos) << v.out;
}

TEST(RegisteredForm, ThePlainPlabDoesNotKnowIt) {
  test::TempDir dir;
  const auto r = test::run_plab({"run", dir.write("c.json", kConfig).string(), "--out",
                                 (dir / "o").string(), "--plugin-dir", PLAB_TEST_PLUGIN_DIR});
  EXPECT_EQ(r.exit_code, 3) << r.out << r.err;
  EXPECT_NE(r.err.find("field `form` is 200, which this plab does not know (it proves none, "
                       "novikoff, batch_averaged, batch_sum, kesler, margin_perceptron, "
                       "least_squares, winnow, kernel_novikoff)"),
            std::string::npos)
      << r.err;
}

}  // namespace
}  // namespace plab
