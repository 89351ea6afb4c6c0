// Bounds declared by plugins, proved by the engine, through the real binary: a
// plugin whose step scale is called `lr` gets the bound for its own step; broken, missing
// and old declarations are refused (exit 3) naming the plugin and the field.
#include <gtest/gtest.h>

#include <cmath>

#include "support/process.hpp"
#include "support/records.hpp"
#include "support/temp_dir.hpp"
#include "support/troubleshooting.hpp"

namespace plab {
namespace {

using test::run_plab;
using Args = std::vector<std::string>;

// Two points, x̃ = [1,2,2] (y = +1) and [1,−2,−2] (y = −1): R = 3. The given reference
// u = [0,1,0] has margin γ = 2 on both, ‖u‖ = 1, so ρ = 2. The start w₀ = [0,−2.5,0] is
// −2.5·û: with step scale η, a = ‖w₀‖/η = 2.5/η and c = û·w₀/η = −2.5/η.
const std::string kLrConfig = R"({"name": "lr", "seed": 1,
  "dataset": {"kind": "inline", "x": [[2, 2], [-2, -2]], "y": [1, -1]},
  "learners": [{"name": "lr", "plugin": "lr_scaled", "params": {}}],
  "init": {"kind": "given", "w": [0, -2.5, 0]},
  "theory": {"margin": "given", "u": [0, 1, 0]},
  "protocol": {"kind": "convergence", "max_epochs": 100, "order": "cyclic"}})";

// docs/bounds.md with R² = 9, ρ = 2, a = 2.5/η, c = −a: a² − c² = 0, so the root is exact,
// k₊ = [R² − 2ρc + |R² − 2ρc|] / (2ρ²) = (9 + 10/η) / 4; the clean form R²/ρ² + 2a/ρ is the
// same number, the zero-start form 9/4.
double hand_bound(double eta) { return (9.0 + 10.0 / eta) / 4.0; }

// The engine rounds R, ρ and the bound toward a larger bound by a few units in the last
// place: far below the 1e-12 this compares at, far above what a wrong η would hide.
void expect_close(double got, double want, const std::string& what) {
  EXPECT_NEAR(got, want, 1e-12 * want) << what;
}

TEST(DeclaredBounds, LrScaledPluginGetsTheInitAwareBoundForItsOwnStep) {
  test::TempDir dir;
  dir.write("c.json", kLrConfig);
  const auto r =
      run_plab({"run", "c.json", "--out", "out", "--no-report", "--sweep",
                "/learners/0/params/lr=0.25,0.5,2", "--plugin-dir", PLAB_TEST_PLUGIN_DIR},
               dir.path().string());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto runs = test::records(dir / "out" / "runs.jsonl");
  ASSERT_EQ(runs.size(), 3u);
  const double etas[] = {0.25, 0.5, 2.0};
  for (std::size_t k = 0; k < runs.size(); ++k) {
    const auto& run = runs[k];
    const std::string what = "lr = " + std::to_string(etas[k]);
    expect_close(run.at("R").to_number<double>(), 3.0, what);
    expect_close(run.at("rho").to_number<double>(), 2.0, what);
    EXPECT_EQ(run.at("bound_kind").as_string(), "novikoff_init") << what;
    EXPECT_EQ(run.at("bound_on").as_string(), "mistakes") << what;
    expect_close(run.at("bound").to_number<double>(), hand_bound(etas[k]), what);
    expect_close(run.at("bound_clean").to_number<double>(), hand_bound(etas[k]), what);
    expect_close(run.at("plain_bound").to_number<double>(), 2.25, what);
    EXPECT_TRUE(run.at("bound_holds").as_bool()) << what;
  }
  // η = 1 (what an engine reading a param named `eta` would have used) gives 4.75, not 12.25.
  EXPECT_NE(hand_bound(1.0), hand_bound(0.25));
}

struct Refusal {
  std::string name;
  Args args;                       // after "run c.json" (kLrConfig)
  std::vector<std::string> shown;  // the message must contain each
};

std::ostream& operator<<(std::ostream& out, const Refusal& r) { return out << r.name; }

Args with_plugin(const std::string& plugin, Args extra = {}) {
  Args args{"--set", "/learners/0/plugin=" + plugin, "--plugin-dir", PLAB_TEST_PLUGIN_DIR};
  args.insert(args.end(), extra.begin(), extra.end());
  return args;
}

Args with_fault(const std::string& fault) {
  return with_plugin("bound_faults", {"--set", "/learners/0/params/fault=" + fault});
}

const std::string kInvalid = "declares an invalid bound";

