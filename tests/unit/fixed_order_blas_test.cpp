// theory/fixed_order_blas.cpp: LIBLINEAR's BLAS calls bind to plab's own fixed-order loops,
// not to the machine's libblas.so.3, and those loops compute what BLAS defines.
#include "theory/fixed_order_blas.hpp"

#include <dlfcn.h>
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

extern "C" {
double ddot_(const int* n, const double* x, const int* incx, const double* y, const int* incy);
int daxpy_(const int* n, const double* a, const double* x, const int* incx, double* y,
           const int* incy);
int dscal_(const int* n, const double* a, double* x, const int* incx);
double dnrm2_(const int* n, const double* x, const int* incx);
}

namespace {

// The global lookup the dynamic linker makes for liblinear.so's undefined symbols finds
// these definitions first (this executable links liblinear.so, as plab does).
TEST(FixedOrderBlas, LiblinearCallsPlabsOwnRoutines) {
  EXPECT_EQ(dlsym(RTLD_DEFAULT, "ddot_"), reinterpret_cast<void*>(&ddot_));
  EXPECT_EQ(dlsym(RTLD_DEFAULT, "daxpy_"), reinterpret_cast<void*>(&daxpy_));
  EXPECT_EQ(dlsym(RTLD_DEFAULT, "dscal_"), reinterpret_cast<void*>(&dscal_));
  EXPECT_EQ(dlsym(RTLD_DEFAULT, "dnrm2_"), reinterpret_cast<void*>(&dnrm2_));
  EXPECT_TRUE(plab::fixed_order_blas_bound());
  // The calls are counted, so that the hinge path can tell LIBLINEAR reached them.
  const auto before = plab::fixed_order_blas_calls();
  const double x[2] = {3.0, 4.0};
  const int n = 2;
  const int one = 1;
  EXPECT_EQ(dnrm2_(&n, x, &one), 5.0);
  EXPECT_EQ(ddot_(&n, x, &one, x, &one), 25.0);
  EXPECT_EQ(plab::fixed_order_blas_calls(), before + 2);
}

TEST(FixedOrderBlas, RoutinesComputeWhatBlasDefines) {
  const std::vector<double> x{1.0, 2.0, 3.0, 4.0};
  std::vector<double> y{10.0, 20.0, 30.0, 40.0};
  const int n = 4;
  const int one = 1;
  const int two = 2;
  const int minus_one = -1;
  EXPECT_EQ(ddot_(&n, x.data(), &one, y.data(), &one), 300.0);
  // A negative increment walks x from its end: 4·10 + 3·20 + 2·30 + 1·40.
  EXPECT_EQ(ddot_(&n, x.data(), &minus_one, y.data(), &one), 200.0);
  const int half = 2;
  EXPECT_EQ(ddot_(&half, x.data(), &two, y.data(), &two), 1.0 * 10.0 + 3.0 * 30.0);
  // The sum is sequential: 1e16 + 1 + 1 loses both ones, a pairwise sum would not.
  const std::vector<double> big{1e16, 1.0, 1.0};
  const std::vector<double> ones{1.0, 1.0, 1.0};
  const int three = 3;
  EXPECT_EQ(ddot_(&three, big.data(), &one, ones.data(), &one), 1e16);
  const double a = 0.5;
  daxpy_(&n, &a, x.data(), &one, y.data(), &one);
  EXPECT_EQ(y, (std::vector<double>{10.5, 21.0, 31.5, 42.0}));
  const double zero = 0.0;
  const std::vector<double> nan(4, std::numeric_limits<double>::quiet_NaN());
  daxpy_(&n, &zero, nan.data(), &one, y.data(), &one);  // a = 0 leaves y as it is
  EXPECT_EQ(y, (std::vector<double>{10.5, 21.0, 31.5, 42.0}));
  std::vector<double> z = x;
  const double three_times = 3.0;
  dscal_(&n, &three_times, z.data(), &one);
  EXPECT_EQ(z, (std::vector<double>{3.0, 6.0, 9.0, 12.0}));
  EXPECT_DOUBLE_EQ(dnrm2_(&n, x.data(), &one), std::sqrt(30.0));
  // Scaled: neither 1e300² nor 1e-300² leaves the double range.
  const std::vector<double> huge{3e300, 4e300};
  const std::vector<double> tiny{3e-300, 4e-300};
  EXPECT_DOUBLE_EQ(dnrm2_(&half, huge.data(), &one), 5e300);
  EXPECT_DOUBLE_EQ(dnrm2_(&half, tiny.data(), &one), 5e-300);
  const int none = 0;
  EXPECT_EQ(dnrm2_(&none, x.data(), &one), 0.0);
}

}  // namespace
