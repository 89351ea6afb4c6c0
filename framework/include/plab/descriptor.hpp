// The plugin descriptor: what a plugin is, which params it takes, which guarantee it claims.
//
// Every plugin exports exactly two symbols through BOOST_DLL_ALIAS (see plugin.hpp, which
// writes both for you): `plab_descriptor`, a PluginDescriptor, and `plab_create`, the
// factory. The engine reads `abi_version` first and refuses the plugin if it differs from
// kAbiVersion, so that member stays first in every future version of this struct.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "plab/abi.hpp"
#include "plab/learner.hpp"
#include "plab/params.hpp"

namespace plab {

// Tasks a learner handles; a descriptor's `tasks` is a bit set of these.
enum TaskFlag : std::uint32_t {
  kBinaryTask = 1u << 0,      // labels y ∈ {−1, +1}
  kMulticlassTask = 1u << 1,  // class indices 0..k−1, k ≥ 2
};

// The theorem a learner's mistakes are checked against (THEORY.md); the engine evaluates it.
enum class Guarantee : std::uint8_t {
  kNone,      // no mistake bound
  kNovikoff,  // classic perceptron: k ≤ (R/ρ)² from zero (§1), init-aware form else (§3)
  kNovikoffScaled,  // η-scaled perceptron: same, with the init-aware form scaled by η (§2, §3)
  kBatch,         // batch perceptron: T ≤ (R/ρ)² averaged, Σ m_t ≤ n(R/ρ)² plain sum (§4)
  kMulticlass,    // Kesler construction: k ≤ 2R²/γ² (§5)
  kLeastSquares,  // linear unit: distance to the least-squares optimum instead (§6)
  kMarginPerceptron,  // updates when y·(w·x̃) ≤ τ: k ≤ (R² + 2τ/η)/ρ² (docs/bounds.md)
};

enum class OrderSupport : std::uint8_t {
  kNone,           // batch learners: every epoch sees all samples; a config order is refused
  kPermutation,    // cyclic and shuffle
  kMistakeDriven,  // cyclic, shuffle, random_mistake and worst_mistake
};

enum class TaskKind : std::uint8_t { kBinary, kMulticlass };

// What the factory receives: validated params and the shape of the data it will train on.
struct LearnerSetup {
  const ParamSet& params;
  TaskKind task;
  std::size_t rows;     // samples in the training set
  std::size_t cols;     // augmented dimension
  std::size_t classes;  // number of classes (2 for binary tasks)
};

// A factory never throws across the boundary: it returns a learner or a sentence.
struct CreateResult {
  Learner* learner = nullptr;  // owned by the caller, deleted through Learner's destructor
  std::string error;
};

using CreateFunction = CreateResult(const LearnerSetup& setup);

// Checks that need more than one param (LIBLINEAR's check_parameter): "" when fine,
// otherwise one sentence saying what is wrong and what is accepted.
using CheckFunction = std::string(const ParamSet& params);

struct PluginDescriptor {
  std::uint32_t abi_version = kAbiVersion;  // must stay the first member
  const char* name = "";                    // [a-z0-9_]+, the name configs use
  const char* version = "";
  const char* summary = "";  // one line, for `plab plugins`
  const char* details = "";  // conventions (ties, steps), for `plab describe`
  const ParamSpec* params = nullptr;
  std::size_t param_count = 0;
  std::uint32_t tasks = kBinaryTask;
  Guarantee guarantee = Guarantee::kNone;
  OrderSupport orders = OrderSupport::kPermutation;
  CheckFunction* check = nullptr;  // may be nullptr
};

}  // namespace plab
