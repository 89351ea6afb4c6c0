// Reading the margin oracle's verdict from a manifest's points[i].theory in a test.
#pragma once

#include <boost/json.hpp>
#include <string>

namespace plab::test {

// The note of `method` in theory.methods, or "(no method …)".
inline std::string note_of(const boost::json::object& theory, const std::string& method) {
  for (const auto& m : theory.at("methods").as_array()) {
    if (m.at("method").as_string() == method) return std::string(m.at("note").as_string());
  }
  return "(no method " + method + ")";
}

// theory.reason, or "" when it is null.
inline std::string reason_of(const boost::json::object& theory) {
  return theory.at("reason").is_string() ? std::string(theory.at("reason").as_string()) : "";
}

}  // namespace plab::test
