// libFuzzer target: any bytes as an svmlight file, the first byte choosing the options
// (zero_based, a declared n_features) and the second the size of the chunks the file is
// streamed in. Either rows or a DataError, and the streamed read must give exactly what
// parsing the whole text gives: the same rows and summary, or the same message. Every row
// must keep the reader's promises (indices strictly increasing and below the width, values
// finite); then the labels go through the label mapping.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "data/label_mapping.hpp"
#include "data/svmlight_reader.hpp"
#include "error.hpp"

namespace {

struct Row {
  std::string label;
  std::vector<std::uint32_t> indices;
  std::vector<double> values;
  std::size_t line = 0;
};

struct Outcome {
  std::vector<Row> rows;
  std::optional<plab::SvmlightSummary> summary;
  std::string error;
};

template <typename Read>
Outcome outcome_of(Read read) {
  Outcome o;
  const plab::SvmlightRowSink sink = [&o](const plab::SvmlightRow& r) {
    o.rows.push_back(Row{std::string(r.label),
                         {r.indices.begin(), r.indices.end()},
                         {r.values.begin(), r.values.end()},
                         r.line});
  };
  try {
    o.summary = read(sink);
  } catch (const plab::Error& e) {
    o.error = e.what();
  }
  return o;
}

bool same_rows(const std::vector<Row>& a, const std::vector<Row>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i].label != b[i].label || a[i].indices != b[i].indices || a[i].line != b[i].line ||
        a[i].values.size() != b[i].values.size() ||
        (!a[i].values.empty() && std::memcmp(a[i].values.data(), b[i].values.data(),
                                             a[i].values.size() * sizeof(double)) != 0)) {
      return false;
    }
  }
  return true;
}

bool same(const Outcome& a, const Outcome& b) {
  if (a.summary.has_value() != b.summary.has_value() || !same_rows(a.rows, b.rows)) return false;
  if (!a.summary) return a.error == b.error;
  const plab::SvmlightSummary& x = *a.summary;
  const plab::SvmlightSummary& y = *b.summary;
  return x.rows == y.rows && x.features == y.features && x.largest_index == y.largest_index &&
         x.qid_lines == y.qid_lines && x.notes == y.notes && x.sha256 == y.sha256;
}

void check_promises(const Outcome& o) {
  if (!o.summary) return;
  if (o.summary->rows != o.rows.size() || o.rows.empty()) std::abort();
  for (const Row& r : o.rows) {
    if (r.label.empty() || r.indices.size() != r.values.size()) std::abort();
    for (std::size_t k = 0; k < r.indices.size(); ++k) {
      if (k > 0 && r.indices[k] <= r.indices[k - 1]) std::abort();
      if (r.indices[k] >= o.summary->features) std::abort();
      if (!std::isfinite(r.values[k])) std::abort();
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  plab::SvmlightOptions options;
  const std::uint8_t choice = data[0];
  options.zero_based = (choice & 1) != 0;
  if ((choice & 2) != 0) options.n_features = 1 + (choice >> 2);
  const std::size_t chunk = 1 + data[1] % 64;
  std::string text(reinterpret_cast<const char*>(data + 2), size - 2);

  const Outcome whole = outcome_of([&](const plab::SvmlightRowSink& sink) {
    return plab::parse_svmlight(text, "fuzz.svm", options, sink);
  });
  check_promises(whole);
  if (!text.empty()) {
    std::FILE* file = fmemopen(text.data(), text.size(), "rb");
    if (file == nullptr) std::abort();
    const Outcome streamed = outcome_of([&](const plab::SvmlightRowSink& sink) {
      return plab::read_svmlight_stream(file, "fuzz.svm", options, sink, chunk);
    });
    std::fclose(file);
    if (!same(whole, streamed)) {
      std::fprintf(stderr, "streamed read differs: '%s' vs '%s'\n", whole.error.c_str(),
                   streamed.error.c_str());
      std::abort();
    }
  }
  if (!whole.summary) return 0;
  try {
    std::vector<std::string> labels;
    for (const Row& r : whole.rows) labels.push_back(r.label);
    std::optional<std::vector<std::string>> positive;
    if ((choice & 0x80) != 0) positive = std::vector<std::string>{labels[0]};
    (void)plab::map_labels(labels, positive, std::nullopt, "fuzz.svm",
                           [](std::size_t row) { return std::to_string(row); });
  } catch (const plab::Error&) {
  }
  return 0;
}
