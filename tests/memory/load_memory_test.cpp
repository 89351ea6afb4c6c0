// Loading a CSV holds its values once: the rows are parsed straight into the
// Dataset's aligned block, never into a table that is then copied. This executable replaces
// the global operator new and delete to count the bytes held, so the peak during a load is
// exact and the same on every run (no RSS, no timing); it has its own executable so that no
// other test runs on the counting allocator.
#include <malloc.h>

#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <new>
#include <string>

#include "config/experiment_config.hpp"
#include "data/dataset_loader.hpp"
#include "support/temp_dir.hpp"

namespace {

std::atomic<std::size_t> live_bytes{0};
std::atomic<std::size_t> peak_bytes{0};

void* counted(void* p) {
  if (p == nullptr) throw std::bad_alloc();
  const std::size_t now = live_bytes += malloc_usable_size(p);
  std::size_t peak = peak_bytes.load();
  while (now > peak && !peak_bytes.compare_exchange_weak(peak, now)) {
  }
  return p;
}

void uncount(void* p) {
  if (p == nullptr) return;
  live_bytes -= malloc_usable_size(p);
  std::free(p);
}

}  // namespace

void* operator new(std::size_t n) { return counted(std::malloc(n == 0 ? 1 : n)); }
void* operator new(std::size_t n, std::align_val_t a) {
  const auto align = static_cast<std::size_t>(a);
  return counted(std::aligned_alloc(align, (n + align - 1) / align * align));
}
void operator delete(void* p) noexcept { uncount(p); }
void operator delete(void* p, std::size_t) noexcept { uncount(p); }
void operator delete(void* p, std::align_val_t) noexcept { uncount(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { uncount(p); }

namespace plab {
namespace {

constexpr std::size_t kRows = 20000;
constexpr std::size_t kFeatures = 50;

std::filesystem::path write_csv(const test::TempDir& dir) {
  std::string text;
  for (std::size_t j = 0; j < kFeatures; ++j) text += "x" + std::to_string(j) + ",";
  text += "label\n";
  for (std::size_t i = 0; i < kRows; ++i) {
    for (std::size_t j = 0; j < kFeatures; ++j) text += std::to_string((i * 7 + j) % 97) + ".5,";
    text += i % 3 == 0 ? "a\n" : i % 3 == 1 ? "b\n" : "c\n";
  }
  return dir.write("load.csv", text);
}

// The most bytes held at once while `spec` loads, beyond what was held before.
std::size_t peak_while_loading(const DatasetSpec& spec) {
  const std::size_t before = live_bytes.load();
  peak_bytes = before;
  {
    const Dataset data = load_dataset(spec);
    EXPECT_GT(data.rows(), 0u);
  }
  return peak_bytes.load() - before;
}

TEST(LoadMemory, ACsvIsHeldOnceWhileItLoads) {
  test::TempDir dir;
  DatasetSpec spec;
  spec.kind = DatasetKind::kCsv;
  spec.path = write_csv(dir);
  spec.positive = std::vector<std::string>{"a"};
  const std::size_t values = kRows * (kFeatures + 1) * sizeof(double);
  // Per row besides its values: the label's text (a std::string) while labels are mapped,
  // its line number for messages, its sign and class index, the mapping's indices. Besides
  // the rows: the read buffer (1 MiB) and small things.
  const std::size_t limit = values + kRows * 96 + (std::size_t{2} << 20);
  const std::size_t plain = peak_while_loading(spec);
  EXPECT_GE(plain, values);  // the block is counted: the test can see a second copy
  EXPECT_LE(plain, limit) << "a second copy of the " << values << " bytes of values?";
  // Dropping rows and standardising work in place.
  spec.keep_classes = std::vector<std::string>{"a", "c"};
  spec.scale = FeatureScale::kStandardize;
  EXPECT_LE(peak_while_loading(spec), limit);
}

}  // namespace
}  // namespace plab
