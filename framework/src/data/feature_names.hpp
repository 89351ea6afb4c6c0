// The names of a data set's columns, "bias" first when it is augmented: listed (a CSV
// header) or numbered (a prefix and a number, made when asked for). A million-feature
// svmlight set so holds no name strings: listing them took 32 MB, a sixth of its peak memory,
// and a file whose indices reach 2^32 could not be loaded at all.
#pragma once

#include <cstddef>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace plab {

class FeatureNames {
 public:
  FeatureNames() = default;
  // Implicit: a list of names is the common case (CSV headers, tests).
  FeatureNames(std::vector<std::string> listed);            // NOLINT(google-explicit-constructor)
  FeatureNames(std::initializer_list<std::string> listed);  // NOLINT(google-explicit-constructor)
  // prefix + first, prefix + (first + 1), ...: `count` names.
  static FeatureNames numbered(std::string prefix, std::size_t first, std::size_t count);

  // The same names with "bias" put first (the augmentation column).
  FeatureNames with_bias() const;
  // The raw features' names: "bias" taken off if it is first.
  FeatureNames without_bias() const;

  std::size_t size() const { return (bias_ ? 1 : 0) + (numbered_ ? count_ : listed_.size()); }
  std::string operator[](std::size_t column) const;
  // The column of a feature named `name` ("bias" is no feature), if there is one.
  std::optional<std::size_t> find_feature(std::string_view name) const;
  // Every name, listed (for tests and small data sets).
  std::vector<std::string> list() const;
  // The features' names quoted and comma-separated, at most `shown` of them then "...".
  std::string quoted_features(std::size_t shown) const;

 private:
  bool bias_ = false;
  bool numbered_ = false;
  std::vector<std::string> listed_;
  std::string prefix_;
  std::size_t first_ = 0;
  std::size_t count_ = 0;
};

}  // namespace plab
