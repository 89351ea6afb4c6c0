#include "analysis/claims.hpp"

#include <set>
#include <utility>

#include "analysis/claim_words.hpp"
#include "analysis/comparison_claim.hpp"
#include "analysis/fit_claim.hpp"
#include "analysis/record_checks.hpp"
#include "analysis/statistics.hpp"
#include "base/number_text.hpp"
#include "error.hpp"

namespace plab {

namespace json = boost::json;
using claims::ClaimCheck;
using claims::Malformed;

namespace {

const std::set<std::string_view> kOther = {"what", "where", "at_least", "at_most"};

// The claim's one check; Malformed if it has none, two, or a key the language does not know.
ClaimCheck check_kind_of(const json::value& claim) {
  if (!claim.is_object()) throw Malformed("a claim is an object with \"what\" and one check");
  const json::object& c = claim.as_object();
  const json::value* what = c.if_contains("what");
  if (!what || !what->is_string()) throw Malformed("every claim says \"what\" it checks");
  // A verdict is printed and written under its "what": an empty one names nothing.
  if (what->as_string().empty())
    throw Malformed(R"("what" is empty: a verdict is named by its "what", so say what it checks)");
  std::optional<ClaimCheck> kind;
  for (const auto& entry : c) {
    if (const auto check = kind_of_word(claims::kClaimCheckWords, entry.key())) {
      if (kind)
        throw Malformed(
            "more than one check: " + std::string(kind_word(claims::kClaimCheckWords, *kind)) +
            ", " + std::string(entry.key()));
      kind = check;
    } else if (!kOther.count(entry.key())) {
      throw Malformed("unknown key \"" + std::string(entry.key()) + "\"");
    }
  }
  if (!kind)
    throw Malformed(
        "no check (each, count, min, max, mean, median, paired, summary, manifest, "
        "fit, compare)");
  return *kind;
}

// A tolerance below 0 or a count range that is empty are mistakes in the claim, refused with
// its form (before any run) instead of reported as a failure after the runs. Every object
// holding "tol" is a condition or a range ("tol" names no record field, and summary and
// manifest keys are pointers), so the walk finds each tolerance wherever it sits.
void check_tolerances(const json::value& v) {
  if (v.is_array()) {
    for (const json::value& x : v.as_array()) check_tolerances(x);
    return;
  }
  if (!v.is_object()) return;
  const json::object& o = v.as_object();
  if (const json::value* tol = o.if_contains("tol")) {
    if (!o.contains("near")) throw Malformed(R"("tol" goes with "near")");
    if (!tol->is_number() || !(tol->to_number<double>() >= 0))
      throw Malformed(
          "\"tol\" is " +
          (tol->is_number() ? number_text(tol->to_number<double>()) : json::serialize(*tol)) +
          "; a tolerance is a number >= 0");
  }
  for (const auto& entry : o) check_tolerances(entry.value());
}

void check_count_range(const json::object& claim, ClaimCheck kind) {
  const json::value* at_least = claim.if_contains("at_least");
  const json::value* at_most = claim.if_contains("at_most");
  for (const auto& [key, limit] :
       {std::pair{"at_least", at_least}, std::pair{"at_most", at_most}}) {
    if (limit == nullptr) continue;
    if (kind != ClaimCheck::kCount)
      throw Malformed("\"" + std::string(key) + R"(" goes with "count")");
    if (!limit->is_number() || !(limit->to_number<double>() >= 0))
      throw Malformed("\"" + std::string(key) + "\" is " + json::serialize(*limit) +
                      "; a count is a number >= 0");
  }
  if (at_least && at_most && at_least->to_number<double>() > at_most->to_number<double>())
    throw Malformed("\"at_least\" " + json::serialize(*at_least) + " is above \"at_most\" " +
                    json::serialize(*at_most) + ": no count lies in that range");
}

std::string claim_label(const json::value& claim, const std::string& where, std::size_t i) {
  const json::value* what = claim.is_object() ? claim.as_object().if_contains("what") : nullptr;
  return where + "/" + std::to_string(i) +
         (what && what->is_string() ? " ('" + std::string(what->as_string()) + "')" : "");
}

[[noreturn]] void refuse_claim(const json::value& claim, const std::string& where, std::size_t i,
                               const std::string& why) {
  throw ConfigError("claim " + claim_label(claim, where, i) + ": " + why +
                    " (docs/config-reference.md, \"Claims\")");
}

// Checks the claims' form (validate_claims) and reads each claim's check word into its enum.
std::vector<ClaimCheck> read_checks(const json::value& list, const std::string& where) {
  if (!list.is_array())
    throw ConfigError(where +
                      ": claims are a list of objects, each with \"what\" and one check "
                      "(docs/config-reference.md, \"Claims\")");
  const json::array& all = list.as_array();
  std::vector<ClaimCheck> checks;
  checks.reserve(all.size());
  for (std::size_t i = 0; i < all.size(); ++i) {
    try {
      checks.push_back(check_kind_of(all[i]));
      check_count_range(all[i].as_object(), checks.back());
      check_tolerances(all[i]);
    } catch (const Malformed& m) {
      refuse_claim(all[i], where, i, m.what());
    }
  }
  // A verdict is printed and written (claims.json) under its claim's "what": two claims with
  // the same one could not be told apart when one fails.
  for (std::size_t i = 1; i < all.size(); ++i) {
    for (std::size_t k = 0; k < i; ++k) {
      if (all[i].as_object().at("what") != all[k].as_object().at("what")) continue;
      refuse_claim(all[i], where, i,
                   "has the same \"what\" as claim " + where + "/" + std::to_string(k) +
                       "; a verdict is named by its \"what\", so two alike could not be told "
                       "apart: say what each one checks");
    }
  }
  return checks;
}

}  // namespace

const char* verdict_word(Verdict v) {
  return v == Verdict::kHolds ? "holds" : v == Verdict::kFails ? "fails" : "undecided";
}

void validate_claims(const json::value& list, const std::string& where) {
  read_checks(list, where);
}

std::vector<ClaimVerdict> evaluate_claims(const json::array& list, const ClaimInputs& inputs,
                                          const std::string& where) {
  const std::vector<ClaimCheck> checks = read_checks(json::value(list), where);
  std::vector<ClaimVerdict> out(list.size());
  // Comparisons wait for the family's Holm adjustment.
  std::vector<std::size_t> family;
  std::vector<claims::Comparison> comparisons;
  for (std::size_t i = 0; i < list.size(); ++i) {
    const json::object& c = list[i].as_object();
    out[i].what = std::string(c.at("what").as_string());
    const ClaimCheck kind = checks[i];
    try {
      if (kind == ClaimCheck::kCompare) {
        claims::Comparison comparison = claims::compare(c, inputs);
        if (!comparison.difference.is_null()) {
          const claims::Outcome o = claims::difference_verdict(comparison);
          out[i].verdict = o.verdict;
          out[i].detail = o.detail;
          continue;
        }
        comparisons.push_back(std::move(comparison));
        family.push_back(i);
        continue;
      }
      const claims::Outcome o = kind == ClaimCheck::kFit ? claims::check_fit(c, inputs)
                                                         : claims::check_records(kind, c, inputs);
      out[i].verdict = o.verdict;
      out[i].detail = o.detail;
    } catch (const claims::Undecidable& u) {
      out[i].verdict = Verdict::kUndecided;
      out[i].detail = std::string("cannot be decided: ") + u.what();
    } catch (const Malformed& m) {
      refuse_claim(list[i], where, i, m.what());
    }
  }
  std::vector<double> raw;
  raw.reserve(comparisons.size());
  for (const claims::Comparison& c : comparisons) raw.push_back(c.p_value);
  const std::vector<double> adjusted = holm_adjusted(raw);
  for (std::size_t k = 0; k < family.size(); ++k) {
    const claims::Outcome o =
        claims::comparison_verdict(comparisons[k], adjusted[k], comparisons.size());
    out[family[k]].verdict = o.verdict;
    out[family[k]].detail = o.detail;
  }
  return out;
}

}  // namespace plab
