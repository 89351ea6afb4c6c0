// LIBLINEAR's BLAS calls made in plab's own fixed order (fixed_order_blas.cpp).
#pragma once

#include <cstdint>

namespace plab {

// Whether the dynamic linker bound the four routines LIBLINEAR calls (ddot_, daxpy_, dscal_,
// dnrm2_) to plab's definitions, not to the machine's libblas.so.3. The hinge path runs only
// when they are, so that its candidates are the same bits on every machine. Calling it also
// links fixed_order_blas.cpp into the executable, which is what makes them bound.
bool fixed_order_blas_bound();

// How many times ddot_ and dnrm2_ have been called in this process: LIBLINEAR's primal solver
// calls both in every solve, so a solve that leaves the count unchanged did not use them.
std::uint64_t fixed_order_blas_calls();

}  // namespace plab
