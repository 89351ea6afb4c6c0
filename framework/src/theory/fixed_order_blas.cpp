// The four level-1 BLAS routines LIBLINEAR's primal solver calls (dnrm2_, ddot_, daxpy_,
// dscal_), defined in plab itself.
//
// Linked from libblas.so.3 they would be whichever BLAS the machine's alternatives select
// (reference, OpenBLAS, BLIS), each summing in its own order, and the hinge candidates (hence
// the records' nonsep_* fields) would differ from machine to machine. liblinear.so leaves
// these four undefined, and the dynamic linker resolves them to the executable's definitions
// before any library's, so every machine computes them in this one order. Written as the
// reference BLAS defines them (arguments by address, as Fortran passes them); dnrm2 scales
// as the reference dnrm2 of LAPACK 3.9 did, so it neither overflows nor underflows.
#include "theory/fixed_order_blas.hpp"

#include <dlfcn.h>

#include <atomic>
#include <cmath>
#include <cstddef>
#include <cstdint>

namespace {

// Calls of these routines, so that a caller can tell that LIBLINEAR reached them (a library
// that bound its own BLAS internally would pass the symbol lookup and never call them).
std::atomic<std::uint64_t> calls{0};

// The element k of a vector of n with increment inc, as BLAS indexes it: a negative
// increment walks the vector from its end.
std::ptrdiff_t at(int k, int n, int inc) {
  return inc >= 0 ? std::ptrdiff_t{k} * inc : std::ptrdiff_t{n - 1 - k} * -inc;
}

}  // namespace

extern "C" {

// NOLINTBEGIN(readability-identifier-naming, bugprone-easily-swappable-parameters): BLAS's names
// and signatures
double ddot_(const int* n, const double* x, const int* incx, const double* y, const int* incy) {
  calls.fetch_add(1, std::memory_order_relaxed);
  double sum = 0.0;
  for (int k = 0; k < *n; ++k) sum += x[at(k, *n, *incx)] * y[at(k, *n, *incy)];
  return sum;
}

int daxpy_(const int* n, const double* a, const double* x, const int* incx, double* y,
           const int* incy) {
  if (*a == 0.0) return 0;  // as the reference: y unchanged, even where x is not finite
  for (int k = 0; k < *n; ++k) y[at(k, *n, *incy)] += *a * x[at(k, *n, *incx)];
  return 0;
}

int dscal_(const int* n, const double* a, double* x, const int* incx) {
  if (*incx <= 0) return 0;  // the reference does nothing for a non-positive increment
  for (int k = 0; k < *n; ++k) x[std::ptrdiff_t{k} * *incx] *= *a;
  return 0;
}

double dnrm2_(const int* n, const double* x, const int* incx) {
  calls.fetch_add(1, std::memory_order_relaxed);
  if (*n < 1 || *incx < 1) return 0.0;
  if (*n == 1) return std::fabs(x[0]);
  double scale = 0.0;
  double ssq = 1.0;
  for (int k = 0; k < *n; ++k) {
    const double v = x[std::ptrdiff_t{k} * *incx];
    if (v == 0.0) continue;
    const double size = std::fabs(v);
    // Rounded as the reference's ONE + SSQ*(SCALE/ABSXI)**2: the square first.
    if (scale < size) {
      const double ratio = scale / size;
      ssq = 1.0 + ssq * (ratio * ratio);
      scale = size;
    } else {
      const double ratio = size / scale;
      ssq += ratio * ratio;
    }
  }
  return scale * std::sqrt(ssq);
}
// NOLINTEND(readability-identifier-naming, bugprone-easily-swappable-parameters)

}  // extern "C"

namespace plab {

std::uint64_t fixed_order_blas_calls() { return calls.load(std::memory_order_relaxed); }

bool fixed_order_blas_bound() {
  // RTLD_DEFAULT searches the way the dynamic linker resolved liblinear.so's references:
  // the executable first, then the libraries in load order.
  return dlsym(RTLD_DEFAULT, "ddot_") == reinterpret_cast<void*>(&ddot_) &&
         dlsym(RTLD_DEFAULT, "daxpy_") == reinterpret_cast<void*>(&daxpy_) &&
         dlsym(RTLD_DEFAULT, "dscal_") == reinterpret_cast<void*>(&dscal_) &&
         dlsym(RTLD_DEFAULT, "dnrm2_") == reinterpret_cast<void*>(&dnrm2_);
}

}  // namespace plab
