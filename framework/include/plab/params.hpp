// Learner parameters: the table a plugin declares, and the resolved values it receives.
//
// A plugin lists its parameters as constexpr ParamSpec entries (name, type, default,
// accepted range or choices, one-line doc). The engine validates a config's `params` object
// against that table once, before any run: unknown names, wrong types and out-of-range
// values are refused with a sentence naming plugin and param. The learner then receives a
// ParamSet holding every declared param, defaults filled in, already checked; reading one
// by the wrong type or a name not declared is a plugin bug and throws std::logic_error.
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

namespace plab {

enum class ParamType : std::uint8_t { kReal, kInteger, kBool, kChoice };

struct ParamSpec {
  const char* name = "";
  ParamType type = ParamType::kReal;
  const char* doc = "";
  double default_number = 0.0;      // kReal, kInteger, kBool (0 or 1)
  const char* default_choice = "";  // kChoice
  const char* choices = "";         // kChoice: alternatives separated by '|'
  double lower = -std::numeric_limits<double>::infinity();  // kReal, kInteger
  double upper = std::numeric_limits<double>::infinity();
  bool lower_open = false;  // true: value must be > lower; false: >= lower
  bool upper_open = false;

  static constexpr ParamSpec real(const char* name, double def, const char* doc,
                                  double lower = -std::numeric_limits<double>::infinity(),
                                  bool lower_open = false,
                                  double upper = std::numeric_limits<double>::infinity(),
                                  bool upper_open = false) {
    ParamSpec s;
    s.name = name;
    s.type = ParamType::kReal;
    s.doc = doc;
    s.default_number = def;
    s.lower = lower;
    s.lower_open = lower_open;
    s.upper = upper;
    s.upper_open = upper_open;
    return s;
  }
  static constexpr ParamSpec integer(const char* name, std::int64_t def, const char* doc,
                                     std::int64_t lower, std::int64_t upper) {
    ParamSpec s = real(name, static_cast<double>(def), doc, static_cast<double>(lower), false,
                       static_cast<double>(upper), false);
    s.type = ParamType::kInteger;
    return s;
  }
  static constexpr ParamSpec boolean(const char* name, bool def, const char* doc) {
    ParamSpec s;
    s.name = name;
    s.type = ParamType::kBool;
    s.doc = doc;
    s.default_number = def ? 1.0 : 0.0;
    return s;
  }
  static constexpr ParamSpec choice(const char* name, const char* def, const char* choices,
                                    const char* doc) {
    ParamSpec s;
    s.name = name;
    s.type = ParamType::kChoice;
    s.doc = doc;
    s.default_choice = def;
    s.choices = choices;
    return s;
  }
};

class ParamSet {
 public:
  struct Entry {
    std::string name;
    ParamType type;
    double number;     // kReal, kInteger, kBool
    std::string text;  // kChoice
  };

  void add(Entry entry);
  const std::vector<Entry>& entries() const { return entries_; }
  // Whether the descriptor declares `name` (for SDK code shared by learners with and
  // without an optional param such as `tie`).
  bool has(std::string_view name) const {
    for (const Entry& e : entries_) {
      if (e.name == name) return true;
    }
    return false;
  }

  double real(std::string_view name) const;
  std::int64_t integer(std::string_view name) const;
  bool flag(std::string_view name) const;
  const std::string& choice(std::string_view name) const;

 private:
  const Entry& find(std::string_view name, ParamType type) const;
  std::vector<Entry> entries_;
};

}  // namespace plab
