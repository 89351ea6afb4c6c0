#include "analysis/record_checks.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>
#include <stdexcept>
#include <utility>

#include "base/median.hpp"

namespace plab::claims {

namespace json = boost::json;

namespace {

const json::value kNoValue;

// Equality with numbers compared by value (a record's 2 may be written 2 or 2.0).
bool same_value(const json::value& a, const json::value& b) {
  if (a.is_number() && b.is_number()) return a.to_number<double>() == b.to_number<double>();
  if (a.is_array() && b.is_array()) {
    const auto& x = a.as_array();
    const auto& y = b.as_array();
    if (x.size() != y.size()) return false;
    for (std::size_t i = 0; i < x.size(); ++i) {
      if (!same_value(x[i], y[i])) return false;
    }
    return true;
  }
  return a == b;
}

// The number a comparison key compares against: its own value, or for "above_field" and
// "below_field" the named field of the same_value record.
std::optional<double> condition_limit(Condition condition, std::string_view key,
                                      const json::value& bound, const json::object* record) {
  if (condition != Condition::kAboveField && condition != Condition::kBelowField)
    return number(bound, key);
  if (record == nullptr) throw Malformed(std::string(key) + " compares fields of one record");
  if (!bound.is_string()) throw Malformed(std::string(key) + " needs a field name");
  const json::value& other = field(*record, bound.as_string());
  if (!other.is_number()) return std::nullopt;
  return other.to_number<double>();
}

// The first field of `fields` the record does not match, or none.
std::optional<std::string> first_mismatch(const json::object& record, const json::object& fields) {
  for (const auto& f : fields) {
    if (!matches(value_at(record, f.key()), f.value(), &record)) return std::string(f.key());
  }
  return std::nullopt;
}

std::string record_name(const json::object& r) {
  return "point " + show(field(r, "point")) + ", learner " + show(field(r, "learner")) +
         ", repeat " + show(field(r, "repeat"));
}

Outcome holds_with(std::string detail) { return {Verdict::kHolds, std::move(detail)}; }
Outcome fails_with(std::string detail) { return {Verdict::kFails, std::move(detail)}; }

Outcome check_each_record(const Records& selected, const json::object& fields) {
  std::size_t failing = 0;
  std::string first;
  for (const json::object* r : selected) {
    const auto bad = first_mismatch(*r, fields);
    if (!bad) continue;
    if (failing++ == 0)
      first = record_name(*r) + " has " + *bad + " = " + show(field(*r, *bad)) + ", expected " +
              show(fields.at(*bad));
  }
  const std::string of = " of " + std::to_string(selected.size()) + " records";
  if (failing == 0) return holds_with("all" + of + " match");
  return fails_with(std::to_string(failing) + of + " do not; the first: " + first);
}

Outcome check_record_count(const Records& selected, const json::object& claim) {
  const json::object& fields = object_at(claim, "count");
  const auto n = static_cast<double>(
      std::count_if(selected.begin(), selected.end(),
                    [&fields](const json::object* r) { return !first_mismatch(*r, fields); }));
  const json::value* at_least = claim.if_contains("at_least");
  const json::value* at_most = claim.if_contains("at_most");
  if (!at_least && !at_most) throw Malformed(R"("count" needs "at_least" or "at_most")");
  const std::string found = std::to_string(static_cast<long>(n)) + " of " +
                            std::to_string(selected.size()) + " records match";
  if ((at_least && n < number(*at_least, "at_least")) ||
      (at_most && n > number(*at_most, "at_most")))
    return fails_with(found);
  return holds_with(found);
}

// `kind` is one of min, max, mean, median.
double statistic_of(ClaimCheck kind, std::vector<double> values) {
  std::sort(values.begin(), values.end());
  if (kind == ClaimCheck::kMin) return values.front();
  if (kind == ClaimCheck::kMax) return values.back();
  if (kind == ClaimCheck::kMean) {
    double sum = 0;
    for (const double v : values) sum += v;
    return sum / static_cast<double>(values.size());
  }
  return median_of_sorted(values);
}

Outcome check_record_statistic(const Records& selected, ClaimCheck kind,
                               const json::object& fields) {
  std::string found;
  for (const auto& f : fields) {
    std::vector<double> values;
    for (const json::object* r : selected) {
      const json::value& v = field(*r, f.key());
      if (!v.is_number())
        return fails_with(record_name(*r) + " has " + std::string(f.key()) + " = " + show(v) +
                          ", no number");
      values.push_back(v.to_number<double>());
    }
    const double s = statistic_of(kind, values);
    const std::string text = std::string(kind_word(kClaimCheckWords, kind)) + " of " +
                             std::string(f.key()) + " is " + show(json::value(s)) + " over " +
                             std::to_string(values.size()) + " records";
    if (!matches(json::value(s), f.value(), nullptr)) return fails_with(text);
    found += (found.empty() ? "" : "; ") + text;
  }
  return holds_with(found);
}

// Learner against baseline, repeat by repeat at each point (the pairing of the report's
// paired comparisons): how often the learner's value is lower, how often higher.
Outcome check_paired_counts(const Records& selected, const json::object& paired) {
  const json::value* name = paired.if_contains("field");
  if (!name || !name->is_string()) throw Malformed(R"("paired" needs a "field" name)");
  if (!paired.contains("learner") || !paired.contains("baseline"))
    throw Malformed(R"("paired" needs a "learner" and a "baseline")");
  std::map<std::pair<std::string, std::string>, std::pair<const json::value*, const json::value*>>
      pairs;
  for (const json::object* r : selected) {
    const auto key = std::make_pair(show(field(*r, "point")), show(field(*r, "repeat")));
    if (same_value(field(*r, "learner"), paired.at("learner")))
      pairs[key].first = &field(*r, name->as_string());
    if (same_value(field(*r, "learner"), paired.at("baseline")))
      pairs[key].second = &field(*r, name->as_string());
  }
  int lower = 0, higher = 0, n = 0;
  for (const auto& p : pairs) {
    const json::value* a = p.second.first;
    const json::value* b = p.second.second;
    if (!a || !b) continue;
    if (!a->is_number() || !b->is_number())
      return fails_with("a pair without numbers: " + show(*a) + ", " + show(*b));
    ++n;
    lower += a->to_number<double>() < b->to_number<double>();
    higher += a->to_number<double>() > b->to_number<double>();
  }
  if (n == 0) throw Undecidable("\"paired\" finds no pair of learner and baseline");
  const std::string counts = "lower in " + std::to_string(lower) + ", higher in " +
                             std::to_string(higher) + " of " + std::to_string(n) + " pairs";
  for (const char* side : {"lower", "higher"}) {
    const json::value* m = paired.if_contains(side);
    if (m && !matches(json::value(side[0] == 'l' ? lower : higher), *m, nullptr))
      return fails_with(counts);
  }
  return holds_with(counts);
}

Outcome check_json_file(const json::value& file, std::string_view name,
                        const json::object& pointers) {
  std::string found;
  for (const auto& p : pointers) {
    boost::system::error_code ec;
    const json::value* v = file.find_pointer(p.key(), ec);
    if (!v) return fails_with(std::string(name) + " has no " + std::string(p.key()));
    const std::string text = std::string(name) + std::string(p.key()) + " is " + show(*v);
    if (!matches(*v, p.value(), nullptr)) return fails_with(text);
    found += (found.empty() ? "" : "; ") + text;
  }
  return holds_with(found);
}

}  // namespace

std::string show(const json::value& v) {
  if (!v.is_double()) return json::serialize(v);
  std::ostringstream out;  // 0.5157, not json's 5.157184784465237E-1
  out.precision(10);
  out << v.as_double();
  return out.str();
}

double number(const json::value& v, std::string_view key) {
  if (!v.is_number()) throw Malformed("\"" + std::string(key) + "\" needs a number");
  return v.to_number<double>();
}

const json::value& field(const json::object& record, std::string_view name) {
  const json::value* v = record.if_contains(name);
  return v ? *v : kNoValue;
}

const json::value& value_at(const json::object& record, std::string_view key) {
  if (key.empty() || key.front() != '/') return field(record, key);
  const json::value& params = field(record, "params");
  if (!params.is_object()) return kNoValue;
  return field(params.as_object(), key);
}

const json::object& object_at(const json::object& claim, std::string_view key) {
  const json::value* v = claim.if_contains(key);
  if (!v || !v->is_object()) throw Malformed("\"" + std::string(key) + "\" needs an object");
  return v->as_object();
}

bool matches(const json::value& value, const json::value& matcher, const json::object* record) {
  if (!matcher.is_object()) return same_value(value, matcher);
  const json::object& conditions = matcher.as_object();
  for (const auto& condition : conditions) {
    const std::string_view key = condition.key();
    const json::value& bound = condition.value();
    const std::optional<Condition> known = kind_of_word(kConditionWords, key);
    if (!known) throw Malformed("unknown condition \"" + std::string(key) + "\"");
    const Condition c = *known;
    if (c == Condition::kNot) {
      if (same_value(value, bound)) return false;
      continue;
    }
    if (c == Condition::kContains) {
      if (!bound.is_string()) throw Malformed("\"contains\" needs a string");
      if (!value.is_string() ||
          std::string_view(value.as_string()).find(bound.as_string()) == std::string_view::npos)
        return false;
      continue;
    }
    if (c == Condition::kTol) continue;  // read with "near"
    const std::optional<double> limit = condition_limit(c, key, bound, record);
    if (!limit || !value.is_number()) return false;
    const double x = value.to_number<double>();
    const json::value* tol = conditions.if_contains("tol");
    const bool held = c == Condition::kMin   ? x >= *limit
                      : c == Condition::kMax ? x <= *limit
                      : c == Condition::kNear
                          ? std::abs(x - *limit) <= (tol ? number(*tol, "tol") : 0.0)
                      : (c == Condition::kAbove || c == Condition::kAboveField) ? x > *limit
                                                                                : x < *limit;
    if (!held) return false;
  }
  return true;
}

// A name no record of the experiment holds is a misspelt field, not a value every record lacks
// (a record writes each of its fields, null when it has no value): refused like an unknown
// condition, instead of read as null and failing every record.
void require_fields_some_record_holds(const std::vector<json::object>& records,
                                      const json::object& fields) {
  if (records.empty()) return;  // no record at all: select() leaves the claim undecided
  for (const auto& f : fields) {
    const std::string_view key = f.key();
    const bool held = std::any_of(records.begin(), records.end(), [key](const json::object& r) {
      if (key.empty() || key.front() != '/') return r.contains(key);
      const json::value* params = r.if_contains("params");
      return params != nullptr && params->is_object() && params->as_object().contains(key);
    });
    if (!held) throw Malformed("no record has a field \"" + std::string(key) + "\"");
  }
}

Records select(const std::vector<json::object>& records, const json::object& claim) {
  Records selected;
  const json::object* where = claim.contains("where") ? &object_at(claim, "where") : nullptr;
  for (const auto& r : records) {
    if (!where || !first_mismatch(r, *where)) selected.push_back(&r);
  }
  if (selected.empty()) throw Undecidable("\"where\" selects no record");
  return selected;
}

Outcome check_records(ClaimCheck kind, const json::object& claim, const ClaimInputs& inputs) {
  const char* word = kind_word(kClaimCheckWords, kind);
  if (kind == ClaimCheck::kSummary)
    return check_json_file(inputs.summary, "summary.json", object_at(claim, word));
  if (kind == ClaimCheck::kManifest)
    return check_json_file(inputs.manifest, "manifest.json", object_at(claim, word));
  if (claim.contains("where"))
    require_fields_some_record_holds(inputs.records, object_at(claim, "where"));
  if (kind != ClaimCheck::kPaired)
    require_fields_some_record_holds(inputs.records, object_at(claim, word));
  const Records selected = select(inputs.records, claim);
  switch (kind) {
    case ClaimCheck::kEach:
      return check_each_record(selected, object_at(claim, word));
    case ClaimCheck::kCount:
      return check_record_count(selected, claim);
    case ClaimCheck::kPaired:
      return check_paired_counts(selected, object_at(claim, word));
    case ClaimCheck::kMin:
    case ClaimCheck::kMax:
    case ClaimCheck::kMean:
    case ClaimCheck::kMedian:
      return check_record_statistic(selected, kind, object_at(claim, word));
    default:
      throw std::logic_error(std::string("check_records does not check \"") + word + "\"");
  }
}

}  // namespace plab::claims
