// A polynomial kernel's feature space written out, to decide separability in it exactly
// (docs/bounds.md, "The kernel perceptron").
//
// On the rows the learner sees, K(a, b) = (s·ã·b̃ + c)^p = (t + s·a·b)^p with a, b the raw
// features and t = s + c when the rows are augmented (ã·b̃ = 1 + a·b), t = c otherwise.
// Expanded, it is Σₘ cₘ·ψₘ(a)·ψₘ(b) over the monomials ψₘ(x) = Π xⱼ^kⱼ of degree |k| ≤ p
// (exactly p when t = 0), with cₘ = C(p,|k|)·t^(p−|k|)·s^|k|·|k|!/Πkⱼ! > 0. So φ(x) =
// (√cₘ·ψₘ(x))ₘ, and since scaling coordinates by positive constants changes no answer to
// "is 0 in the hull of the yᵢφ(x̃ᵢ)?", the monomials alone decide it — exactly, when each is
// computed exactly in double (checked, or the map is refused). The linear kernel is the
// case p = 1, s = 1, c = 0: φ(x̃) = x̃. For t < 0 the kernel is not positive semidefinite
// and has no such map.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "data/dataset.hpp"
#include "plab/kernel.hpp"
#include "theory/kernel_theory.hpp"

namespace plab {

// The monomial rows ψ(x̃ᵢ) as a binary data set with the same labels: augmented (the
// constant monomial) when t > 0. nullopt with `why` when the kernel is rbf, t < 0, the map
// has more than `max_values` values, or a monomial is not exact in double.
std::optional<Dataset> monomial_features(const Dataset& data, const KernelSpec& k,
                                         std::size_t max_values, std::string& why);

// A proof that the data is not separable in the kernel's feature space: convex weights λ
// over rows with Σ λᵢyᵢψ(x̃ᵢ) = 0 exactly (Gordan's alternative in the monomial
// coordinates; theory/exact_gordan.hpp). `guess` seeds the exact check (a verifier passes
// the recorded weights); empty runs Wolfe's nearest-point search on the monomials first.
// nullopt with `why` when there is no proof. Both steps stop at `max_work` (counted as in
// theory/work_limit.hpp: the same step on every machine); `deadline` is a safety stop, and
// `*clock_stopped` (if given) says whether it was the one that ended the search.
std::optional<ConvexWeights> prove_not_kernel_separable(
    const Dataset& data, const KernelSpec& k, const ConvexWeights& guess,
    std::chrono::steady_clock::time_point deadline, std::string& why,
    std::uint64_t max_work = kKernelProofWork, bool* clock_stopped = nullptr);

inline constexpr std::size_t kMonomialFeatureValues = std::size_t{1} << 21;

}  // namespace plab
