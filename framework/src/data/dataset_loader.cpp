#include "data/dataset_loader.hpp"

#include "data/csv_reader.hpp"
#include "data/label_mapping.hpp"

namespace plab {

namespace {

Dataset from_csv(const DatasetSpec& spec) {
  CsvOptions options;
  options.label_name = spec.label_name;
  options.label_index = spec.label_index;
  options.header = spec.header;
  CsvTable table = read_csv(spec.path, options);
  const std::string source = spec.path.string();
  LabelMapping labels = map_labels(
      table.labels, spec.positive, spec.classes, source,
      [&](std::size_t row) { return source + ":" + std::to_string(table.line_of_row[row]); });
  return Dataset(table.values, table.rows, table.features, spec.augment, labels.task,
                 std::move(labels.index), std::move(labels.class_names),
                 std::move(table.feature_names));
}

Dataset from_inline(const DatasetSpec& spec) {
  const std::size_t rows = spec.x.size();
  const std::size_t width = spec.x.front().size();
  std::vector<double> values;
  values.reserve(rows * width);
  for (const auto& row : spec.x) values.insert(values.end(), row.begin(), row.end());
  LabelMapping labels =
      map_labels(spec.y, spec.positive, spec.classes, "/dataset/y",
                 [](std::size_t row) { return "/dataset/y/" + std::to_string(row); });
  std::vector<std::string> names;
  for (std::size_t j = 0; j < width; ++j) names.push_back("x" + std::to_string(j + 1));
  return Dataset(values, rows, width, spec.augment, labels.task, std::move(labels.index),
                 std::move(labels.class_names), std::move(names));
}

}  // namespace

Dataset load_dataset(const DatasetSpec& spec) {
  return spec.kind == "csv" ? from_csv(spec) : from_inline(spec);
}

}  // namespace plab
