#include "data/feature_names.hpp"

#include <charconv>
#include <utility>

namespace plab {

FeatureNames::FeatureNames(std::vector<std::string> listed) : listed_(std::move(listed)) {}
FeatureNames::FeatureNames(std::initializer_list<std::string> listed) : listed_(listed) {}

FeatureNames FeatureNames::numbered(std::string prefix, std::size_t first, std::size_t count) {
  FeatureNames n;
  n.numbered_ = true;
  n.prefix_ = std::move(prefix);
  n.first_ = first;
  n.count_ = count;
  return n;
}

FeatureNames FeatureNames::with_bias() const {
  FeatureNames n = *this;
  n.bias_ = true;
  return n;
}

FeatureNames FeatureNames::without_bias() const {
  FeatureNames n = *this;
  n.bias_ = false;
  return n;
}

std::string FeatureNames::operator[](std::size_t column) const {
  if (bias_) {
    if (column == 0) return "bias";
    --column;
  }
  return numbered_ ? prefix_ + std::to_string(first_ + column) : listed_[column];
}

std::optional<std::size_t> FeatureNames::find_feature(std::string_view name) const {
  const std::size_t shift = bias_ ? 1 : 0;
  if (!numbered_) {
    for (std::size_t k = 0; k < listed_.size(); ++k) {
      if (listed_[k] == name) return k + shift;
    }
    return std::nullopt;
  }
  if (!name.starts_with(prefix_)) return std::nullopt;
  const std::string_view digits = name.substr(prefix_.size());
  // Written as numbered() writes them: digits only, no sign, no leading zero.
  if (digits.empty() || (digits.size() > 1 && digits.front() == '0')) return std::nullopt;
  std::size_t number = 0;
  const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), number);
  if (error != std::errc() || end != digits.data() + digits.size()) return std::nullopt;
  if (number < first_ || number - first_ >= count_) return std::nullopt;
  return number - first_ + shift;
}

std::vector<std::string> FeatureNames::list() const {
  std::vector<std::string> names;
  names.reserve(size());
  for (std::size_t c = 0; c < size(); ++c) names.push_back((*this)[c]);
  return names;
}

std::string FeatureNames::quoted_features(std::size_t shown) const {
  std::string text;
  const std::size_t first = bias_ ? 1 : 0;
  for (std::size_t c = first; c < size(); ++c) {
    if (c - first == shown) return text + ", ... (" + std::to_string(size() - first) + " in all)";
    text += (text.empty() ? "'" : ", '") + (*this)[c] + "'";
  }
  return text;
}

}  // namespace plab
