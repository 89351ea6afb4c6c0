#include "results/format/exact_json.hpp"

#include <fstream>
#include <sstream>

#include "config/json.hpp"
#include "error.hpp"

namespace plab {

boost::json::value to_boost_exactly(const Json& j) {
  switch (j.type()) {
    case Json::value_t::object: {
      boost::json::object out;
      for (const auto& [key, value] : j.items()) out[key] = to_boost_exactly(value);
      return out;
    }
    case Json::value_t::array: {
      boost::json::array out;
      for (const Json& value : j) out.push_back(to_boost_exactly(value));
      return out;
    }
    case Json::value_t::string:
      return boost::json::value(j.get_ref<const std::string&>());
    case Json::value_t::boolean:
      return boost::json::value(j.get<bool>());
    case Json::value_t::number_integer:
      return boost::json::value(j.get<std::int64_t>());
    case Json::value_t::number_unsigned:
      return boost::json::value(j.get<std::uint64_t>());
    case Json::value_t::number_float:
      return boost::json::value(j.get<double>());
    default:
      return nullptr;
  }
}

boost::json::value read_json_exactly(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  Json document = Json::parse(text.str(), nullptr, false);
  if (document.is_discarded()) {
    throw DataError("'" + file.string() + "' is not JSON");
  }
  return to_boost_exactly(document);
}

boost::json::value parse_json_exactly(const std::string& text, const std::string& where) {
  Json document = Json::parse(text, nullptr, false);
  if (document.is_discarded()) throw DataError(where + ": not JSON");
  return to_boost_exactly(document);
}

}  // namespace plab
