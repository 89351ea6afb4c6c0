// plab describe PLUGIN: what a plugin does, its params, conventions and declared bound.
#include <cstdio>
#include <set>
#include <string>
#include <vector>

#include "cli/options.hpp"
#include "error.hpp"
#include "plugin_loader/param_resolver.hpp"
#include "plugin_loader/plugin_library.hpp"
#include "plugin_loader/plugin_locator.hpp"
#include "theory/bound_forms.hpp"
#include "theory/bound_unit.hpp"
#include "theory/learner_quantity_unit.hpp"

namespace plab::cli {

namespace {

// The theorem behind each declared form, in words (docs/bounds.md): its unit's description.
const char* form_text(BoundForm form) {
  const BoundUnit* unit = find_bound_unit(form);
  return unit != nullptr ? unit->description() : "";
}

// "novikoff on mistakes, eta = 0.5": the declared values.
std::string declared_text(const BoundDeclaration& b) {
  std::string out = bound_form_name(b.form);
  if (!form_has_bound(b.form)) return out;
  out += std::string(" on ") + bound_count_name(b.counts) + ", eta = " + number_text(b.eta);
  return out + find_bound_unit(b.form)->declared_text(b);
}

bool same(const BoundDeclaration& a, const BoundDeclaration& b) {
  auto same_number = [](double x, double y) { return x == y || (x != x && y != y); };
  return a.form == b.form && a.counts == b.counts && same_number(a.eta, b.eta) &&
         same_number(a.tau, b.tau) && a.balanced == b.balanced;
}

bool in_range(const ParamSpec& s, double v) {
  return (s.lower_open ? v > s.lower : v >= s.lower) && (s.upper_open ? v < s.upper : v <= s.upper);
}

// Other valid values of one param, to see whether the declaration depends on it: every
// other choice, the other boolean, a nearby number in range.
std::vector<ParamSet::Entry> probes(const ParamSpec& s) {
  std::vector<ParamSet::Entry> out;
  ParamSet::Entry e{s.name, s.type, s.default_number, s.default_choice};
  if (s.type == ParamType::kBool) {
    e.number = e.number != 0.0 ? 0.0 : 1.0;
    out.push_back(e);
  } else if (s.type == ParamType::kChoice) {
    std::string choice;
    for (const char* c = s.choices;; ++c) {
      if (*c != '|' && *c != '\0') {
        choice += *c;
        continue;
      }
      if (choice != s.default_choice) out.push_back({s.name, s.type, 0.0, choice});
      choice.clear();
      if (*c == '\0') break;
    }
  } else {
    const double d = s.default_number;
    for (const double v : {2.0 * d, d + 1.0, d / 2.0, d - 1.0}) {
      if (v != d && in_range(s, v)) {
        e.number = v;
        out.push_back(e);
        break;
      }
    }
  }
  return out;
}

// The declaration for the default params, and which params change it: the form printed is
// the defaults' one, and the user is told when theirs may differ.
void print_bound(const PluginLibrary& plugin) {
  const PluginDescriptor& d = plugin.descriptor();
  const bool binary = (d.tasks & kBinaryTask) != 0;
  const TaskKind task = binary ? TaskKind::kBinary : TaskKind::kMulticlass;
  const ParamSet defaults = default_params(d);
  auto declare = [&](const ParamSet& params) {
    return plugin.declare_bound(LearnerSetup{params, task, 1, 2, binary ? 2u : 3u});
  };
  const BoundDeclaration base = declare(defaults);
  std::vector<std::string> changes;
  std::vector<std::string> refusals;
  for (std::size_t k = 0; k < d.param_count; ++k) {
    for (const ParamSet::Entry& probe : probes(d.params[k])) {
      ParamSet varied;
      for (const auto& e : defaults.entries()) varied.add(e.name == probe.name ? probe : e);
      try {
        if (same(declare(varied), base)) continue;
      } catch (const PluginError& e) {
        refusals.emplace_back(e.what());
      }
      changes.emplace_back(d.params[k].name);
      break;
    }
  }
  std::printf("guarantee:  %s\n", form_text(base.form));
  // The certified quantities the form needs beyond R and rho, in their units' words.
  if (const BoundUnit* unit = find_bound_unit(base.form)) {
    std::set<std::string> keys;
    for (const QuantityRequest& q : unit->needs(base)) {
      const QuantityUnit* quantity = find_quantity_unit(q.key);
      if (quantity != nullptr && keys.insert(q.key).second)
        std::printf("certified:  %s\n", quantity->description());
    }
  }
  // And the learner's own (a kernel's R_K and rho_K).
  for (const LearnerQuantityUnit* unit : learner_units_needed(base))
    std::printf("certified:  %s\n", unit->description());
  std::printf("declared:   %s, for the default params", declared_text(base).c_str());
  if (changes.empty()) {
    std::printf("\n\n");
  } else {
    std::string list;
    for (const auto& c : changes) list += (list.empty() ? "" : ", ") + c;
    std::printf("; it depends on params: %s\n\n", list.c_str());
  }
  for (const auto& r : refusals) std::printf("warning: %s\n\n", r.c_str());
}

const char* orders_text(OrderSupport o) {
  switch (o) {
    case OrderSupport::kNone:
      return "none (batch: every epoch sees all samples)";
    case OrderSupport::kPermutation:
      return "cyclic, shuffle";
    case OrderSupport::kMistakeDriven:
      return "cyclic, shuffle, random_mistake, worst_mistake";
  }
  return "";
}

}  // namespace

int describe_command(const Args& args) {
  po::options_description options("options");
  options.add_options()("plugin", po::value<std::string>()->required(),
                        "plugin name, or path to a .so")(
      "plugin-dir", po::value<std::vector<std::string>>()->composing(),
      "also look for plugins in this folder (repeatable)");
  po::positional_options_description positional;
  positional.add("plugin", 1);
  po::variables_map vm;
  if (!parse_options("describe", "describe PLUGIN [--plugin-dir DIR]...", args, options, positional,
                     vm)) {
    return 0;
  }
  const auto dirs = plugin_search_dirs(plugin_dirs_option(vm));
  const auto plugin = load_plugin(vm["plugin"].as<std::string>(), dirs);
  const PluginDescriptor& d = plugin->descriptor();
  std::string tasks;
  if ((d.tasks & kBinaryTask) != 0) tasks += "binary";
  if ((d.tasks & kMulticlassTask) != 0) tasks += tasks.empty() ? "multiclass" : ", multiclass";

  std::printf("%s %s  (plugin ABI %u)\n  %s\n\n", d.name, d.version, d.abi_version, d.summary);
  std::printf("file:       %s\n", plugin->path().c_str());
  std::printf("tasks:      %s\n", tasks.c_str());
  std::printf("orders:     %s\n", orders_text(d.orders));
  std::printf("lanes:      %s\n",
              d.create_lanes != nullptr
                  ? "yes: repeats (convergence protocol, cyclic or shuffle) train side by side"
                  : "no: each run trains alone");
  std::printf("storage:    %s\n", d.storage == StorageSupport::kDenseAndSparse
                                      ? "dense and sparse rows"
                                      : R"(dense rows only: refused on "storage": "sparse" data)");
  print_bound(*plugin);
  std::printf("%s\n\n", d.details);
  if (d.param_count == 0) {
    std::printf("params: none\n");
    return 0;
  }
  std::printf("params:\n");
  for (std::size_t k = 0; k < d.param_count; ++k) {
    const ParamSpec& s = d.params[k];
    std::printf("  %-12s %s; default %s\n  %-12s %s\n", s.name, describe_param_type(s).c_str(),
                describe_param_default(s).c_str(), "", s.doc);
  }
  return 0;
}

}  // namespace plab::cli
