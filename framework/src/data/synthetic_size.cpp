#include "data/synthetic_size.hpp"

#include <algorithm>
#include <string>

#include "base/machine_memory.hpp"
#include "config/object_reader.hpp"

namespace plab {

namespace {

constexpr long double kDense = sizeof(double);                      // a dense value
constexpr long double kSparse = sizeof(double) + sizeof(unsigned);  // a stored entry and its column
constexpr long double kLabel = 40;  // a label's text and its class index, per row

}  // namespace

long double synthetic_peak_bytes(const DatasetSpec& spec) {
  const SyntheticSpec& s = spec.synthetic;
  const auto rows = static_cast<long double>(s.rows);
  if (s.generator == SyntheticGenerator::kSparse) {
    // Compressed rows with the bias entry, then a dense copy when dense storage is asked.
    const long double compressed =
        rows * (static_cast<long double>(s.nonzeros) + 1) * kSparse + rows * kLabel;
    const long double dense = rows * (static_cast<long double>(s.dim) + 1) * kDense;
    return spec.storage == FeatureStorage::kDense ? compressed + dense : compressed;
  }
  const long double width =
      s.generator == SyntheticGenerator::kXor ? 2 : static_cast<long double>(s.dim);
  // The generated table and the data set's augmented copy live together; sparse storage then
  // copies the data set's rows while it still exists.
  const long double table = rows * width * kDense + rows * kLabel;
  const long double dense = rows * (width + 1) * kDense;
  const long double sparse =
      spec.storage == FeatureStorage::kSparse ? rows * (width + 1) * kSparse : 0;
  return std::max(table + dense, dense + sparse);
}

void check_synthetic_fits(const DatasetSpec& spec) {
  const std::uint64_t memory = machine_memory_bytes();
  if (memory == 0) return;
  const long double bytes = synthetic_peak_bytes(spec);
  if (bytes <= static_cast<long double>(memory)) return;
  const SyntheticSpec& s = spec.synthetic;
  throw_config_error("/dataset",
                     "this synthetic data set (" + std::to_string(s.rows) + " rows of " +
                         std::to_string(s.generator == SyntheticGenerator::kXor ? 2 : s.dim) +
                         " features, generator '" + generator_name(s.generator) + "', storage '" +
                         storage_name(spec.storage) + "') would take at least " +
                         gibibytes_text(bytes) + " of memory, more than this machine's " +
                         gibibytes_text(static_cast<long double>(memory)) +
                         "; nothing was generated: use fewer rows or features");
}

}  // namespace plab
