// libFuzzer target: any bytes as a CSV data file, with the first byte choosing the options
// (header detection, label column) and the second the size of the chunks the file is
// streamed in and whether rows get a bias column; then the label mapping. Either a table or a
// DataError, and the streamed read must give exactly what parsing the whole text gives: the same
// table or the same message.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>

#include "data/csv_reader.hpp"
#include "data/label_mapping.hpp"
#include "error.hpp"

namespace {

struct Outcome {
  std::optional<plab::CsvTable> table;
  std::string error;
};

template <typename Read>
Outcome outcome_of(Read read) {
  Outcome o;
  try {
    o.table = read();
  } catch (const plab::Error& e) {
    o.error = e.what();
  }
  return o;
}

bool same_values(const std::vector<double>& a, const std::vector<double>& b) {
  return a.size() == b.size() &&
         (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0);
}

bool same(const Outcome& a, const Outcome& b) {
  if (a.table.has_value() != b.table.has_value()) return false;
  if (!a.table) return a.error == b.error;
  const plab::CsvTable& x = *a.table;
  const plab::CsvTable& y = *b.table;
  return x.feature_names == y.feature_names && x.label_name == y.label_name && x.rows == y.rows &&
         x.features == y.features && same_values(x.values.raw_values(), y.values.raw_values()) &&
         x.labels == y.labels && x.line_of_row == y.line_of_row;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  plab::CsvOptions options;
  const std::uint8_t choice = data[0];
  if ((choice & 3) == 1) options.header = true;
  if ((choice & 3) == 2) options.header = false;
  if ((choice & 4) != 0) options.label_index = (choice >> 3) & 7;
  if ((choice & 0xC0) == 0xC0) options.label_name = "label";
  const std::size_t chunk = 1 + data[1] % 64;
  options.bias_column = (data[1] & 0x40) != 0;
  std::string text(reinterpret_cast<const char*>(data + 2), size - 2);

  const Outcome whole = outcome_of([&] { return plab::parse_csv(text, "fuzz.csv", options); });
  if (!text.empty()) {
    std::FILE* file = fmemopen(text.data(), text.size(), "rb");
    if (file == nullptr) std::abort();
    const Outcome streamed =
        outcome_of([&] { return plab::read_csv_stream(file, "fuzz.csv", options, chunk); });
    std::fclose(file);
    if (!same(whole, streamed)) {
      std::fprintf(stderr, "streamed read differs: '%s' vs '%s'\n", whole.error.c_str(),
                   streamed.error.c_str());
      std::abort();
    }
  }
  if (!whole.table) return 0;
  try {
    std::optional<std::vector<std::string>> positive;
    if ((choice & 0x20) != 0 && !whole.table->labels.empty())
      positive = std::vector<std::string>{whole.table->labels[0]};
    (void)plab::map_labels(whole.table->labels, positive, std::nullopt, "fuzz.csv",
                           [](std::size_t row) { return std::to_string(row); });
  } catch (const plab::Error&) {
  }
  return 0;
}
