// The plugin descriptor: what a plugin is, which params it takes, how it declares its bound.
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
#include "plab/bound.hpp"
#include "plab/lane_group.hpp"
#include "plab/learner.hpp"
#include "plab/params.hpp"

namespace plab {

// Tasks a learner handles; a descriptor's `tasks` is a bit set of these.
enum TaskFlag : std::uint32_t {
  kBinaryTask = 1u << 0,      // labels y ∈ {−1, +1}
  kMulticlassTask = 1u << 1,  // class indices 0..k−1, k ≥ 2
};

enum class OrderSupport : std::uint8_t {
  kNone,           // batch learners: every epoch sees all samples; a config order is refused
  kPermutation,    // cyclic and shuffle
  kMistakeDriven,  // cyclic, shuffle, random_mistake and worst_mistake
};

enum class TaskKind : std::uint8_t { kBinary, kMulticlass };

// The storages of data a learner trains on (plab/training_set.hpp).
enum class StorageSupport : std::uint8_t {
  kDenseOnly,       // reads rows as dense arrays (row(i), features): refused on sparse data
  kDenseAndSparse,  // reads rows through row_view / Sample::row and the SDK's kernels
};

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

// What `create_lanes` returns: a group, or no group and a reason. An empty reason means
// lanes are simply not offered for these params (e.g. `dot: "blocked"`): the engine then
// trains the runs one at a time.
struct CreateLanesResult {
  LaneGroup* group = nullptr;  // owned by the caller, deleted through LaneGroup's destructor
  std::string error;
};

// `width` is the number of lanes the engine asks for (2, 4, 8, 16 or 32), or 0 for the widest this
// CPU runs natively (plab/lane_loop.hpp). Never throws across the boundary.
using CreateLanesFunction = CreateLanesResult(const LearnerSetup& setup, std::size_t width);

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
  // Required: the bound its resolved params give (plab/bound.hpp); plab::no_bound for none.
  DeclareBoundFunction* declare_bound = nullptr;
  OrderSupport orders = OrderSupport::kPermutation;
  CheckFunction* check = nullptr;  // may be nullptr
  // Optional: trains several repeats side by side (plab/lane_group.hpp); nullptr when the
  // learner only trains one run at a time.
  CreateLanesFunction* create_lanes = nullptr;
  // Dense only unless the plugin says otherwise (ABI 5), so that a plugin written before
  // sparse storage existed is refused on sparse data rather than reading past its rows.
  StorageSupport storage = StorageSupport::kDenseOnly;
};

// A descriptor with the SDK's defaults filled in: this SDK's abi_version, and `params` and
// `param_count` from one array, so they cannot disagree.
//
//   constexpr plab::ParamSpec kParams[] = {plab::kTieParam, plab::kDotParam};
//   constexpr auto kDescriptor = plab::make_descriptor(
//       {.name = "my_learner", .version = "1.0.0", .summary = "...", .details = "...",
//        .declare_bound = plab::no_bound, .orders = plab::OrderSupport::kMistakeDriven},
//       kParams);
template <std::size_t N>
constexpr PluginDescriptor make_descriptor(PluginDescriptor d, const ParamSpec (&params)[N]) {
  d.abi_version = kAbiVersion;
  d.params = params;
  d.param_count = N;
  return d;
}

// The same, for a learner without params.
constexpr PluginDescriptor make_descriptor(PluginDescriptor d) {
  d.abi_version = kAbiVersion;
  d.params = nullptr;
  d.param_count = 0;
  return d;
}

}  // namespace plab
