// plab/certified_sign_dot.hpp: the certified sign is the sequential sum's sign (with its zero
// and NaN cases) on sums where the blocked sum's sign is not, on rows of doubles and floats;
// and an epoch of the shared loop summed with it is the sequential epoch bit for bit (the same
// updates, the same weights) on dense, float and sparse rows, with and without gaps.
#include "plab/certified_sign_dot.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>
#include <random>
#include <vector>

#include "plab/binary_online_learner.hpp"
#include "plab/online_loop.hpp"
#include "plab/testing.hpp"

namespace plab {
namespace {

enum class SignClass { kNegative, kZero, kPositive, kNaN };

SignClass sign_class(double v) {
  if (std::isnan(v)) return SignClass::kNaN;
  if (v == 0.0) return SignClass::kZero;
  return v > 0.0 ? SignClass::kPositive : SignClass::kNegative;
}

std::uint64_t bits(double v) { return std::bit_cast<std::uint64_t>(v); }

// Weights of sizes from 2^-40 to 2^40 on features in ±[0.5, 2), floats already, with the last
// weight chosen so that the sum nearly cancels: the two orders round it differently, often
// to opposite signs.
struct CancellingSum {
  std::vector<double> w;
  std::vector<float> x;
};

CancellingSum cancelling_sum(std::mt19937_64& gen, std::size_t n) {
  std::uniform_real_distribution<double> mantissa(1.0, 2.0);
  std::uniform_int_distribution<int> exponent(-40, 40);
  std::uniform_real_distribution<float> feature(0.5F, 2.0F);
  CancellingSum s{std::vector<double>(n), std::vector<float>(n)};
  for (std::size_t j = 0; j < n; ++j) {
    s.w[j] = std::ldexp(mantissa(gen), exponent(gen)) * (gen() % 2 == 0 ? 1.0 : -1.0);
    s.x[j] = feature(gen) * (gen() % 2 == 0 ? 1.0F : -1.0F);
  }
  const double rest = dot(s.w.data(), s.x.data(), n - 1);
  s.w[n - 1] = -rest / static_cast<double>(s.x[n - 1]);
  return s;
}

TEST(CertifiedSignDot, IsTheSequentialSumsSignWhereTheBlockedSumsSignIsNot) {
  std::mt19937_64 gen(2026);
  std::size_t blocked_differs = 0;
  for (std::size_t n : {16u, 17u, 24u, 31u, 100u, 257u}) {
    for (int trial = 0; trial < 3000; ++trial) {
      const CancellingSum s = cancelling_sum(gen, n);
      const std::vector<double> x(s.x.begin(), s.x.end());
      const double sequential = dot(s.w.data(), x.data(), n);
      ASSERT_EQ(sign_class(certified_sign_dot(s.w.data(), x.data(), n)), sign_class(sequential))
          << "n " << n << " trial " << trial;
      // Float rows: the same values, so the same sequential sum.
      ASSERT_EQ(sign_class(certified_sign_dot(s.w.data(), s.x.data(), n)), sign_class(sequential));
      if (sign_class(dot_blocked(s.w.data(), x.data(), n)) != sign_class(sequential)) {
        ++blocked_differs;
      }
    }
  }
  // The sums are hard enough that the blocked order alone would decide some of them wrong.
  EXPECT_GT(blocked_differs, 100U);
}

TEST(CertifiedSignDot, ZerosNonFiniteAndTinySumsAreTheSequentialSumItself) {
  const std::size_t n = 32;
  const double inf = std::numeric_limits<double>::infinity();
  std::vector<std::vector<double>> ws, xs;
  // An exact zero: alternating features on equal weights.
  ws.emplace_back(n, 1.0);
  xs.emplace_back(n);
  for (std::size_t j = 0; j < n; ++j) xs.back()[j] = j % 2 == 0 ? 1.0 : -1.0;
  // inf · 0 = NaN, and an infinite product.
  ws.emplace_back(n, 1.0);
  ws.back()[5] = inf;
  xs.emplace_back(n, 0.25);
  xs.back()[5] = 0.0;
  ws.emplace_back(n, 1.0);
  ws.back()[3] = -inf;
  xs.emplace_back(n, 0.25);
  // Finite products whose sequential sum overflows while each blocked partial sum cancels.
  ws.emplace_back(n, 1e308);
  xs.emplace_back(n);
  for (std::size_t j = 0; j < n; ++j) xs.back()[j] = (j / 8) % 2 == 0 ? 1.5 : -1.5;
  // Products in the subnormal range, where the bound is no normal number.
  ws.emplace_back(n, 1e-300);
  xs.emplace_back(n);
  for (std::size_t j = 0; j < n; ++j) xs.back()[j] = (j % 3 == 0 ? -1e-10 : 0.7e-10);
  for (std::size_t c = 0; c < ws.size(); ++c) {
    const double sequential = dot(ws[c].data(), xs[c].data(), n);
    EXPECT_EQ(bits(certified_sign_dot(ws[c].data(), xs[c].data(), n)), bits(sequential))
        << "case " << c << ": " << sequential;
  }
  EXPECT_EQ(bits(certified_sign_dot(ws[0].data(), xs[0].data(), n)), bits(0.0));
  EXPECT_TRUE(std::isinf(certified_sign_dot(ws[3].data(), xs[3].data(), n)));
}

// Short rows are summed sequentially as they are: no test is cheaper than the sum.
TEST(CertifiedSignDot, ShortRowsGetTheSequentialSum) {
  std::mt19937_64 gen(7);
  for (int trial = 0; trial < 200; ++trial) {
    const CancellingSum s = cancelling_sum(gen, detail::kCertifyFromTerms - 1);
    const std::size_t n = s.w.size();
    EXPECT_EQ(bits(certified_sign_dot(s.w.data(), s.x.data(), n)),
              bits(dot(s.w.data(), s.x.data(), n)));
  }
}

// A sum whose two orders disagree in sign by construction: the sequential sum loses every
// 2^-53 to rounding against the leading 1, cancels it, and ends at -2^-55; the partial sums
// keep them and end near +54·2^-53. Its fast sum sits at 0.41 of (n+1)·u·Â.
constexpr double kUnitRoundoff = 0x1p-53;
struct Row {
  std::vector<double> w, x;
};
Row orders_disagree() {
  const std::size_t n = 64;
  const double u = kUnitRoundoff;
  Row r{std::vector<double>(n), std::vector<double>(n, 1.0)};
  r.w[0] = 1.0;
  for (std::size_t j = 1; j < n - 2; ++j) r.w[j] = j % 8 != 0 ? u : 0.0;
  r.w[n - 2] = -1.0;
  r.w[n - 1] = -u / 4;
  return r;
}

// The certified value of that sum is the sequential sum's; a bound constant below 0.41
// would take its fast sum.
TEST(CertifiedSignDot, ASumWhoseOrdersDisagreeInSignFallsBack) {
  const Row r = orders_disagree();
  const std::size_t n = r.w.size();
  const double u = kUnitRoundoff;
  const double sequential = dot(r.w.data(), r.x.data(), n);
  ASSERT_EQ(sequential, -u / 4);
  ASSERT_GT(dot_blocked(r.w.data(), r.x.data(), n), 0.0);
  EXPECT_EQ(bits(certified_sign_dot(r.w.data(), r.x.data(), n)), bits(sequential));
}

// A sparse row in a wider weight vector: its n entries at columns first, first + stride, …;
// every other weight is huge, so that a term read from the wrong column shows.
struct SparseCase {
  std::vector<double> w;
  std::vector<std::uint32_t> index;
  std::vector<double> value;
  SparseRow row() const { return {index.data(), value.data(), index.size()}; }
};

SparseCase spread(const std::vector<double>& w, const std::vector<double>& x, std::uint32_t first,
                  std::uint32_t stride) {
  SparseCase c{std::vector<double>(first + stride * w.size() + 3, 1e300), {}, x};
  for (std::size_t k = 0; k < w.size(); ++k) {
    c.index.push_back(first + stride * static_cast<std::uint32_t>(k));
    c.w[c.index.back()] = w[k];
  }
  return c;
}

// On sparse rows, of consecutive columns or with gaps, the sum whose orders disagree falls back
// to the sequential sum, and a well-separated sum is the dense loop's fast sum of the same
// terms, bit for bit; so is a row that stores every column, which takes the dense loop.
TEST(CertifiedSignDot, SparseRowsWithAndWithoutGapsAreTheDenseRowsTerms) {
  const Row r = orders_disagree();
  const double u = kUnitRoundoff;
  std::mt19937_64 gen(17);
  std::uniform_real_distribution<double> positive(0.1, 1.0);
  std::vector<double> pw(101), px(101);
  for (std::size_t j = 0; j < pw.size(); ++j) {
    pw[j] = positive(gen);
    px[j] = positive(gen);
  }
  const double fast = certified_sign_dot(pw.data(), px.data(), pw.size());
  ASSERT_NE(bits(fast), bits(dot(pw.data(), px.data(), pw.size())));
  for (const std::uint32_t stride : {1U, 2U}) {
    for (const std::uint32_t first : {0U, 3U}) {
      SCOPED_TRACE(::testing::Message() << "stride " << stride << ", first " << first);
      const SparseCase tie = spread(r.w, r.x, first, stride);
      const SparseCase separated = spread(pw, px, first, stride);
      EXPECT_EQ(bits(certified_sign_dot(tie.w.data(), tie.row())), bits(-u / 4));
      EXPECT_EQ(bits(certified_sign_dot(separated.w.data(), separated.row())), bits(fast));
      // Fewer entries than columns: the gathering loop, whatever the columns' count.
      EXPECT_EQ(bits(certified_sign_dot(tie.w.data(), tie.row(), tie.w.size())), bits(-u / 4));
      EXPECT_EQ(bits(certified_sign_dot(separated.w.data(), separated.row(), separated.w.size())),
                bits(fast));
    }
  }
  // One column short of the data's (a single gap at column 40 of 65): the gathering loop.
  SparseCase gap = spread(r.w, r.x, 0, 1);
  gap.w.insert(gap.w.begin() + 40, 1e300);
  for (std::size_t k = 40; k < gap.index.size(); ++k) ++gap.index[k];
  EXPECT_EQ(bits(certified_sign_dot(gap.w.data(), gap.row(), r.w.size() + 1)), bits(-u / 4));
  // Every column stored: the dense loop on the values.
  const SparseCase tie = spread(r.w, r.x, 0, 1);
  const SparseCase separated = spread(pw, px, 0, 1);
  EXPECT_EQ(bits(certified_sign_dot(tie.w.data(), tie.row(), r.w.size())), bits(-u / 4));
  EXPECT_EQ(bits(certified_sign_dot(separated.w.data(), separated.row(), pw.size())), bits(fast));
}

// Far from a tie the fast sum itself is returned: the header's order, eight partial sums
// j mod 8 in four pairs, combined as ((P0+P2)+(P4+P6)) + ((P1+P3)+(P5+P7)), then the tail.
TEST(CertifiedSignDot, AWellSeparatedSumIsTheFastSum) {
  std::mt19937_64 gen(5);
  std::uniform_real_distribution<double> positive(0.1, 1.0);
  std::size_t differs = 0;
  for (std::size_t n : {16u, 24u, 37u, 101u}) {
    for (int trial = 0; trial < 200; ++trial) {
      std::vector<double> w(n), x(n);
      for (std::size_t j = 0; j < n; ++j) {
        w[j] = positive(gen);
        x[j] = positive(gen);
      }
      double part[8] = {0, 0, 0, 0, 0, 0, 0, 0};
      const std::size_t blocked = n - n % 8;
      for (std::size_t j = 0; j < blocked; ++j) part[j % 8] += w[j] * x[j];
      double fast =
          ((part[0] + part[2]) + (part[4] + part[6])) + ((part[1] + part[3]) + (part[5] + part[7]));
      for (std::size_t j = blocked; j < n; ++j) fast += w[j] * x[j];
      ASSERT_EQ(bits(certified_sign_dot(w.data(), x.data(), n)), bits(fast)) << n;
      if (bits(fast) != bits(dot(w.data(), x.data(), n))) ++differs;
    }
  }
  EXPECT_GT(differs, 0U);  // so the value returned is not the sequential sum's
}

// Which step rules an epoch may give the certified sign: by label alone, and no sample seen
// when right (plab/binary_online_learner.hpp).
struct ByLabel {
  double coefficient(double y) const { return y; }
};
struct ByLabelSeeingCorrect {
  double coefficient(double y) const { return y; }
  void on_correct(const Sample& /*s*/) {}
};
struct BySample {
  double coefficient(const Sample& s) const { return s.y / (1.0 + s.score * s.score); }
};
struct ByBoth {
  double coefficient(double y) const { return y; }
  double coefficient(const Sample& s) const { return s.score; }
};
static_assert(detail::reads_only_the_sign<ByLabel>());
static_assert(!detail::reads_only_the_sign<ByLabelSeeingCorrect>());
static_assert(!detail::reads_only_the_sign<BySample>());
static_assert(!detail::reads_only_the_sign<ByBoth>());

struct ClassicMistakeTie : TieMistake {
  static double step(double /*score*/, double y) { return y; }
};
struct ClassicPositiveTie : TiePositive {
  static double step(double /*score*/, double y) { return y; }
};

// Rows mixing small quarters (scores tie at exactly zero now and then) with features of
// widely different sizes (sums that nearly cancel), in 24 columns with the bias.
testing::SmallData hard_rows(bool sparse) {
  std::mt19937 gen(11);
  std::uniform_int_distribution<int> quarter(-2, 2);
  std::uniform_int_distribution<int> exponent(-20, 20);
  std::vector<std::vector<double>> x(80, std::vector<double>(23));
  std::vector<int> y(80);
  for (std::size_t i = 0; i < x.size(); ++i) {
    for (std::size_t j = 0; j < x[i].size(); ++j) {
      x[i][j] = j < 12 ? quarter(gen) * 0.25 : std::ldexp(quarter(gen) + 0.5, exponent(gen));
    }
    y[i] = quarter(gen) >= 0 ? 1 : -1;
  }
  return testing::SmallData(x, y, true, sparse);
}

template <class Rule>
void expect_epochs_equal(const TrainingSet& data) {
  std::vector<double> sequential(data.cols, 0.0), certified(data.cols, 0.0);
  std::mt19937 gen(3);
  std::vector<std::uint32_t> order(data.rows);
  std::iota(order.begin(), order.end(), 0U);
  std::uint64_t updates = 0;
  for (int epoch = 0; epoch < 12; ++epoch) {
    std::shuffle(order.begin(), order.end(), gen);
    const EpochOutcome a =
        online_epoch(data, order.data(), sequential.data(), Rule{}, nullptr, SequentialDot{});
    const EpochOutcome b =
        online_epoch(data, order.data(), certified.data(), Rule{}, nullptr, CertifiedSignDot{});
    ASSERT_EQ(a.updates, b.updates) << "epoch " << epoch;
    ASSERT_EQ(a.converged, b.converged);
    for (std::size_t j = 0; j < data.cols; ++j) {
      ASSERT_EQ(bits(sequential[j]), bits(certified[j])) << "epoch " << epoch << " weight " << j;
    }
    updates += a.updates;
  }
  EXPECT_GT(updates, 50U);  // the epochs did learn something
}

TEST(CertifiedSignDot, AnEpochIsTheSequentialEpochBitForBit) {
  for (bool sparse : {false, true}) {
    const testing::SmallData data = hard_rows(sparse);
    SCOPED_TRACE(sparse ? "sparse" : "dense");
    expect_epochs_equal<ClassicMistakeTie>(data.view());
    expect_epochs_equal<ClassicPositiveTie>(data.view());
  }
  // Float rows (precision float32): the values are quarters and powers of two, floats already.
  const testing::SmallData data = hard_rows(false);
  std::vector<float> floats(data.view().features,
                            data.view().features + data.view().rows * data.view().cols);
  TrainingSet float_set = data.view();
  float_set.features32 = floats.data();
  SCOPED_TRACE("float32");
  expect_epochs_equal<ClassicMistakeTie>(float_set);
  expect_epochs_equal<ClassicPositiveTie>(float_set);
}

// Rows that nearly cancel against the start weights, labelled by the blocked sum's sign: the
// sequential sum disagrees on some of them, and those alone are mistakes. An epoch that took
// the blocked sum's word would make none.
TEST(CertifiedSignDot, AnEpochDecidesNearTiesAsTheSequentialSumDoes) {
  const std::size_t cols = 40, rows = 400;
  std::mt19937_64 gen(99);
  std::uniform_real_distribution<double> mantissa(1.0, 2.0);
  std::uniform_int_distribution<int> exponent(-30, 30);
  std::vector<double> start(cols);
  for (double& v : start) v = std::ldexp(mantissa(gen), exponent(gen)) * (gen() % 2 ? 1 : -1);
  std::vector<std::vector<double>> x(rows, std::vector<double>(cols));
  std::vector<int> y(rows);
  std::size_t disagree = 0;
  for (std::size_t i = 0; i < rows; ++i) {
    for (double& v : x[i]) v = mantissa(gen) * (gen() % 2 ? 1 : -1);
    x[i][cols - 1] = -dot(start.data(), x[i].data(), cols - 1) / start[cols - 1];
    const double blocked = dot_blocked(start.data(), x[i].data(), cols);
    y[i] = blocked > 0.0 ? 1 : -1;
    if (TieMistake::is_mistake(dot(start.data(), x[i].data(), cols), y[i])) ++disagree;
  }
  ASSERT_GT(disagree, 0U) << "no row where the orders disagree";
  for (bool sparse : {false, true}) {
    SCOPED_TRACE(sparse ? "sparse" : "dense");
    const testing::SmallData data(x, y, false, sparse);
    std::vector<double> sequential = start, certified = start;
    const EpochOutcome a = online_epoch(data.view(), nullptr, sequential.data(),
                                        ClassicMistakeTie{}, nullptr, SequentialDot{});
    const EpochOutcome b = online_epoch(data.view(), nullptr, certified.data(), ClassicMistakeTie{},
                                        nullptr, CertifiedSignDot{});
    EXPECT_GT(a.updates, 0U);
    EXPECT_EQ(a.updates, b.updates);
    for (std::size_t j = 0; j < cols; ++j) ASSERT_EQ(bits(sequential[j]), bits(certified[j])) << j;
  }
}

}  // namespace
}  // namespace plab
