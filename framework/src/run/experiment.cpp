#include "run/experiment.hpp"

#include <algorithm>
#include <cstdio>
#include <iterator>
#include <map>

#include "config/object_reader.hpp"
#include "data/dataset_loader.hpp"
#include "error.hpp"
#include "plugins/param_resolver.hpp"
#include "plugins/plugin_locator.hpp"

namespace plab {

namespace {

constexpr std::size_t kMaxTotalRuns = 1'000'000'000;

// A runs.jsonl record takes about 700 bytes (measured: 728 in the quickstart, 665 in the
// margin sweep).
constexpr double kRecordBytes = 700.0;

std::string about(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3g", value);
  return text;
}

std::string about_bytes(double bytes) {
  const char* const units[] = {"bytes", "kB", "MB", "GB", "TB", "PB", "EB"};
  std::size_t u = 0;
  while (bytes >= 1000.0 && u + 1 < std::size(units)) {
    bytes /= 1000.0;
    ++u;
  }
  return about(bytes) + " " + units[u];
}

// Refuses, before any data is read, an experiment too large to finish, saying what it would
// take. Later sweep points are assumed as large as this one.
void check_amount_of_work(const ExperimentConfig& c, std::size_t runs_before, std::size_t point,
                          std::size_t points) {
  const auto learners = static_cast<double>(c.learners.size());
  const double runs_here = static_cast<double>(c.repeats) * learners;
  if (static_cast<double>(runs_before) + runs_here <= static_cast<double>(kMaxTotalRuns)) return;
  const double runs =
      static_cast<double>(runs_before) + runs_here * static_cast<double>(points - point);
  throw_config_error(
      "/repeats", "the experiment would make about " + about(runs) + " runs (repeats " +
                      std::to_string(c.repeats) + " x " + std::to_string(c.learners.size()) +
                      " learner" + (c.learners.size() == 1 ? "" : "s") + " x " +
                      std::to_string(points) + " sweep point" + (points == 1 ? "" : "s") +
                      "): about " + about_bytes(runs * kRecordBytes) + " of runs.jsonl and up to " +
                      about(runs * static_cast<double>(c.protocol.max_epochs)) +
                      " epochs (max_epochs " + std::to_string(c.protocol.max_epochs) +
                      " each); plab takes at most " + std::to_string(kMaxTotalRuns) +
                      " runs in one experiment: lower /repeats or the sweep");
}

std::string point_label(const SweepPoint& p) {
  if (p.assignments.empty()) return "";
  std::string s = " (sweep point " + std::to_string(p.index) + ":";
  for (const auto& [pointer, value] : p.assignments) s += " " + pointer + "=" + value.dump();
  return s + ")";
}

// Binary-only learners on multi-class data and the reverse are refused with the fix.
void check_task(const PluginDescriptor& d, const Dataset& data, const LearnerSpec& spec) {
  const bool binary = data.task() == TaskKind::kBinary;
  if (binary && (d.tasks & kBinaryTask) == 0) {
    throw_config_error(spec.pointer, "plugin '" + std::string(d.name) +
                                         "' handles multi-class tasks only, but the data set is "
                                         "binary; give 'classes' instead of 'positive'");
  }
  if (!binary && (d.tasks & kMulticlassTask) == 0) {
    throw_config_error(spec.pointer,
                       "plugin '" + std::string(d.name) +
                           "' handles binary tasks only, but the "
                           "data set has " +
                           std::to_string(data.class_names().size()) +
                           " classes; list the positive classes in /dataset/positive");
  }
}

void check_order(const PluginDescriptor& d, const ProtocolSpec& protocol, const LearnerSpec& spec,
                 std::vector<std::string>& notes) {
  const bool mistake_driven =
      protocol.order == "random_mistake" || protocol.order == "worst_mistake";
  if (d.orders == OrderSupport::kNone) {
    if (protocol.order_given && protocol.order != "cyclic") {
      notes.push_back("learner '" + spec.name + "' (" + d.name +
                      ") is a batch learner: it sees "
                      "every sample each epoch, so /protocol/order '" +
                      protocol.order + "' does not apply to it");
    }
    return;
  }
  if (mistake_driven && d.orders != OrderSupport::kMistakeDriven) {
    throw_config_error("/protocol/order", "plugin '" + std::string(d.name) + "' (learner '" +
                                              spec.name + "') does not support the order '" +
                                              protocol.order + "'; use 'cyclic' or 'shuffle'");
  }
}

// A `given` reference of the wrong length is a config error, not a silent "no margin".
void check_given_reference(const TheorySpec& theory, const Dataset& data) {
  if (theory.margin != "given") return;
  const bool multiclass = data.task() == TaskKind::kMulticlass;
  const std::size_t expected = multiclass ? data.class_names().size() * data.cols() : data.cols();
  if (theory.u.size() != expected) {
    throw_config_error(
        "/theory/u", "has " + std::to_string(theory.u.size()) +
                         " values, but the reference separator needs " + std::to_string(expected) +
                         (multiclass ? " (one row of " + std::to_string(data.cols()) + " per class)"
                                     : " (one per column, bias first)"));
  }
}

}  // namespace

RunId Experiment::locate(std::size_t run_index) const {
  const auto it =
      std::upper_bound(points.begin(), points.end(), run_index,
                       [](std::size_t i, const PreparedPoint& p) { return i < p.first_run; });
  PLAB_CHECK(it != points.begin());
  const PreparedPoint& p = *(it - 1);
  const std::size_t within = run_index - p.first_run;
  const auto repeats = static_cast<std::size_t>(p.config.repeats);
  return RunId{static_cast<std::size_t>(it - 1 - points.begin()), within / repeats,
               within % repeats};
}

namespace {

Experiment prepare_points(const ExperimentSource& source, const PrepareOptions& options) {
  Experiment e;
  e.config_path = source.config_path;
  e.document = source.document;
  e.changes = source.changes;
  e.axes = read_sweep_axes(e.document);
  const std::filesystem::path base_dir = e.config_path.parent_path();
  const auto search_dirs = plugin_search_dirs(options.plugin_dirs);

  std::map<std::string, std::shared_ptr<const LoadedData>> datasets;    // by dataset JSON + seed
  std::map<std::string, std::shared_ptr<const PointTheory>> theories;   // by data + theory spec
  std::map<std::string, std::shared_ptr<const PluginLibrary>> plugins;  // by name or path

  const std::size_t count = count_points(e.axes);
  for (std::size_t index = 0; index < count; ++index) {
    PreparedPoint p;
    p.sweep = make_point(e.document, e.axes, index);
    try {
      p.config = parse_experiment(p.sweep.document, base_dir);
      check_amount_of_work(p.config, e.total_runs, index, count);
      if (index == 0) e.name = p.config.name;

      // Synthetic data depends on the seed too; files and inline data do not.
      std::string data_key = p.sweep.document["dataset"].dump();
      if (p.config.dataset.kind == "synthetic") data_key += "#" + std::to_string(p.config.seed);
      auto& loaded = datasets[data_key];
      if (!loaded) {
        loaded = std::make_shared<const LoadedData>(
            load_dataset_with_teacher(p.config.dataset, p.config.seed));
      }
      p.data = std::shared_ptr<const Dataset>(loaded, &loaded->data);
      check_given_reference(p.config.theory, *p.data);
      bool need_least_squares = false;

      for (const LearnerSpec& spec : p.config.learners) {
        auto& plugin = plugins[spec.plugin];
        if (!plugin) {
          plugin = PluginLibrary::load(locate_plugin(spec.plugin, search_dirs));
          e.libraries.push_back(plugin);
        }
        const PluginDescriptor& d = plugin->descriptor();
        check_task(d, *p.data, spec);
        check_order(d, p.config.protocol, spec, e.notes);
        PreparedLearner l{
            spec.name, plugin, resolve_params(d, spec.params, spec.pointer + "/params"),
            Json(),    {},     {}};
        l.params_json = params_to_json(l.params);
        // A probe learner tells the weight shape, so that a `given` init is checked now.
        const LearnerSetup setup{l.params, p.data->task(), p.data->rows(), p.data->cols(),
                                 p.data->class_names().size()};
        l.shape = plugin->create(setup)->shape();
        try {
          l.bound = plugin->declare_bound(setup);
        } catch (const PluginError& error) {
          throw PluginError(error.what() + (" (learner '" + spec.name + "' at " + spec.pointer) +
                            ")");
        }
        if (p.config.init.kind == "given" && p.config.init.w.size() != l.shape.size()) {
          throw_config_error("/init/w", "has " + std::to_string(p.config.init.w.size()) +
                                            " values, but learner '" + spec.name + "' has " +
                                            std::to_string(l.shape.size()) + " weights (" +
                                            std::to_string(l.shape.rows) + " x " +
                                            std::to_string(l.shape.cols) +
                                            (p.data->augmented() ? ", bias first" : "") + ")");
        }
        need_least_squares = need_least_squares || l.bound.form == BoundForm::kLeastSquares;
        p.learners.push_back(std::move(l));
      }
      // The oracle runs once per (data set, theory block), before any run (DESIGN.md).
      auto& theory = theories[data_key + "|" + p.sweep.document.value("theory", Json()).dump() +
                              (need_least_squares ? "|ls" : "")];
      if (!theory) {
        theory = std::make_shared<const PointTheory>(
            compute_point_theory(*p.data, p.config.theory, loaded->teacher, need_least_squares));
      }
      p.theory = theory;
    } catch (const Error& error) {
      const std::string where = point_label(p.sweep);
      if (where.empty()) throw;
      if (dynamic_cast<const PluginError*>(&error) != nullptr)
        throw PluginError(error.what() + where);
      throw ConfigError(error.what() + where);
    }
    p.first_run = e.total_runs;
    e.total_runs += p.runs();
    e.points.push_back(std::move(p));
  }
  return e;
}

}  // namespace

Experiment prepare_experiment(const ExperimentSource& source, const PrepareOptions& options) {
  try {
    return prepare_points(source, options);
  } catch (const ConfigError& error) {
    // A JSON Pointer says where in the document; the file says which document.
    const std::string message = error.what();
    if (!message.starts_with("config error at /")) throw;
    throw ConfigError(source.config_path.string() + ": " + message);
  }
}

}  // namespace plab
