#include "audit/declaration_rederive.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <set>
#include <vector>

#include "audit/same_figure.hpp"
#include "base/file_hash.hpp"
#include "error.hpp"
#include "plugin_loader/param_resolver.hpp"
#include "plugin_loader/plugin_library.hpp"
#include "plugin_loader/plugin_locator.hpp"
#include "results/format/exact_json.hpp"
#include "theory/bound_forms.hpp"

namespace plab {

namespace {

// The recorded plugin, loaded; null (and why in `skipped`) if it is not found or not the
// recorded file.
std::shared_ptr<const PluginLibrary> recorded_plugin(const std::string& name,
                                                     const RecordFields& manifest,
                                                     std::set<std::string>& skipped) {
  try {
    const auto file = locate_plugin(name, plugin_search_dirs({}));
    const std::string now = sha256_file(file);
    for (const RecordFields& p : manifest.objects("plugins")) {
      if (p.string("sha256") == now) return PluginLibrary::load(file);
    }
    skipped.insert(name + " (" + file.string() + " is not the file the manifest records)");
  } catch (const Error&) {
    skipped.insert(name + " (not found)");
  }
  return nullptr;
}

// Boost.JSON (1.81) may read a double one ulp off; an edit cannot hide in 1e-12.

boost::json::value text(const std::string& s) { return boost::json::value(s.c_str()); }

}  // namespace

void rederive_declarations(const std::string& where, const RecordFields& manifest,
                           const std::map<std::size_t, AuditedPoint>& points, AuditReport& report) {
  std::map<std::string, std::shared_ptr<const PluginLibrary>> plugins;
  std::set<std::string> skipped;
  for (const auto& [index, p] : points) {
    const Dataset& data = p.data->data;
    for (std::size_t j = 0; j < p.config.learners.size(); ++j) {
      const LearnerSpec& spec = p.config.learners[j];
      if (!plugins.contains(spec.plugin))
        plugins[spec.plugin] = recorded_plugin(spec.plugin, manifest, skipped);
      const auto& plugin = plugins[spec.plugin];
      const auto learner = p.learners.find(spec.name);
      if (!plugin || learner == p.learners.end() || !learner->second.declared) continue;
      const std::string name =
          "points/" + std::to_string(index) + "/learners/" + std::to_string(j) + "/";
      BoundDeclaration derived;
      std::size_t weights = 0;
      ParamSet params;
      try {
        params = resolve_params(plugin->descriptor(), spec.params, spec.pointer + "/params");
        const LearnerSetup setup{params, data.task(), data.rows(), data.cols(),
                                 data.class_names().size()};
        weights = plugin->create(setup)->shape().size();
        derived = plugin->declare_bound(setup);
      } catch (const Error& e) {
        report.differ(where, name + "bound", nullptr,
                      text(std::string("no declaration: ") + e.what()));
        continue;
      }
      // The resolved params: the config's values and, for the rest, the plugin's defaults.
      if (const boost::json::value derived_params = to_boost_exactly(params_to_json(params));
          !same_json(learner->second.params, derived_params))
        report.differ(where, name + "params", learner->second.params, derived_params);
      if (plugin->descriptor().name != learner->second.plugin)
        report.differ(where, name + "plugin", text(learner->second.plugin),
                      text(plugin->descriptor().name));
      if (weights != learner->second.weights)
        report.differ(where, name + "weights", learner->second.weights, weights);
      const BoundDeclaration& recorded = *learner->second.declared;
      if (recorded.form != derived.form) {
        report.differ(where, name + "bound/form", text(bound_form_name(recorded.form)),
                      text(bound_form_name(derived.form)));
      } else if (form_has_bound(derived.form)) {
        if (recorded.counts != derived.counts)
          report.differ(where, name + "bound/counts", text(bound_count_name(recorded.counts)),
                        text(bound_count_name(derived.counts)));
        if (!same_figure(recorded.eta, derived.eta))
          report.differ(where, name + "bound/step_scale", recorded.eta, derived.eta);
        if (!same_figure(recorded.tau, derived.tau))
          report.differ(where, name + "bound/threshold", recorded.tau, derived.tau);
        if (recorded.balanced != derived.balanced)
          report.differ(where, name + "bound/balanced", recorded.balanced, derived.balanced);
      }
    }
  }
  for (const std::string& s : skipped) {
    report.not_rechecked.push_back("the bound declarations of plugin " + s +
                                   ": checked for consistency only, not derived again");
  }
}

}  // namespace plab
