#include "data/dataset_loader.hpp"

#include "base/number_text.hpp"
#include "base/random.hpp"
#include "config/object_reader.hpp"
#include "data/csv_reader.hpp"
#include "data/label_mapping.hpp"
#include "data/sparse_synthetic.hpp"
#include "data/svmlight_reader.hpp"
#include "data/synthetic.hpp"
#include "data/synthetic_size.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "error.hpp"

namespace plab {

namespace {

// `keep_classes`: drop every row whose label is not listed (labels compare as text or, when
// both are numbers, by value, as they do everywhere).
template <class Rows>  // FeatureRows or SparseRows
void keep_rows(const DatasetSpec& spec, const std::string& source, Rows& values,
               std::vector<std::string>& labels, std::vector<std::size_t>& origin_lines) {
  if (!spec.keep_classes) return;
  const std::vector<bool> keep = labels_in(labels, *spec.keep_classes, source);
  values.keep_rows(keep);
  std::size_t out = 0;
  for (std::size_t i = 0; i < labels.size(); ++i) {
    if (!keep[i]) continue;
    // Until a row is dropped, every kept row is already in place; moving a std::string onto
    // itself would empty it (the row would be relabelled '').
    if (out != i) {
      labels[out] = std::move(labels[i]);
      origin_lines[out] = origin_lines[i];
    }
    ++out;
  }
  labels.resize(out);
  origin_lines.resize(out);
}

// `scale: "standardize"`: each feature column to mean 0 and variance 1 (population
// variance, over the rows kept); the bias column, when there is one, stays 1. A constant
// column is only centred.
void scale_features(const DatasetSpec& spec, FeatureRows& values) {
  if (spec.scale != FeatureScale::kStandardize) return;
  const std::size_t rows = values.rows();
  for (std::size_t j = 0; j < values.raw_features(); ++j) {
    double mean = 0.0;
    for (std::size_t i = 0; i < rows; ++i) mean += values.raw_row(i)[j];
    mean /= static_cast<double>(rows);
    double variance = 0.0;
    for (std::size_t i = 0; i < rows; ++i) {
      const double c = values.raw_row(i)[j] - mean;
      variance += c * c;
    }
    const double sd = std::sqrt(variance / static_cast<double>(rows));
    for (std::size_t i = 0; i < rows; ++i) {
      values.raw_row(i)[j] = (values.raw_row(i)[j] - mean) / (sd > 0.0 ? sd : 1.0);
    }
  }
}

LoadedData from_csv(const DatasetSpec& spec) {
  CsvOptions options;
  options.label_name = spec.label_name;
  options.label_index = spec.label_index;
  options.header = spec.header;
  options.bias_column = spec.augment;  // parsed into the Dataset's own layout: no copy
  CsvTable table = read_csv(spec.path, options);
  const std::string source = spec.path.string();
  keep_rows(spec, source, table.values, table.labels, table.line_of_row);
  table.rows = table.labels.size();
  scale_features(spec, table.values);
  LabelMapping labels = map_labels(
      table.labels, spec.positive, spec.classes, source,
      [&](std::size_t row) { return source + ":" + std::to_string(table.line_of_row[row]); });
  Dataset data(std::move(table.values), labels.task, std::move(labels.index),
               std::move(labels.class_names), std::move(table.feature_names));
  data.set_source_sha256(std::move(table.sha256));
  return LoadedData{std::move(data), {}, std::move(table.notes)};
}

// Until sparse storage takes them, svmlight rows are stored densely (absent indices as
// zeros); past this size a file needs the sparse storage instead.
constexpr std::uint64_t kMaxDenseSvmlightBytes = std::uint64_t{4} << 30;

void check_dense_size(const std::string& source, const SvmlightSummary& summary, std::size_t cols,
                      bool can_shrink) {
  const long double bytes =
      static_cast<long double>(summary.rows) * static_cast<long double>(cols) * sizeof(double);
  if (bytes <= static_cast<long double>(kMaxDenseSvmlightBytes)) return;
  char size[32];
  std::snprintf(size, sizeof size, "%.1Lf", bytes / static_cast<long double>(1u << 30));
  throw DataError(source + ": " + std::to_string(summary.rows) + " rows of " +
                  std::to_string(summary.features) + " features stored densely would take " + size +
                  " GiB, more than the 4 GiB plab holds as dense rows; load it with sparse "
                  "storage (\"storage\": \"sparse\" in the dataset, docs/data-formats.md)" +
                  (can_shrink ? std::string(" or declare a smaller n_features")
                              : "; its largest index sets the width, so a smaller n_features "
                                "cannot be declared"));
}

// Two passes: the first checks every line and finds the width (the largest index, unless
// n_features is declared), the second fills rows of that width. The second pass must read
// the same bytes as the first.
LoadedData from_svmlight(const DatasetSpec& spec) {
  const std::string source = spec.path.string();
  SvmlightOptions options;
  options.zero_based = spec.zero_based;
  options.n_features = spec.n_features;
  const SvmlightSummary first = read_svmlight(spec.path, options, [](const SvmlightRow&) {});
  if (first.features == 0) {
    throw DataError(source +
                    ": no line has a feature (every line is a label alone); declare n_features "
                    "in the dataset if the samples are all zero");
  }
  const bool sparse = spec.storage == FeatureStorage::kSparse;
  FeatureRows dense;
  SparseRows csr;
  if (sparse) {
    // Held once: the first pass counted every entry, so the rows never grow by copies.
    csr = SparseRows(first.features, spec.augment);
    csr.reserve(first.rows, first.entries + (spec.augment ? first.rows : 0));
  } else {
    dense = FeatureRows(first.features, spec.augment);
    // A smaller n_features helps only if the declared one is wider than the largest index.
    const std::size_t needed = first.largest_index ? *first.largest_index + std::size_t{1} : 0;
    check_dense_size(source, first, dense.cols(), spec.n_features > needed);
    dense.reserve(first.rows);
  }
  std::vector<std::string> labels;
  std::vector<std::size_t> lines;
  labels.reserve(first.rows);
  lines.reserve(first.rows);
  const SvmlightSummary second = read_svmlight(spec.path, options, [&](const SvmlightRow& row) {
    if (labels.size() == first.rows) return;  // the file grew: refused below
    // An index beyond the first pass's width means the file changed: refused below too.
    if (sparse) {
      csr.begin_row();
      for (std::size_t k = 0; k < row.indices.size(); ++k) {
        if (row.indices[k] < first.features) csr.add(row.indices[k], row.values[k]);
      }
      csr.end_row();
    } else {
      double* x = dense.append_row();
      std::fill(x, x + first.features, 0.0);
      for (std::size_t k = 0; k < row.indices.size(); ++k) {
        if (row.indices[k] < first.features) x[row.indices[k]] = row.values[k];
      }
    }
    labels.emplace_back(row.label);
    lines.push_back(row.line);
  });
  if (second.sha256 != first.sha256) {
    throw DataError("data file '" + source + "' changed while plab was reading it (SHA-256 " +
                    first.sha256 + " on the first pass, " + second.sha256 +
                    " on the second); leave the file alone during a run");
  }
  // scale: standardize is refused with sparse storage when the config is read.
  if (sparse) {
    keep_rows(spec, source, csr, labels, lines);
  } else {
    keep_rows(spec, source, dense, labels, lines);
    scale_features(spec, dense);
  }
  LabelMapping mapped =
      map_labels(labels, spec.positive, spec.classes, source,
                 [&](std::size_t row) { return source + ":" + std::to_string(lines[row]); });
  // Named by their file index: f1, f2, ... (f0, ... when the file counts from 0).
  FeatureNames names = FeatureNames::numbered("f", spec.zero_based ? 0 : 1, first.features);
  Dataset data = sparse ? Dataset(std::move(csr), mapped.task, std::move(mapped.index),
                                  std::move(mapped.class_names), std::move(names))
                        : Dataset(std::move(dense), mapped.task, std::move(mapped.index),
                                  std::move(mapped.class_names), std::move(names));
  data.set_source_sha256(second.sha256);
  return LoadedData{std::move(data), {}, first.notes};
}

FeatureNames numbered_names(std::size_t width) { return FeatureNames::numbered("x", 1, width); }

Dataset from_inline(const DatasetSpec& spec) {
  const std::size_t width = spec.x.front().size();
  FeatureRows values(width, spec.augment);
  values.reserve(spec.x.size());
  for (const auto& row : spec.x) std::copy(row.begin(), row.end(), values.append_row());
  std::vector<std::string> y = spec.y;
  std::vector<std::size_t> origin(y.size());
  for (std::size_t i = 0; i < origin.size(); ++i) origin[i] = i;
  keep_rows(spec, "/dataset/keep_classes", values, y, origin);
  scale_features(spec, values);
  LabelMapping labels =
      map_labels(y, spec.positive, spec.classes, "/dataset/y",
                 [&](std::size_t row) { return "/dataset/y/" + std::to_string(origin[row]); });
  return Dataset(std::move(values), labels.task, std::move(labels.index),
                 std::move(labels.class_names), numbered_names(width));
}

// The sparse generator writes compressed rows; `storage: "dense"` expands them afterwards.
LoadedData from_sparse_synthetic(const DatasetSpec& spec, std::uint64_t data_seed) {
  SparseSyntheticTable table = generate_sparse_synthetic(spec.synthetic, data_seed);
  LabelMapping labels =
      map_labels(table.labels, spec.positive, spec.classes, "/dataset",
                 [](std::size_t row) { return "generated row " + std::to_string(row); });
  Dataset data(std::move(table.values), labels.task, std::move(labels.index),
               std::move(labels.class_names), numbered_names(spec.synthetic.dim));
  if (spec.storage == FeatureStorage::kDense) data = data.stored_dense();
  return LoadedData{std::move(data), std::move(table.teacher), {}};
}

LoadedData from_synthetic(const DatasetSpec& spec, std::uint64_t seed) {
  if (!spec.augment) {
    throw_config_error("/dataset/augment",
                       "synthetic data is generated with a teacher in the "
                       "augmented space; augment must stay true");
  }
  if (spec.scale != FeatureScale::kNone) {
    throw_config_error("/dataset/scale",
                       "scaling synthetic data would invalidate its teacher; "
                       "set radius and margin instead");
  }
  check_synthetic_fits(spec);  // before anything is generated
  const std::uint64_t data_seed =
      spec.seed ? *spec.seed : derive_seed(seed, 0, 0, StreamPurpose::kData);
  if (spec.synthetic.generator == SyntheticGenerator::kSparse)
    return from_sparse_synthetic(spec, data_seed);
  SyntheticTable table = generate_synthetic(spec.synthetic, data_seed);
  const std::size_t width =
      spec.synthetic.generator == SyntheticGenerator::kXor ? 2 : spec.synthetic.dim;
  std::optional<std::vector<std::string>> classes = spec.classes;
  if (spec.synthetic.generator == SyntheticGenerator::kMulticlass && !classes) {
    classes = std::vector<std::string>();
    for (std::size_t c = 0; c < spec.synthetic.classes; ++c) classes->push_back(std::to_string(c));
  }
  LabelMapping labels =
      map_labels(table.labels, spec.positive, classes, "/dataset",
                 [](std::size_t row) { return "generated row " + std::to_string(row); });
  std::vector<std::string> names;
  for (std::size_t j = 0; j < width; ++j) names.push_back("x" + std::to_string(j + 1));
  const std::size_t rows = labels.index.size();  // before labels.index is moved from
  return LoadedData{Dataset(table.values, rows, width, true, labels.task, std::move(labels.index),
                            std::move(labels.class_names), std::move(names)),
                    std::move(table.teacher),
                    {}};
}

// `precision: "float32"`: the values as loaded (and scaled), rounded to float once; every
// later step reads the rounded values (docs/config-reference.md).
void apply_precision(const DatasetSpec& spec, Dataset& data) {
  if (spec.precision != FeaturePrecision::kFloat32) return;
  const auto beyond = data.round_to_float32();
  if (!beyond) return;
  const auto [row, col] = *beyond;
  throw_config_error(
      "/dataset/precision",
      "the value " + number_text(data.row(row)[col]) + " in row " + std::to_string(row + 1) +
          " of the data set as loaded (counting from 1), column '" + data.feature_names()[col] +
          "' is beyond a float (largest about 3.4e38): float32 cannot hold "
          "this data set; use \"float64\"");
}

}  // namespace

// `storage: "sparse"` for data read or generated dense: the rows' non-zeros are copied into
// compressed rows and the dense block is let go.
LoadedData in_storage(LoadedData loaded, const DatasetSpec& spec) {
  if (spec.storage == FeatureStorage::kSparse && !loaded.data.sparse())
    loaded.data = loaded.data.stored_sparse();
  return loaded;
}

LoadedData load_dataset_with_teacher(const DatasetSpec& spec, std::uint64_t seed) {
  LoadedData loaded =
      spec.kind == DatasetKind::kSynthetic ? in_storage(from_synthetic(spec, seed), spec)
      // An svmlight file goes straight into the storage asked for: sparse never passes
      // through a dense copy (that is what makes a million features loadable).
      : spec.kind == DatasetKind::kSvmlight
          ? from_svmlight(spec)
          : in_storage(spec.kind == DatasetKind::kCsv ? from_csv(spec)
                                                      : LoadedData{from_inline(spec), {}, {}},
                       spec);
  apply_precision(spec, loaded.data);
  return loaded;
}

Dataset load_dataset(const DatasetSpec& spec, std::uint64_t seed) {
  return std::move(load_dataset_with_teacher(spec, seed).data);
}

}  // namespace plab
