// A kernel that is not positive semidefinite on the data has no feature space, so no margin
// in it and no bound (docs/bounds.md, "The kernel perceptron"): `plab run` refuses it before
// any run (exit 2, naming a certified upper bound on the Gram matrix's smallest eigenvalue),
// and `plab verify` finds a folder that claims feature-space facts for one.
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <filesystem>
#include <string>

#include "support/folder_edit.hpp"
#include "support/noisy_xor.hpp"
#include "support/process.hpp"
#include "support/temp_dir.hpp"
#include "support/troubleshooting.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;
using test::run_plab;

std::string kernel_config(const std::string& coef0) {
  return test::noisy_xor_config(R"([{"name": "k", "plugin": "kernel_perceptron",
      "params": {"kernel": "polynomial", "degree": 2, "coef0": )" +
                                    coef0 + "}}]",
                                R"({"kind": "convergence", "max_epochs": 30})");
}

TEST(KernelPsd, APolynomialKernelBelowMinusScaleIsRefusedBeforeAnyRun) {
  test::TempDir dir;
  const fs::path config = dir.write("c.json", kernel_config("-3"));
  const auto r = run_plab({"run", config.string(), "--out", (dir / "o").string(), "-q"});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  const std::string text =
      "is not positive semidefinite on the data: its smallest eigenvalue is "
      "at most -";
  EXPECT_NE(r.err.find("/learners/0/params"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(text), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(dir / "o" / "runs.jsonl"));
  EXPECT_TRUE(test::in_troubleshooting("is not positive semidefinite on the data"));
}

TEST(KernelPsd, AtMinusScaleTheKernelIsPsdByConstructionAndRuns) {
  test::TempDir dir;
  const fs::path out = test::run_into_folder(dir, kernel_config("-1"));
  const auto r = run_plab({"verify", out.string()});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
}

TEST(KernelPsd, VerifyFindsAFolderThatClaimsAMarginForANonPsdKernel) {
  test::TempDir dir;
  const fs::path out = test::run_into_folder(dir, kernel_config("1"));
  const fs::path f = test::copy_to_tamper(out, dir);
  // The same folder, its kernel edited to coef0 -3 wherever the manifest records it.
  test::edit_manifest(f, [](boost::json::object& m) {
    auto& spec = m.at("config").at("learners").as_array().at(0).as_object();
    spec.at("params").as_object()["coef0"] = -3;
    auto& learner = test::manifest_learner(m, 0, 0);
    learner.at("params").as_object()["coef0"] = -3.0;
    learner.at("bound").as_object().at("kernel").as_object()["coef0"] = -3.0;
  });
  const auto r = run_plab({"verify", f.string()});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("points/0/learners/0/kernel_theory/separable"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("plab refuses this kernel"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace plab
