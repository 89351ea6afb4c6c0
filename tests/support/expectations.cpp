#include "support/expectations.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <stdexcept>
#include <utility>

#include "support/records.hpp"
#include "support/temp_dir.hpp"

namespace plab::test {
namespace {

namespace json = boost::json;

// An expectation the checker cannot read: a typo must fail the test, not pass it silently.
struct Malformed : std::runtime_error {
  using std::runtime_error::runtime_error;
};

const json::value kNull;

std::string show(const json::value& v) {
  if (!v.is_double()) return json::serialize(v);
  std::ostringstream out;  // 0.5157, not json's 5.157184784465237E-1
  out.precision(10);
  out << v.as_double();
  return out.str();
}

// Equality with numbers compared by value (a record's 2 may be written 2 or 2.0).
bool same(const json::value& a, const json::value& b) {
  if (a.is_number() && b.is_number()) return a.to_number<double>() == b.to_number<double>();
  if (a.is_array() && b.is_array()) {
    const auto& x = a.as_array();
    const auto& y = b.as_array();
    if (x.size() != y.size()) return false;
    for (std::size_t i = 0; i < x.size(); ++i) {
      if (!same(x[i], y[i])) return false;
    }
    return true;
  }
  return a == b;
}

double number(const json::value& v, std::string_view key) {
  if (!v.is_number()) throw Malformed("\"" + std::string(key) + "\" needs a number");
  return v.to_number<double>();
}

const json::value& field(const json::object& record, std::string_view name) {
  const json::value* v = record.if_contains(name);
  return v ? *v : kNull;
}

// The number a comparison key compares against: its own value, or for "above_field" and
// "below_field" the named field of the same record.
std::optional<double> limit_of(std::string_view key, const json::value& bound,
                               const json::object* record) {
  if (key != "above_field" && key != "below_field") return number(bound, key);
  if (record == nullptr) throw Malformed(std::string(key) + " compares fields of one record");
  if (!bound.is_string()) throw Malformed(std::string(key) + " needs a field name");
  const json::value& other = field(*record, bound.as_string());
  if (!other.is_number()) return std::nullopt;
  return other.to_number<double>();
}

// Whether `value` matches `matcher`: a plain JSON value matches an equal value; an object
// combines conditions (see experiments/README.md). `record` holds the other fields of the
// value's record, or is null outside records.
bool matches(const json::value& value, const json::value& matcher, const json::object* record) {
  if (!matcher.is_object()) return same(value, matcher);
  const json::object& conditions = matcher.as_object();
  for (const auto& condition : conditions) {
    const std::string_view key = condition.key();
    const json::value& bound = condition.value();
    if (key == "not") {
      if (same(value, bound)) return false;
      continue;
    }
    if (key == "contains") {
      if (!bound.is_string()) throw Malformed("\"contains\" needs a string");
      if (!value.is_string() ||
          std::string_view(value.as_string()).find(bound.as_string()) == std::string_view::npos)
        return false;
      continue;
    }
    if (key == "tol") continue;  // read with "near"
    static const std::set<std::string_view> kComparisons = {
        "min", "max", "above", "below", "near", "above_field", "below_field"};
    if (!kComparisons.count(key)) throw Malformed("unknown condition \"" + std::string(key) + "\"");
    const std::optional<double> limit = limit_of(key, bound, record);
    if (!limit || !value.is_number()) return false;
    const double x = value.to_number<double>();
    const json::value* tol = conditions.if_contains("tol");
    const bool holds = key == "min"    ? x >= *limit
                       : key == "max"  ? x <= *limit
                       : key == "near" ? std::abs(x - *limit) <= (tol ? number(*tol, "tol") : 0.0)
                       : (key == "above" || key == "above_field") ? x > *limit
                                                                  : x < *limit;
    if (!holds) return false;
  }
  return true;
}

const json::object& object_at(const json::object& expectation, std::string_view key) {
  const json::value& v = expectation.at(key);
  if (!v.is_object()) throw Malformed("\"" + std::string(key) + "\" needs an object");
  return v.as_object();
}

// The first field of `fields` the record does not match, or none.
std::optional<std::string> mismatch(const json::object& record, const json::object& fields) {
  for (const auto& f : fields) {
    if (!matches(field(record, f.key()), f.value(), &record)) return std::string(f.key());
  }
  return std::nullopt;
}

std::string name_of(const json::object& r) {
  return "point " + show(field(r, "point")) + ", learner " + show(field(r, "learner")) +
         ", repeat " + show(field(r, "repeat"));
}

using Records = std::vector<const json::object*>;

Records select(const std::vector<json::object>& records, const json::object& expectation) {
  Records selected;
  const json::object* where =
      expectation.contains("where") ? &object_at(expectation, "where") : nullptr;
  for (const auto& r : records) {
    if (!where || !mismatch(r, *where)) selected.push_back(&r);
  }
  if (selected.empty()) throw Malformed("\"where\" selects no record");
  return selected;
}

std::optional<std::string> check_each(const Records& selected, const json::object& fields) {
  std::size_t failing = 0;
  std::string first;
  for (const json::object* r : selected) {
    const auto bad = mismatch(*r, fields);
    if (!bad) continue;
    if (failing++ == 0)
      first = name_of(*r) + " has " + *bad + " = " + show(field(*r, *bad)) + ", expected " +
              show(fields.at(*bad));
  }
  if (failing == 0) return std::nullopt;
  return std::to_string(failing) + " of " + std::to_string(selected.size()) +
         " records do not; the first: " + first;
}

std::optional<std::string> check_count(const Records& selected, const json::object& expectation) {
  const json::object& fields = object_at(expectation, "count");
  const auto n = static_cast<double>(
      std::count_if(selected.begin(), selected.end(),
                    [&fields](const json::object* r) { return !mismatch(*r, fields); }));
  const json::value* at_least = expectation.if_contains("at_least");
  const json::value* at_most = expectation.if_contains("at_most");
  if (!at_least && !at_most) throw Malformed("\"count\" needs \"at_least\" or \"at_most\"");
  if ((at_least && n < number(*at_least, "at_least")) ||
      (at_most && n > number(*at_most, "at_most")))
    return std::to_string(static_cast<long>(n)) + " of " + std::to_string(selected.size()) +
           " records match";
  return std::nullopt;
}

double statistic(std::string_view kind, std::vector<double> values) {
  std::sort(values.begin(), values.end());
  if (kind == "min") return values.front();
  if (kind == "max") return values.back();
  if (kind == "mean") {
    double sum = 0;
    for (const double v : values) sum += v;
    return sum / static_cast<double>(values.size());
  }
  const std::size_t mid = values.size() / 2;
  return values.size() % 2 ? values[mid] : (values[mid - 1] + values[mid]) / 2;
}

std::optional<std::string> check_statistic(const Records& selected, std::string_view kind,
                                           const json::object& fields) {
  for (const auto& f : fields) {
    std::vector<double> values;
    for (const json::object* r : selected) {
      const json::value& v = field(*r, f.key());
      if (!v.is_number())
        return name_of(*r) + " has " + std::string(f.key()) + " = " + show(v) + ", no number";
      values.push_back(v.to_number<double>());
    }
    const double s = statistic(kind, values);
    if (!matches(json::value(s), f.value(), nullptr))
      return std::string(kind) + " of " + std::string(f.key()) + " is " + show(json::value(s)) +
             " over " + std::to_string(values.size()) + " records";
  }
  return std::nullopt;
}

// Learner against baseline, repeat by repeat at each point (the pairing of the report's
// paired comparisons): how often the learner's value is lower, how often higher.
std::optional<std::string> check_paired(const Records& selected, const json::object& paired) {
  const json::value& name = paired.at("field");
  if (!name.is_string()) throw Malformed("\"paired\" needs a \"field\" name");
  std::map<std::pair<std::string, std::string>, std::pair<const json::value*, const json::value*>>
      pairs;
  for (const json::object* r : selected) {
    const auto key = std::make_pair(show(field(*r, "point")), show(field(*r, "repeat")));
    if (same(field(*r, "learner"), paired.at("learner")))
      pairs[key].first = &field(*r, name.as_string());
    if (same(field(*r, "learner"), paired.at("baseline")))
      pairs[key].second = &field(*r, name.as_string());
  }
  int lower = 0, higher = 0, n = 0;
  for (const auto& p : pairs) {
    const json::value* a = p.second.first;
    const json::value* b = p.second.second;
    if (!a || !b) continue;
    if (!a->is_number() || !b->is_number())
      return "a pair without numbers: " + show(*a) + ", " + show(*b);
    ++n;
    lower += a->to_number<double>() < b->to_number<double>();
    higher += a->to_number<double>() > b->to_number<double>();
  }
  if (n == 0) throw Malformed("\"paired\" finds no pair of learner and baseline");
  const std::string counts = "lower in " + std::to_string(lower) + ", higher in " +
                             std::to_string(higher) + " of " + std::to_string(n) + " pairs";
  for (const char* side : {"lower", "higher"}) {
    const json::value* m = paired.if_contains(side);
    if (m && !matches(json::value(side[0] == 'l' ? lower : higher), *m, nullptr)) return counts;
  }
  return std::nullopt;
}

std::optional<std::string> check_file(const json::value& file, std::string_view name,
                                      const json::object& pointers) {
  for (const auto& p : pointers) {
    boost::system::error_code ec;
    const json::value* v = file.find_pointer(p.key(), ec);
    if (!v) return std::string(name) + " has no " + std::string(p.key());
    if (!matches(*v, p.value(), nullptr))
      return std::string(name) + std::string(p.key()) + " is " + show(*v);
  }
  return std::nullopt;
}

std::optional<std::string> check(const json::object& e, const ResultsFiles& results) {
  static const std::set<std::string_view> kKinds = {
      "each", "count", "min", "max", "mean", "median", "paired", "summary", "manifest"};
  static const std::set<std::string_view> kOther = {"what", "where", "at_least", "at_most"};
  std::string kind;
  for (const auto& entry : e) {
    if (kKinds.count(entry.key())) {
      if (!kind.empty())
        throw Malformed("more than one check: " + kind + ", " + std::string(entry.key()));
      kind = entry.key();
    } else if (!kOther.count(entry.key())) {
      throw Malformed("unknown key \"" + std::string(entry.key()) + "\"");
    }
  }
  if (kind.empty()) throw Malformed("no check (each, count, min, max, mean, median, paired, ...)");
  if (kind == "summary") return check_file(results.summary, "summary.json", object_at(e, kind));
  if (kind == "manifest") return check_file(results.manifest, "manifest.json", object_at(e, kind));
  const Records selected = select(results.records, e);
  if (kind == "each") return check_each(selected, object_at(e, kind));
  if (kind == "count") return check_count(selected, e);
  if (kind == "paired") return check_paired(selected, object_at(e, kind));
  return check_statistic(selected, kind, object_at(e, kind));
}

}  // namespace

ResultsFiles read_results(const std::filesystem::path& folder) {
  ResultsFiles files;
  files.records = records(folder / "runs.jsonl");
  files.summary = json::parse(read_file(folder / "summary.json"));
  files.manifest = json::parse(read_file(folder / "manifest.json"));
  return files;
}

std::vector<std::string> failed_expectations(const boost::json::array& expectations,
                                             const ResultsFiles& results) {
  std::vector<std::string> failures;
  for (const json::value& e : expectations) {
    const json::value* what = e.is_object() ? e.as_object().if_contains("what") : nullptr;
    const std::string label = what && what->is_string() ? std::string(what->as_string()) : show(e);
    try {
      if (!what || !what->is_string()) throw Malformed("every expectation says \"what\" it checks");
      if (const auto why = check(e.as_object(), results)) failures.push_back(label + ": " + *why);
    } catch (const Malformed& m) {
      failures.push_back(label + ": malformed expectation: " + m.what());
    } catch (const std::exception& x) {  // e.g. json's at() on a missing key
      failures.push_back(label + ": malformed expectation: " + x.what());
    }
  }
  return failures;
}

}  // namespace plab::test
