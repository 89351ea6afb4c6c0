// libFuzzer target: any bytes as a CSV data file, with the first byte choosing the options
// (header detection, label column); then the label mapping. Either a table or a DataError.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "data/csv_reader.hpp"
#include "data/label_mapping.hpp"
#include "error.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  plab::CsvOptions options;
  const std::uint8_t choice = data[0];
  if ((choice & 3) == 1) options.header = true;
  if ((choice & 3) == 2) options.header = false;
  if ((choice & 4) != 0) options.label_index = (choice >> 3) & 7;
  if ((choice & 0xC0) == 0xC0) options.label_name = "label";
  const std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
  try {
    const plab::CsvTable table = plab::parse_csv(text, "fuzz.csv", options);
    std::optional<std::vector<std::string>> positive;
    if ((choice & 0x20) != 0 && !table.labels.empty())
      positive = std::vector<std::string>{table.labels[0]};
    (void)plab::map_labels(table.labels, positive, std::nullopt, "fuzz.csv",
                           [](std::size_t row) { return std::to_string(row); });
  } catch (const plab::Error&) {
  }
  return 0;
}