std::vector<Refusal> refusals() {
  return {
      {"BrokenAtLoad",
       with_plugin("broken_bound"),
       {"broken_bound.so", kInvalid, "field `eta` is 0", "finite number > 0"}},
      {"NoDeclaration",
       with_plugin("no_bound_declared"),
       {"no_bound_declared.so", "declares no bound", "declare_bound", "plab::no_bound"}},
      {"OldAbi",
       with_plugin("abi_v1"),
       {"abi_v1.so", "ABI version 1,", "supports version 5", "rebuild the plugin"}},
      {"EtaNegative",
       with_fault("eta_negative"),
       {"'bound_faults'", kInvalid, "fault=\"eta_negative\"", "field `eta` is -0.5",
        "(learner 'lr' at /learners/0)"}},
      {"EtaNan", with_fault("eta_nan"), {kInvalid, "field `eta` is not set"}},
      {"EtaInfinite", with_fault("eta_infinite"), {kInvalid, "field `eta` is inf"}},
      {"EtaUnset", with_fault("eta_unset"), {kInvalid, "field `eta` is not set"}},
      {"CountsUnset", with_fault("counts_unset"), {kInvalid, "field `counts` is not set"}},
      {"CountsMismatch",
       with_fault("counts_mismatch"),
       {kInvalid, "field `counts` is mistakes, but form batch_averaged counts updates"}},
      {"TauNegative", with_fault("tau_negative"), {kInvalid, "field `tau` is -1"}},
      {"TauWithoutForm",
       with_fault("tau_without_form"),
       {kInvalid, "field `tau` is 0.5, but form novikoff has no tau"}},
      {"UnknownForm",
       with_fault("unknown_form"),
       {kInvalid, "field `form` is 42, which this plab does not know"}},
      {"KeslerOnBinaryPlugin",
       with_fault("kesler_on_binary"),
       {kInvalid, "field `form` is kesler, a multi-class form", "binary tasks only"}},
      {"FormForgotten",
       with_fault("form_forgotten"),
       {kInvalid, "field `counts` is set, but form none has no bound"}},
      {"Throws",
       with_fault("throws"),
       {"'bound_faults'", "its declare_bound threw", "fixture cannot say its bound"}},
  };
}

class DeclarationRefused : public testing::TestWithParam<Refusal> {};

TEST_P(DeclarationRefused, ExitsThreeNamingPluginAndFieldAndWritesNothing) {
  test::TempDir dir;
  dir.write("c.json", kLrConfig);
  Args args{"run", "c.json", "--out", "out"};
  args.insert(args.end(), GetParam().args.begin(), GetParam().args.end());
  const auto r = run_plab(args, dir.path().string());
  EXPECT_EQ(r.exit_code, 3) << r.err;
  for (const auto& text : GetParam().shown) {
    EXPECT_NE(r.err.find(text), std::string::npos) << "missing '" << text << "' in: " << r.err;
  }
  EXPECT_FALSE(std::filesystem::exists(dir / "out")) << "refused before any run";
}

INSTANTIATE_TEST_SUITE_P(Faults, DeclarationRefused, testing::ValuesIn(refusals()),
                         [](const auto& info) { return info.param.name; });

TEST(DeclaredBounds, DescribeRefusesABrokenDeclarationAtLoad) {
  const auto r = run_plab({"describe", "broken_bound", "--plugin-dir", PLAB_TEST_PLUGIN_DIR});
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_NE(r.err.find("field `eta` is 0"), std::string::npos) << r.err;
}

TEST(DeclaredBounds, DescribePrintsTheDeclaredFormAndTheParamsItDependsOn) {
  const auto eta = run_plab({"describe", "eta_perceptron"});
  ASSERT_EQ(eta.exit_code, 0) << eta.err;
  EXPECT_NE(eta.out.find("declared:   novikoff on mistakes, eta = 1, for the default params; "
                         "it depends on params: eta, step"),
            std::string::npos)
      << eta.out;
  const auto lr = run_plab({"describe", "lr_scaled", "--plugin-dir", PLAB_TEST_PLUGIN_DIR});
  ASSERT_EQ(lr.exit_code, 0) << lr.err;
  EXPECT_NE(lr.out.find("novikoff on mistakes, eta = 0.25, for the default params; it depends "
                        "on params: lr"),
            std::string::npos)
      << lr.out;
  const auto margin = run_plab({"describe", "margin_perceptron"});
  EXPECT_NE(margin.out.find("margin_perceptron on mistakes, eta = 1, tau = 1"), std::string::npos)
      << margin.out;
  const auto perceptron = run_plab({"describe", "perceptron"});
  EXPECT_NE(perceptron.out.find("declared:   novikoff on mistakes, eta = 1, for the default "
                                "params\n"),
            std::string::npos)
      << perceptron.out;
  // The pocket counts its working perceptron's mistakes, so it declares their bound.
  const auto pocket = run_plab({"describe", "pocket_perceptron"});
  EXPECT_NE(pocket.out.find("declared:   novikoff on mistakes, eta = 1, for the default params"),
            std::string::npos)
      << pocket.out;
  const auto unit = run_plab({"describe", "linear_unit_sgd"});
  EXPECT_NE(unit.out.find("declared:   least_squares, for the default params"), std::string::npos)
      << unit.out;
}

// The point of declared bounds: the engine's bound code cannot depend on what a plugin
// calls its params, because it names none of them.
TEST(DeclaredBounds, TheEngineNamesNoPluginParam) {
  namespace fs = std::filesystem;
  for (const char* folder : {"framework/src", "experiments"}) {
    for (const auto& entry : fs::recursive_directory_iterator(fs::path(PLAB_SOURCE_DIR) / folder)) {
      // Source files only: experiments/ also holds the claims' configs, which name params.
      const std::string ext = entry.path().extension().string();
      if (!entry.is_regular_file() ||
          (ext != ".hpp" && ext != ".cpp" && ext != ".h" && ext != ".in"))
        continue;
      const std::string text = test::read_file(entry.path());
      for (const char* name : {"\"eta\"", "\"tau\"", "\"normalize\"", "\"residual\""}) {
        EXPECT_EQ(text.find(name), std::string::npos) << entry.path() << " names " << name;
      }
    }
  }
}

TEST(DeclaredBounds, EveryRefusalIsInTheTroubleshootingTable) {
  const std::string section = test::troubleshooting_section();
  ASSERT_FALSE(section.empty());
  for (const char* text : {"declares an invalid bound", "declares no bound",
                           "its declare_bound threw", "supports version 5"}) {
    EXPECT_NE(section.find(text), std::string::npos) << text;
  }
}

}  // namespace
}  // namespace plab
