#include "plab/params.hpp"

#include <stdexcept>
#include <utility>

namespace plab {

void ParamSet::add(Entry entry) { entries_.push_back(std::move(entry)); }

const ParamSet::Entry& ParamSet::find(std::string_view name, ParamType type) const {
  for (const Entry& e : entries_) {
    if (e.name != name) continue;
    if (e.type != type) {
      throw std::logic_error("plugin reads param '" + std::string(name) +
                             "' with a type other than the one it declared");
    }
    return e;
  }
  throw std::logic_error("plugin reads param '" + std::string(name) +
                         "', which its descriptor does not declare");
}

double ParamSet::real(std::string_view name) const { return find(name, ParamType::kReal).number; }

std::int64_t ParamSet::integer(std::string_view name) const {
  return static_cast<std::int64_t>(find(name, ParamType::kInteger).number);
}

bool ParamSet::flag(std::string_view name) const {
  return find(name, ParamType::kBool).number != 0.0;
}

const std::string& ParamSet::choice(std::string_view name) const {
  return find(name, ParamType::kChoice).text;
}

}  // namespace plab
