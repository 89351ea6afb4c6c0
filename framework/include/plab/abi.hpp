// The plugin ABI version and the visibility macros of the SDK.
//
// A plugin records kAbiVersion in its descriptor when it is compiled; the engine refuses a
// plugin whose recorded version differs from its own, naming both. Bump kAbiVersion whenever
// a type in this folder changes layout or a virtual function is added, removed or reordered.
// This is the only place the number lives.
#pragma once

#include <cstdint>

#include <boost/config.hpp>

namespace plab {

// Version 2: the descriptor's `declare_bound` (plab/bound.hpp) replaced the Guarantee enum.
// Version 3: Learner::on_start, called once the initial weights are set.
// Version 4: PluginDescriptor::create_lanes and the LaneGroup interface.
// Version 5: BoundForm::kWinnow (value 8) and BoundDeclaration::balanced, its 2n-weight flag;
//            BoundForm::kKernelNovikoff (value 7) and BoundDeclaration::kernel (plab/kernel.hpp).
//            Sparse storage: TrainingSet's CSR members and row_view, Sample::row, and
//            PluginDescriptor::storage (dense only by default).
//            TrainingSet::features32, the float rows of `precision: "float32"` data.
inline constexpr std::uint32_t kAbiVersion = 5;

}  // namespace plab

// Types whose identity must be shared between the engine and plugins (interfaces with
// virtual functions) are marked visible, so that a plugin built with -fvisibility=hidden
// still agrees with the engine on their vtables.
#define PLAB_INTERFACE BOOST_SYMBOL_VISIBLE
