// libFuzzer target: any bytes as a config file. The loader must either accept them or throw
// a plab::Error with a message; anything else (a crash, a sanitizer report, another
// exception escaping) is a bug.
#include <cstddef>
#include <cstdint>
#include <string>

#include "config/experiment_config.hpp"
#include "config/json_file.hpp"
#include "config/sweep.hpp"
#include "error.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    const plab::Json document = plab::parse_json_text(text, "fuzz.json");
    const auto axes = plab::read_sweep_axes(document);
    const std::size_t points = plab::count_points(axes);
    for (std::size_t p = 0; p < points && p < 8; ++p) {
      const plab::SweepPoint point = plab::make_point(document, axes, p);
      (void)plab::parse_experiment(point.document, "/nonexistent");
    }
  } catch (const plab::Error&) {
    // A clear refusal is the expected outcome for most inputs.
  }
  return 0;
}
