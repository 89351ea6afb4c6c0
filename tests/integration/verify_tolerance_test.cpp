// `plab verify` compares recomputed figures within their certified rounding allowance, never
// as exact bits of rounding noise (docs/verify.md, "Tolerances"): a clean folder of noisy XOR,
// whose nearest hull point is a hair from the origin, is clean; an edit beyond the allowance
// is still a difference. A count is judged against its bound with no slack beyond the bound's
// own rounding up.
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <filesystem>
#include <string>

#include "results/folder/record_digest.hpp"
#include "support/folder_edit.hpp"
#include "support/noisy_xor.hpp"
#include "support/process.hpp"
#include "support/temp_dir.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;
using test::run_plab;

std::string xor_config(const std::string& learner) {
  return test::noisy_xor_config("[" + learner + "]",
                                R"({"kind": "convergence", "max_epochs": 20, "order": "shuffle"})");
}

const fs::path& classic_folder() {
  static test::TempDir dir;
  static const fs::path out =
      test::run_into_folder(dir, xor_config(R"({"name": "classic", "plugin": "perceptron"})"));
  return out;
}

TEST(VerifyTolerance, NoisyXorFoldersOfBothPerceptronsAreClean) {
  {
    const fs::path f = classic_folder();
    const auto r = run_plab({"verify", f.string()});
    EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("0 recorded values differ"), std::string::npos) << r.out;
  }
  test::TempDir dir;
  const fs::path k =
      test::run_into_folder(dir, xor_config(R"({"name": "k", "plugin": "kernel_perceptron",
                          "params": {"kernel": "polynomial", "degree": 2, "coef0": 1}})"));
  const auto r = run_plab({"verify", k.string()});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("0 recorded values differ"), std::string::npos) << r.out;
}

TEST(VerifyTolerance, TheManifestHoldsTheConfigsDoublesAsWritten) {
  // Values Boost.JSON 1.81 reads an ulp off (as ...44, ...81); the manifest's config must
  // hold the doubles plab ran on, written back as the same text.
  const std::string manifest = test::read_file(classic_folder() / "manifest.json");
  EXPECT_NE(manifest.find("-0.9188123290760143,"), std::string::npos);
  EXPECT_NE(manifest.find("1.4906886773586379,"), std::string::npos);
}

// Both figures are about 1e-15 or less, their allowance a few 1e-15 (the rounding of a sum of
// points of norm 2.6): a thousandfold edit is far past it.
TEST(VerifyTolerance, AnEditBeyondTheAllowanceIsStillADifference) {
  for (const char* field : {"rho_upper", "hull_residual"}) {
    test::TempDir dir;
    const fs::path f = test::copy_to_tamper(classic_folder(), dir);
    test::edit_manifest(f, [&](boost::json::object& m) {
      auto& t = test::point0_theory(m);
      auto& owner =
          std::string(field) == "rho_upper" ? t : t.at("non_separability_certificate").as_object();
      owner[field] = owner.at(field).to_number<double>() * 1000.0;
    });
    const auto r = run_plab({"verify", f.string()});
    EXPECT_EQ(r.exit_code, 1) << field << r.out << r.err;
    EXPECT_NE(r.out.find(field), std::string::npos) << r.out;
  }
}

TEST(VerifyTolerance, ACountAboveItsBoundByLessThanTheOldSlackIsAViolation) {
  test::TempDir dir;
  const fs::path f = test::copy_of_quickstart(dir);
  // A bound a hair (1e-10 relative) below the count: today's 1e-9 slack would have let it pass.
  const std::size_t line = test::edit_record(
      f,
      [](const boost::json::object& r) {
        return r.at("bound_applies").as_bool() && r.at("mistakes").to_number<double>() > 0;
      },
      [](boost::json::object& r) {
        r["bound"] = r.at("mistakes").to_number<double>() * (1.0 - 1e-10);
      });
  write_digest_chain(f);
  const auto r = run_plab({"verify", f.string()});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  const auto violations = test::verify_json(f).at("violations").as_array();
  ASSERT_FALSE(violations.empty()) << r.out;
  EXPECT_EQ(violations.at(0).at("where").as_string(), test::at_line(f, "runs.jsonl", line).c_str());
}

}  // namespace
}  // namespace plab
