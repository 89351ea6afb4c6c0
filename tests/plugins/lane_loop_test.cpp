// plab/lane_loop.hpp: each lane of a group is the one-at-a-time loop of online_loop.hpp, bit
// for bit: weights, update counts and convergence, under both tie rules, shared and per-lane
// orders, with idle lanes untouched (to the sign of a zero) and every width.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "plab/binary_online_learner.hpp"
#include "plab/testing.hpp"

namespace plab {
namespace {

// `rows` rows of `dim` values from draw(gen), each labelled by the sign of one more draw.
template <class Draw>
testing::SmallData random_rows(std::size_t rows, std::size_t dim, std::uint32_t seed, Draw draw) {
  std::mt19937 gen(seed);
  std::vector<std::vector<double>> x(rows, std::vector<double>(dim));
  std::vector<int> y(rows);
  for (std::size_t i = 0; i < rows; ++i) {
    for (double& v : x[i]) v = draw(gen);
    y[i] = draw(gen) >= 0.0 ? 1 : -1;
  }
  return testing::SmallData(x, y);
}

// Rows whose scores tie at zero now and then: quarters from −0.5 to 0.5, some exactly zero.
testing::SmallData tie_prone_data(std::size_t rows, std::size_t dim, std::uint32_t seed) {
  std::uniform_int_distribution<int> value(-2, 2);
  return random_rows(rows, dim, seed, [&](std::mt19937& gen) { return value(gen) * 0.25; });
}

// Rows whose products and sums round, so that a sum in another order gives other bits: floats
// (so that a float copy of the rows holds the same values) drawn from (−1, 1).
testing::SmallData rounding_data(std::size_t rows, std::size_t dim, std::uint32_t seed) {
  std::uniform_real_distribution<float> value(-1.0F, 1.0F);
  return random_rows(rows, dim, seed,
                     [&](std::mt19937& gen) { return static_cast<double>(value(gen)); });
}

struct HalfStep {  // η = 0.5, residual form: a = η·(y − (−y))
  double step(double /*score*/, double y) const { return 0.5 * (y - (-y)); }
};
struct PositiveTieHalfStep : TiePositive, HalfStep {};
struct MistakeTieHalfStep : TieMistake, HalfStep {};
// A rule that decides all lanes in vector instructions (kVectorRule), as the bundled
// learners' rules do: its step depends on the label alone.
struct VectorHalfStep : TieMistake {
  static double step(double /*score*/, double y) { return 0.5 * (y - (-y)); }
  static double step_for_label(double y) { return 0.5 * (y - (-y)); }
};
struct VectorPositiveHalfStep : TiePositive {
  static double step(double /*score*/, double y) { return 0.5 * (y - (-y)); }
  static double step_for_label(double y) { return 0.5 * (y - (-y)); }
};
struct MarginRule {
  double tau = 0.75;
  bool is_mistake(double score, double y) const { return !(y * score > tau); }
  double step(double /*score*/, double y) const { return 0.25 * y; }
};

std::vector<double> start_weights(std::size_t lane, std::size_t cols) {
  std::vector<double> w(cols);
  for (std::size_t j = 0; j < cols; ++j) w[j] = lane % 3 == 0 ? 0.0 : 0.125 * double(lane + j) - 1;
  return w;
}

bool same_bits(const std::vector<double>& a, const std::vector<double>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t j = 0; j < a.size(); ++j) {
    if (std::bit_cast<std::uint64_t>(a[j]) != std::bit_cast<std::uint64_t>(b[j])) return false;
  }
  return true;
}

// With `float_rows`, the lanes read a float copy of the rows (precision float32; the values
// are floats already) and each lone run the doubles. `rounding` draws rows whose sums round.
template <class Rule>
void expect_lanes_equal_alone(const Rule& rule, std::size_t width, bool per_lane_orders,
                              bool float_rows = false, std::size_t dim = 6, bool rounding = false) {
  const testing::SmallData data =
      rounding ? rounding_data(40, dim, 17) : tie_prone_data(40, dim, 17);
  const TrainingSet& set = data.view();
  std::vector<float> floats(set.features, set.features + set.rows * set.cols);
  TrainingSet lane_set = set;
  if (float_rows) lane_set.features32 = floats.data();
  CreateLanesResult made = make_online_lanes(rule, set.cols, width);
  ASSERT_NE(made.group, nullptr) << made.error;
  std::unique_ptr<LaneGroup> group(made.group);
  ASSERT_EQ(group->width(), width);
  // Lane 1 idle, holding a −0.0 that an unmasked "+ 0·x" would turn into +0.0.
  std::vector<std::uint8_t> active(width, 1);
  active[1] = 0;
  std::vector<double> idle(set.cols, -0.0);
  std::vector<std::vector<double>> alone(width);
  std::vector<std::vector<std::uint32_t>> orders(width);
  std::vector<const std::uint32_t*> order_of(width, nullptr);
  std::mt19937 gen(5);
  for (std::size_t k = 0; k < width; ++k) {
    alone[k] = k == 1 ? idle : start_weights(k, set.cols);
    group->set_weights(k, alone[k]);
    orders[k].resize(set.rows);
    for (std::uint32_t i = 0; i < set.rows; ++i) orders[k][i] = i;
  }
  for (int epoch = 0; epoch < 6; ++epoch) {
    for (std::size_t k = 0; k < width; ++k) {
      std::shuffle(orders[k].begin(), orders[k].end(), gen);
      order_of[k] = active[k] != 0 ? orders[k].data() : nullptr;
    }
    std::vector<EpochOutcome> lanes(width);
    group->train_epoch(lane_set, per_lane_orders ? order_of.data() : nullptr, active.data(),
                       lanes.data());
    for (std::size_t k = 0; k < width; ++k) {
      std::vector<double> w(set.cols);
      group->get_weights(k, w);
      if (active[k] == 0) {
        EXPECT_TRUE(same_bits(w, idle)) << "idle lane " << k << " changed";
        continue;
      }
      Rule copy = rule;
      const EpochOutcome one = online_epoch(set, per_lane_orders ? orders[k].data() : nullptr,
                                            alone[k].data(), copy, nullptr);
      EXPECT_TRUE(same_bits(w, alone[k])) << "lane " << k << " of " << width << ", epoch " << epoch;
      EXPECT_EQ(lanes[k].updates, one.updates) << "lane " << k;
      EXPECT_EQ(lanes[k].mistakes, one.mistakes) << "lane " << k;
      EXPECT_EQ(lanes[k].converged, one.converged) << "lane " << k;
    }
  }
}

TEST(LaneLoop, EveryLaneIsTheLoneRunBitForBit) {
  for (const std::size_t width : {2u, 4u, 8u, 16u, 32u}) {
    for (const bool per_lane : {false, true}) {
      expect_lanes_equal_alone(MistakeTieHalfStep{}, width, per_lane);
      expect_lanes_equal_alone(PositiveTieHalfStep{}, width, per_lane);
      expect_lanes_equal_alone(MarginRule{}, width, per_lane);
    }
  }
}

// Two to eight columns get a pass whose weights stay in registers (AVX-512), nine do not:
// every count, with vector rules of both ties and a scalar rule, is still the lone run to
// the bit. (On a CPU without AVX-512 this checks the other passes only.)
TEST(LaneLoop, WeightsHeldInRegistersForFewColumnsAreTheLoneRunBitForBit) {
  for (std::size_t dim = 1; dim <= 8; ++dim) {
    for (const std::size_t width : {8u, 16u, 32u}) {
      for (const bool per_lane : {false, true}) {
        SCOPED_TRACE("columns " + std::to_string(dim + 1) + ", width " + std::to_string(width));
        expect_lanes_equal_alone(VectorHalfStep{}, width, per_lane, false, dim);
        expect_lanes_equal_alone(VectorPositiveHalfStep{}, width, per_lane, false, dim);
        expect_lanes_equal_alone(MarginRule{}, width, per_lane, false, dim);
      }
    }
  }
}

TEST(LaneLoop, LanesOnFloatRowsAreTheLoneRunOnDoublesBitForBit) {
  for (const std::size_t width : {2u, 8u, 16u}) {
    for (const bool per_lane : {false, true}) {
      expect_lanes_equal_alone(MistakeTieHalfStep{}, width, per_lane, true);
      expect_lanes_equal_alone(MarginRule{}, width, per_lane, true);
    }
  }
}

// Per-run orders on eight columns or more: AVX-512 lanes read eight columns of eight rows at a
// time and transpose them, and a lane that erred updates its weights alone. Column counts with
// and without a remainder of eight, doubles and floats, one to four vectors of lanes, on rows
// with ties and on rows whose sums round (where another order of additions shows).
TEST(LaneLoop, PerRunOrdersOnManyColumnsAreTheLoneRunBitForBit) {
  for (const std::size_t dim : {7u, 8u, 15u, 16u, 21u}) {
    for (const std::size_t width : {4u, 8u, 16u, 32u}) {
      for (const bool floats : {false, true}) {
        for (const bool rounding : {false, true}) {
          SCOPED_TRACE("columns " + std::to_string(dim + 1) + ", width " + std::to_string(width) +
                       (floats ? ", float rows" : "") + (rounding ? ", rounding" : ""));
          expect_lanes_equal_alone(VectorHalfStep{}, width, true, floats, dim, rounding);
          expect_lanes_equal_alone(VectorPositiveHalfStep{}, width, true, floats, dim, rounding);
          expect_lanes_equal_alone(MarginRule{}, width, true, floats, dim, rounding);
        }
      }
    }
  }
}

// A score that is zero in the sequential order and 1 in any order that adds ±2⁵³ first: the
// products 1, 2⁵³, −2⁵³ (1 + 2⁵³ rounds to 2⁵³) at columns p, p+1, p+2 of a row of ones, zeros
// elsewhere. The lone run errs on it (y = +1, a zero score is a mistake, and 0 is not above
// τ); a lane that summed in another order, or read a column into the wrong place, would not.
// p runs over every place in and across the eight-column blocks and the remainder.
TEST(LaneLoop, ANearTieIsDecidedInTheSequentialOrder) {
  constexpr std::size_t kDim = 20;  // 21 columns with the bias: two blocks of 8 and 5 more
  const testing::SmallData data({std::vector<double>(kDim, 1.0)}, {+1});
  const TrainingSet& set = data.view();
  for (const std::size_t width : {4u, 8u, 16u, 32u}) {
    for (const bool per_lane : {false, true}) {
      for (std::size_t first = 0; first + 3 <= set.cols; first += width) {
        SCOPED_TRACE("width " + std::to_string(width) + (per_lane ? ", per-run orders" : ""));
        const auto check = [&](const auto& rule) {
          CreateLanesResult made = make_online_lanes(rule, set.cols, width);
          ASSERT_NE(made.group, nullptr) << made.error;
          std::unique_ptr<LaneGroup> group(made.group);
          std::vector<std::uint8_t> active(width, 0);
          std::vector<std::vector<double>> start(width);
          for (std::size_t k = 0; k < width; ++k) {
            const std::size_t p = first + k;
            start[k].assign(set.cols, 0.0);
            if (p + 3 <= set.cols) {
              start[k][p] = 1.0;
              start[k][p + 1] = 0x1p53;
              start[k][p + 2] = -0x1p53;
              active[k] = 1;
            }
            group->set_weights(k, start[k]);
          }
          const std::vector<std::uint32_t> order{0};
          const std::vector<const std::uint32_t*> orders(width, order.data());
          std::vector<EpochOutcome> outcomes(width);
          group->train_epoch(set, per_lane ? orders.data() : nullptr, active.data(),
                             outcomes.data());
          for (std::size_t k = 0; k < width; ++k) {
            if (active[k] == 0) continue;
            auto copy = rule;
            std::vector<double> alone = start[k];
            const EpochOutcome one = online_epoch(set, nullptr, alone.data(), copy, nullptr);
            ASSERT_EQ(one.updates, 1U) << "the lone run errs, columns " << first + k;
            EXPECT_EQ(outcomes[k].updates, 1U) << "the tie at columns " << first + k;
          }
        };
        check(VectorHalfStep{});
        check(MarginRule{});
      }
    }
  }
}

// An averaging rule (the averaged perceptron's lane form) hands a lane's weights and its
// running correction Σ (visits before the update)·y·x̃ to a learner; this one keeps them.
struct HandedOver final : Learner {
  WeightShape shape() const override { return {1, 0}; }
  std::span<double> weights() override { return {}; }
  EpochOutcome train_epoch(const TrainingSet& /*data*/, const std::uint32_t* /*order*/,
                           UpdateObserver* /*observer*/) override {
    return {};
  }
  std::size_t count_errors(const TrainingSet& /*data*/) const override { return 0; }
  std::vector<double> w, sums;
  std::uint64_t visits = 0;
};
struct AveragingStep : TieMistake {
  static constexpr bool kAverages = true;
  static double step(double /*score*/, double y) { return y; }
  static double step_for_label(double y) { return y; }
  static void hand_over(Learner& learner, std::span<const double> w, std::span<const double> sums,
                        std::uint64_t visits) {
    auto& into = dynamic_cast<HandedOver&>(learner);
    into.w.assign(w.begin(), w.end());
    into.sums.assign(sums.begin(), sums.end());
    into.visits = visits;
  }
};

// Each lane's weights and correction are those of the rule applied alone, visit by visit, to
// the bit: shared and per-run orders, columns below, at and past a multiple of eight.
TEST(LaneLoop, AveragingLanesKeepTheLoneRunsCorrectionBitForBit) {
  for (const std::size_t dim : {5u, 15u, 20u, 21u}) {
    // Ties at first; the last with rows whose sums and corrections round.
    const testing::SmallData data =
        dim == 21 ? rounding_data(40, dim, 23) : tie_prone_data(40, dim, 23);
    const TrainingSet& set = data.view();
    for (const std::size_t width : {2u, 8u, 16u, 32u}) {
      for (const bool per_lane : {false, true}) {
        SCOPED_TRACE("columns " + std::to_string(set.cols) + ", width " + std::to_string(width) +
                     (per_lane ? ", per-run orders" : ""));
        CreateLanesResult made = make_online_lanes(AveragingStep{}, set.cols, width);
        ASSERT_NE(made.group, nullptr) << made.error;
        std::unique_ptr<LaneGroup> group(made.group);
        std::vector<std::uint8_t> active(width, 1);
        std::vector<std::vector<double>> w(width), sums(width, std::vector<double>(set.cols));
        std::vector<std::vector<std::uint32_t>> orders(width);
        std::vector<const std::uint32_t*> order_of(width);
        std::mt19937 gen(9);
        for (std::size_t k = 0; k < width; ++k) {
          w[k] = start_weights(k, set.cols);
          group->set_weights(k, w[k]);
          orders[k].resize(set.rows);
          for (std::uint32_t i = 0; i < set.rows; ++i) orders[k][i] = i;
        }
        for (std::uint64_t epoch = 0; epoch < 4; ++epoch) {
          for (std::size_t k = 0; k < width; ++k) {
            if (per_lane) std::shuffle(orders[k].begin(), orders[k].end(), gen);
            order_of[k] = orders[k].data();
          }
          std::vector<EpochOutcome> outcomes(width);
          group->train_epoch(set, per_lane ? order_of.data() : nullptr, active.data(),
                             outcomes.data());
          for (std::size_t k = 0; k < width; ++k) {
            const std::uint64_t before = epoch * set.rows;
            for (std::size_t t = 0; t < set.rows; ++t) {
              const std::size_t i = orders[k][t];
              const double* x = set.row(i);
              const double y = set.sign[i];
              if (!AveragingStep::is_mistake(dot(w[k].data(), x, set.cols), y)) continue;
              add_scaled(w[k].data(), y, x, set.cols);
              const double scale = (static_cast<double>(before) + static_cast<double>(t)) * y;
              add_scaled(sums[k].data(), scale, x, set.cols);
            }
            HandedOver handed;
            group->hand_over(k, handed);
            EXPECT_TRUE(same_bits(handed.w, w[k])) << "lane " << k << ", epoch " << epoch;
            EXPECT_TRUE(same_bits(handed.sums, sums[k])) << "lane " << k << ", epoch " << epoch;
            EXPECT_EQ(handed.visits, (epoch + 1) * set.rows);
          }
        }
      }
    }
  }
}

// Every compiled pass this CPU can run, not only the widest one pick_pass chooses: on an
// AVX-512 machine the AVX2 pass (whose groups of four or eight vectors update in a loop
// compiled for each set of moving vectors, by an and and a subtraction) and the portable one
// would otherwise go untested. Shared order, rows whose sums round and rows whose scores tie,
// an idle lane holding −0.0 and a lane that starts from −0.0.
template <std::size_t K>
void expect_pass_equals_alone(lane_detail::PassFunction<VectorHalfStep>* pass,
                              const testing::SmallData& data, const std::string& what) {
  const TrainingSet& set = data.view();
  lane_detail::LaneBlock<double> w(set.cols * K);
  std::vector<std::vector<double>> alone(K);
  std::vector<std::uint8_t> active(K, 1);
  active[1] = 0;
  for (std::size_t k = 0; k < K; ++k) {
    alone[k] = k <= 2 ? std::vector<double>(set.cols, -0.0) : start_weights(k, set.cols);
    for (std::size_t j = 0; j < set.cols; ++j) w[j * K + k] = alone[k][j];
  }
  for (int epoch = 0; epoch < 6; ++epoch) {
    std::uint64_t updates[K] = {};
    double visited[K] = {};
    pass(set, w.data(), VectorHalfStep{}, nullptr, active.data(), updates, nullptr, visited);
    for (std::size_t k = 0; k < K; ++k) {
      std::vector<double> lane(set.cols);
      for (std::size_t j = 0; j < set.cols; ++j) lane[j] = w[j * K + k];
      if (active[k] == 0) {
        EXPECT_TRUE(same_bits(lane, alone[k])) << what << ": the idle lane changed";
        EXPECT_EQ(updates[k], 0U) << what;
        continue;
      }
      VectorHalfStep rule;
      const EpochOutcome one = online_epoch(set, nullptr, alone[k].data(), rule, nullptr);
      EXPECT_TRUE(same_bits(lane, alone[k])) << what << ", lane " << k << ", epoch " << epoch;
      EXPECT_EQ(updates[k], one.updates) << what << ", lane " << k << ", epoch " << epoch;
    }
  }
}

TEST(LaneLoop, EveryCompiledPassIsTheLoneRunBitForBit) {
  using Rule = VectorHalfStep;
  // 21 columns and 41: the AVX2 pass of 16 and 32 lanes chooses a loop for each set of moving
  // vectors from 32 columns on, and moves every vector below.
  const testing::SmallData rounding = rounding_data(40, 20, 17);
  const testing::SmallData ties = tie_prone_data(40, 20, 17);
  const testing::SmallData rounding_wide = rounding_data(40, 40, 18);
  const testing::SmallData ties_wide = tie_prone_data(40, 40, 18);
  for (const testing::SmallData* data : {&rounding, &ties, &rounding_wide, &ties_wide}) {
    expect_pass_equals_alone<8>(&lane_detail::pass_portable<2, 4, double, false, Rule>, *data,
                                "portable, 8 lanes");
    expect_pass_equals_alone<32>(&lane_detail::pass_portable<2, 16, double, false, Rule>, *data,
                                 "portable, 32 lanes");
#if defined(__x86_64__)
    if (__builtin_cpu_supports("avx2")) {
      expect_pass_equals_alone<8>(&lane_detail::pass_avx2<4, 2, double, false, Rule>, *data,
                                  "AVX2, 8 lanes");
      expect_pass_equals_alone<16>(&lane_detail::pass_avx2<4, 4, double, false, Rule>, *data,
                                   "AVX2, 16 lanes");
      expect_pass_equals_alone<32>(&lane_detail::pass_avx2<4, 8, double, false, Rule>, *data,
                                   "AVX2, 32 lanes");
    }
    if (__builtin_cpu_supports("avx512f")) {
      expect_pass_equals_alone<8>(&lane_detail::pass_avx512<8, 1, double, false, Rule>, *data,
                                  "AVX-512, 8 lanes");
      expect_pass_equals_alone<32>(&lane_detail::pass_avx512<8, 4, double, false, Rule>, *data,
                                   "AVX-512, 32 lanes");
    }
#endif
  }
}

TEST(LaneLoop, WidthFollowsTheCpuAndOddWidthsAreRefused) {
  const std::size_t native = native_lane_width();
  EXPECT_TRUE(native == 2 || native == 4 || native == 8) << native;
  CreateLanesResult automatic = make_online_lanes(MarginRule{}, 3, 0);
  ASSERT_NE(automatic.group, nullptr);
  EXPECT_EQ(automatic.group->width(), native);
  delete automatic.group;
  const CreateLanesResult odd = make_online_lanes(MarginRule{}, 3, 3);
  EXPECT_EQ(odd.group, nullptr);
  EXPECT_EQ(odd.error, "lane width 3 is not one of 2, 4, 8, 16, 32");
}

// The classic learner offers lanes with the sequential sum only: `dot: "blocked"` sums in
// another order, which the lanes do not reproduce, so none are offered for it.
struct LabelStep {
  double coefficient(double y) const { return y; }
};
TEST(LaneLoop, BlockedDotOffersNoLanes) {
  ParamSet sequential;
  sequential.add({"tie", ParamType::kChoice, 0.0, "mistake"});
  sequential.add({"dot", ParamType::kChoice, 0.0, "sequential"});
  ParamSet blocked;
  blocked.add({"tie", ParamType::kChoice, 0.0, "mistake"});
  blocked.add({"dot", ParamType::kChoice, 0.0, "blocked"});
  const LearnerSetup a{sequential, TaskKind::kBinary, 4, 3, 2};
  const LearnerSetup b{blocked, TaskKind::kBinary, 4, 3, 2};
  CreateLanesResult with = binary_online_lanes<LabelStep>(a, 2);
  ASSERT_NE(with.group, nullptr) << with.error;
  delete with.group;
  const CreateLanesResult without = binary_online_lanes<LabelStep>(b, 2);
  EXPECT_EQ(without.group, nullptr);
  EXPECT_EQ(without.error, "");
}

// A group's weights start on a cache line whatever the heap held before (std::vector's own
// allocator gives 16 bytes, and a 512-bit vector of lanes then straddles two lines).
TEST(LaneLoop, AGroupsWeightBlockStartsOnACacheLine) {
  std::vector<std::unique_ptr<char[]>> clutter;
  for (std::size_t size : {8U, 24U, 40U, 3232U, 25856U, 25864U}) {
    clutter.push_back(std::make_unique<char[]>(size));
    const lane_detail::LaneBlock<double> block(size, 0.0);
    EXPECT_EQ(std::bit_cast<std::uintptr_t>(block.data()) % 64, 0U) << size << " doubles";
  }
}

}  // namespace
}  // namespace plab
