#include "support/claim_breaker.hpp"

#include <array>
#include <stdexcept>
#include <string_view>

#include "config/object_reader.hpp"

namespace plab::test {

namespace json = boost::json;

namespace {

double number(const json::value& v) { return v.to_number<double>(); }

}  // namespace

json::value negated_matcher(const json::value& matcher) {
  if (matcher.is_null()) return json::object{{"not", nullptr}};
  if (matcher.is_bool()) return !matcher.as_bool();
  if (matcher.is_number()) return number(matcher) + 1;
  if (matcher.is_string()) return json::string(std::string(matcher.as_string()) + " (broken)");
  if (matcher.is_array()) {
    json::array broken = matcher.as_array();
    if (broken.empty()) return json::array{nullptr};
    broken[0] = negated_matcher(broken[0]);
    return broken;
  }
  const json::object& c = matcher.as_object();
  // The first condition in this order that the object holds decides the negation: every
  // condition must hold for the original to hold, so one false condition suffices.
  if (const json::value* v = c.if_contains("min")) return json::object{{"below", *v}};
  if (const json::value* v = c.if_contains("above")) return json::object{{"max", *v}};
  if (const json::value* v = c.if_contains("max")) return json::object{{"above", *v}};
  if (const json::value* v = c.if_contains("below")) return json::object{{"min", *v}};
  if (const json::value* v = c.if_contains("near")) {
    const json::value* tol = c.if_contains("tol");
    return json::object{{"above", number(*v) + (tol ? number(*tol) : 0.0)}};
  }
  if (const json::value* v = c.if_contains("not")) return *v;
  if (const json::value* v = c.if_contains("contains")) {
    return json::object{{"contains", std::string(v->as_string()) + " (broken)"}};
  }
  if (const json::value* v = c.if_contains("below_field")) return json::object{{"above_field", *v}};
  if (const json::value* v = c.if_contains("above_field")) return json::object{{"below_field", *v}};
  throw std::invalid_argument("no condition to negate in " + json::serialize(matcher));
}

std::vector<std::string> breakable_conditions(const json::object& claim) {
  std::vector<std::string> pointers;
  static constexpr std::array<std::string_view, 8> kFieldMatchers = {
      "each", "count", "min", "max", "mean", "median", "summary", "manifest"};
  for (std::string_view kind : kFieldMatchers) {
    const json::value* fields = claim.if_contains(kind);
    if (!fields || !fields->is_object()) continue;
    for (const auto& f : fields->as_object())
      pointers.push_back(pointer_append("/" + std::string(kind), f.key()));
  }
  for (std::string_view key : {"at_least", "at_most"}) {
    if (claim.contains(key)) pointers.push_back("/" + std::string(key));
  }
  if (const json::value* paired = claim.if_contains("paired")) {
    for (std::string_view key : {"lower", "higher"}) {
      if (paired->as_object().contains(key)) pointers.push_back("/paired/" + std::string(key));
    }
  }
  if (claim.contains("fit")) pointers.emplace_back("/fit/slope");
  if (const json::value* compare = claim.if_contains("compare")) {
    const json::object& c = compare->as_object();
    if (c.contains("difference")) {
      pointers.emplace_back("/compare/difference");
    } else {
      pointers.emplace_back(c.contains("below") ? "/compare/below" : "/compare/above");
    }
  }
  return pointers;
}

json::object broken_at(const json::object& claim, const std::string& pointer) {
  json::object broken = claim;
  // Keys whose negation is another key: a count's limit, a comparison's direction.
  const auto swap_key = [&](json::object& o, std::string_view from, std::string_view to,
                            json::value value) {
    o.erase(from);
    o[to] = std::move(value);
  };
  if (pointer == "/at_least") {
    swap_key(broken, "at_least", "at_most", number(claim.at("at_least")) - 1);
  } else if (pointer == "/at_most") {
    swap_key(broken, "at_most", "at_least", number(claim.at("at_most")) + 1);
  } else if (pointer == "/compare/below" || pointer == "/compare/above") {
    json::object& c = broken.at("compare").as_object();
    const bool below = pointer == "/compare/below";
    const json::value baseline = c.at(below ? "below" : "above");
    swap_key(c, below ? "below" : "above", below ? "above" : "below", baseline);
  } else {
    json::value whole = std::move(broken);
    json::value& at = whole.at_pointer(pointer);
    at = negated_matcher(at);
    return std::move(whole.as_object());
  }
  return broken;
}

}  // namespace plab::test
