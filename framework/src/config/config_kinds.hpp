// The kinds a config chooses among by a word (the dataset's kind, generator, storage,
// precision and scale; the init's kind; the protocol; the theory's margin) as enums, with each
// enum's words.
// The parser (config/experiment_parser.cpp) reads a word into its enum once; the rest of the
// engine compares enums, and writes the word back, in messages, with the enum's name function.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>
#include <utility>

namespace plab {

enum class DatasetKind { kCsv, kSvmlight, kInline, kSynthetic };
enum class SyntheticGenerator { kSeparable, kNoisy, kMulticlass, kXor, kDisjunction, kSparse };
enum class FeatureStorage { kDense, kSparse };
enum class FeaturePrecision { kFloat64, kFloat32 };
enum class FeatureScale { kNone, kStandardize };
enum class InitKind { kZero, kGaussian, kUniform, kGiven };
// The protocol of a run (protocols/protocol.hpp).
enum class ProtocolKind { kConvergence, kTrajectory, kHoldout };
// Where the point's margin comes from: the svm oracle, the synthetic teacher, the config's
// vector u, or nowhere (no margin, no bound that needs one).
enum class MarginSource { kSvm, kTeacher, kGiven, kNone };

// A kind and its config word. A kind may have two words (an alias after its name): the first
// is the one written back.
template <typename Kind>
using KindWord = std::pair<Kind, const char*>;

// The words in the order the config reference lists them (and error messages repeat).
inline constexpr KindWord<DatasetKind> kDatasetKindWords[] = {
    {DatasetKind::kCsv, "csv"},         {DatasetKind::kSvmlight, "svmlight"},
    {DatasetKind::kSvmlight, "libsvm"},  // the same format under LIBSVM's name
    {DatasetKind::kInline, "inline"},   {DatasetKind::kSynthetic, "synthetic"},
};
inline constexpr KindWord<SyntheticGenerator> kGeneratorWords[] = {
    {SyntheticGenerator::kSeparable, "separable"},     {SyntheticGenerator::kNoisy, "noisy"},
    {SyntheticGenerator::kMulticlass, "multiclass"},   {SyntheticGenerator::kXor, "xor"},
    {SyntheticGenerator::kDisjunction, "disjunction"}, {SyntheticGenerator::kSparse, "sparse"},
};
inline constexpr KindWord<FeatureStorage> kStorageWords[] = {
    {FeatureStorage::kDense, "dense"},
    {FeatureStorage::kSparse, "sparse"},
};
inline constexpr KindWord<FeaturePrecision> kPrecisionWords[] = {
    {FeaturePrecision::kFloat64, "float64"},
    {FeaturePrecision::kFloat32, "float32"},
};
inline constexpr KindWord<FeatureScale> kScaleWords[] = {
    {FeatureScale::kNone, "none"},
    {FeatureScale::kStandardize, "standardize"},
};
inline constexpr KindWord<InitKind> kInitKindWords[] = {
    {InitKind::kZero, "zero"},
    {InitKind::kGaussian, "gaussian"},
    {InitKind::kUniform, "uniform"},
    {InitKind::kGiven, "given"},
};
inline constexpr KindWord<ProtocolKind> kProtocolWords[] = {
    {ProtocolKind::kConvergence, "convergence"},
    {ProtocolKind::kTrajectory, "trajectory"},
    {ProtocolKind::kHoldout, "holdout"},
};
inline constexpr KindWord<MarginSource> kMarginSourceWords[] = {
    {MarginSource::kSvm, "svm"},
    {MarginSource::kTeacher, "teacher"},
    {MarginSource::kGiven, "given"},
    {MarginSource::kNone, "none"},
};

// The first word of `kind` in `table`; every kind has one.
template <typename Kind, std::size_t N>
constexpr const char* kind_word(const KindWord<Kind> (&table)[N], Kind kind) {
  for (const auto& [k, word] : table) {
    if (k == kind) return word;
  }
  return table[0].second;
}

// The kind `word` names in `table`, if it names one.
template <typename Kind, std::size_t N>
constexpr std::optional<Kind> kind_of_word(const KindWord<Kind> (&table)[N],
                                           std::string_view word) {
  for (const auto& [k, text] : table) {
    if (word == text) return k;
  }
  return std::nullopt;
}

inline const char* dataset_kind_name(DatasetKind k) { return kind_word(kDatasetKindWords, k); }
inline const char* generator_name(SyntheticGenerator g) { return kind_word(kGeneratorWords, g); }
inline const char* storage_name(FeatureStorage s) { return kind_word(kStorageWords, s); }
inline const char* precision_name(FeaturePrecision p) { return kind_word(kPrecisionWords, p); }
inline const char* scale_name(FeatureScale s) { return kind_word(kScaleWords, s); }
inline const char* init_kind_name(InitKind k) { return kind_word(kInitKindWords, k); }
inline const char* margin_source_name(MarginSource m) { return kind_word(kMarginSourceWords, m); }

}  // namespace plab
