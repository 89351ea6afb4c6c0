// The proof forms a plugin may declare (plab/bound.hpp): their names, and the check that a
// declaration is complete and consistent before the engine evaluates it.
//
// The engine trusts a declaration's numbers (they are the plugin's claim about its own
// update), but never a declaration that contradicts itself or the plugin's tasks: such a
// declaration would print a bound for a theorem nobody claimed.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "plab/descriptor.hpp"

namespace plab {

// The `bound_kind` stem of a form ("novikoff", "batch_sum", …); "" for a value outside the
// enum.
const char* bound_form_name(BoundForm form);

// The form a manifest's word names (a registered form's `bound_kind` stem); nullopt otherwise.
std::optional<BoundForm> parse_bound_form(std::string_view word);

// "mistakes" or "updates" (the record's `bound_on`); "" when unset or unknown.
const char* bound_count_name(BoundCount count);
// The count a record's or manifest's word names ("mistakes", "updates"); nullopt otherwise.
std::optional<BoundCount> parse_bound_count(std::string_view word);

// True for the forms that carry a mistake bound (not kNone, not kLeastSquares).
bool form_has_bound(BoundForm form);

// "" when `declared` is a complete, consistent declaration of `plugin` for a run on `task`;
// otherwise one sentence naming the field and what is accepted.
std::string bound_declaration_problem(const BoundDeclaration& declared,
                                      const PluginDescriptor& plugin, TaskKind task);

}  // namespace plab
