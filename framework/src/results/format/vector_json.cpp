#include "results/format/vector_json.hpp"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <boost/json/serialize.hpp>

namespace plab {

namespace {

constexpr std::size_t kSparseFrom = 64;  // shorter vectors stay arrays

bool stored(double x) { return x != 0.0 || std::signbit(x); }

}  // namespace

boost::json::value vector_json(const std::vector<double>& v) {
  std::size_t kept = 0;
  for (double x : v) kept += stored(x) ? 1 : 0;
  if (v.size() < kSparseFrom || 4 * kept > v.size()) {
    boost::json::array out;
    out.reserve(v.size());
    for (double x : v) out.emplace_back(x);
    return out;
  }
  boost::json::array nonzero;
  nonzero.reserve(kept);
  for (std::size_t j = 0; j < v.size(); ++j) {
    if (stored(v[j])) nonzero.push_back(boost::json::array{j, v[j]});
  }
  return boost::json::object{{"length", v.size()}, {"nonzero", std::move(nonzero)}};
}

std::vector<double> read_vector(const RecordFields& parent, std::string_view key,
                                std::size_t max_length) {
  const boost::json::value& field = parent.any(key);
  const std::string expected =
      "an array of numbers, or {\"length\": n, \"nonzero\": [[j, x], ...]} with j strictly "
      "increasing below n";
  std::vector<double> out;
  if (const auto* a = field.if_array()) {
    out.reserve(a->size());
    for (const boost::json::value& x : *a) {
      if (!x.is_number()) parent.wrong(key, field, expected);
      out.push_back(x.to_number<double>());
    }
    return out;
  }
  const auto* o = field.if_object();
  if (o == nullptr || o->size() != 2) parent.wrong(key, field, expected);
  const auto* length_field = o->if_contains("length");
  const auto* nonzero_field = o->if_contains("nonzero");
  if (length_field == nullptr || nonzero_field == nullptr) parent.wrong(key, field, expected);
  const std::optional<std::size_t> length = as_count(*length_field);
  if (!length) {
    parent.fail(key, "has length " + boost::json::serialize(*length_field) +
                         "; expected a count, the vector's number of entries");
  }
  // A vector of this data set is at most max_length long: a longer one is an edited file,
  // refused before it is allocated (a length of 2^32 would be 32 GB of zeros).
  if (*length > max_length) {
    parent.fail(key, "has length " + std::to_string(*length) + ", more than the " +
                         std::to_string(max_length) + " entries a vector of this data set holds");
  }
  const auto* nonzero = nonzero_field->if_array();
  if (nonzero == nullptr) parent.wrong(key, field, expected);
  out.assign(*length, 0.0);
  std::optional<std::size_t> previous;
  for (std::size_t k = 0; k < nonzero->size(); ++k) {
    const boost::json::value& entry = (*nonzero)[k];
    const auto* pair = entry.if_array();
    const std::optional<std::size_t> j =
        pair != nullptr && pair->size() == 2 ? as_count((*pair)[0]) : std::nullopt;
    if (!j || !(*pair)[1].is_number() || *j >= *length || (previous && *j <= *previous)) {
      parent.fail(key, "has entry " + std::to_string(k) + " of its 'nonzero' list " +
                           boost::json::serialize(entry) +
                           "; expected [j, x]: x a number, j an index below the length " +
                           std::to_string(*length) + " and above the entry before");
    }
    out[*j] = (*pair)[1].to_number<double>();
    previous = j;
  }
  return out;
}

std::optional<std::vector<double>> precise_vector(const Json& field, std::size_t max_length) {
  std::vector<double> out;
  if (field.is_array()) {
    if (field.size() > max_length) return std::nullopt;
    for (const Json& x : field) {
      if (!x.is_number()) return std::nullopt;
      out.push_back(x.get<double>());
    }
    return out;
  }
  if (!field.is_object() || !field.contains("length") || !field.contains("nonzero")) {
    return std::nullopt;
  }
  const Json& length = field["length"];
  const Json& nonzero = field["nonzero"];
  if (!length.is_number_unsigned() || !nonzero.is_array()) return std::nullopt;
  const auto n = length.get<std::uint64_t>();
  if (n > max_length) return std::nullopt;
  out.assign(static_cast<std::size_t>(n), 0.0);
  for (const Json& pair : nonzero) {
    if (!pair.is_array() || pair.size() != 2 || !pair[0].is_number_unsigned() ||
        !pair[1].is_number() || pair[0].get<std::uint64_t>() >= n) {
      return std::nullopt;
    }
    out[static_cast<std::size_t>(pair[0].get<std::uint64_t>())] = pair[1].get<double>();
  }
  return out;
}

}  // namespace plab
