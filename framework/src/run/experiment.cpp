#include "run/experiment.hpp"

#include <algorithm>
#include <iterator>
#include <map>
#include <set>

#include "base/number_text.hpp"
#include "config/object_reader.hpp"
#include "data/dataset_loader.hpp"
#include "data/label_mapping.hpp"
#include "error.hpp"
#include "plugin_loader/param_resolver.hpp"
#include "plugin_loader/plugin_locator.hpp"
#include "protocols/initial_weights.hpp"
#include "run/memory_estimate.hpp"
#include "run/point_checks.hpp"
#include "theory/bound_unit.hpp"
#include "theory/oracle_progress.hpp"

namespace plab {

namespace {

constexpr std::size_t kMaxTotalRuns = 1'000'000'000;

// A runs.jsonl record takes about 700 bytes (measured: 728 in the quickstart, 665 in the
// margin sweep).
constexpr double kRecordBytes = 700.0;

std::string about(double value) { return significant(value, 3); }

std::string about_bytes(double bytes) {
  const char* const units[] = {"bytes", "kB", "MB", "GB", "TB", "PB", "EB"};
  std::size_t u = 0;
  while (bytes >= 1000.0 && u + 1 < std::size(units)) {
    bytes /= 1000.0;
    ++u;
  }
  return about(bytes) + " " + units[u];
}

// With record_curve a record holds two numbers per epoch run: up to about 30 bytes of text
// each (a mistake count and a loss in shortest round-trip form), and while the record is made
// about 128 bytes of memory (measured: the outcome's vectors, the JSON arrays, the text).
constexpr double kCurveTextBytesPerEpoch = 30.0;
constexpr double kCurveMemoryBytesPerEpoch = 128.0;
// A curve of a million epochs is ~30 MB of one record, more than any plot shows; past that a
// run that does not converge would hold gigabytes on each thread.
constexpr std::int64_t kMaxCurveEpochs = 1'000'000;

// Refuses, before any data is read, an experiment too large to finish, saying what it would
// take. Later sweep points are assumed as large as this one.
// With record_curve, a run's curve must fit in memory and in runs.jsonl.
void check_curve_length(const ExperimentConfig& c) {
  if (!c.protocol.record_curve || c.protocol.max_epochs <= kMaxCurveEpochs) return;
  const auto max_epochs = static_cast<double>(c.protocol.max_epochs);
  throw_config_error(
      "/protocol/record_curve",
      "with max_epochs " + std::to_string(c.protocol.max_epochs) +
          ", one run's curve could take about " +
          about_bytes(max_epochs * kCurveMemoryBytesPerEpoch) + " of memory on each thread and " +
          about_bytes(max_epochs * kCurveTextBytesPerEpoch) +
          " of runs.jsonl; record_curve keeps at most " + std::to_string(kMaxCurveEpochs) +
          " epochs a run: lower /protocol/max_epochs or drop record_curve");
}

[[noreturn]] void refuse_amount_of_work(const ExperimentConfig& c, double runs,
                                        std::size_t points) {
  const double record_bytes =
      kRecordBytes + (c.protocol.record_curve
                          ? static_cast<double>(c.protocol.max_epochs) * kCurveTextBytesPerEpoch
                          : 0.0);
  throw_config_error(
      "/repeats", "the experiment would make about " + about(runs) + " runs (repeats " +
                      std::to_string(c.repeats) + " x " + std::to_string(c.learners.size()) +
                      " learner" + (c.learners.size() == 1 ? "" : "s") + " x " +
                      std::to_string(points) + " sweep point" + (points == 1 ? "" : "s") +
                      "): about " + about_bytes(runs * record_bytes) + " of runs.jsonl and up to " +
                      about(runs * static_cast<double>(c.protocol.max_epochs)) +
                      " epochs (max_epochs " + std::to_string(c.protocol.max_epochs) +
                      " each); plab takes at most " + std::to_string(kMaxTotalRuns) +
                      " runs in one experiment: lower /repeats or the sweep");
}

void check_amount_of_work(const ExperimentConfig& c, std::size_t runs_before, std::size_t point,
                          std::size_t points) {
  const auto learners = static_cast<double>(c.learners.size());
  const double runs_here = static_cast<double>(c.repeats) * learners;
  if (static_cast<double>(runs_before) + runs_here <= static_cast<double>(kMaxTotalRuns)) return;
  refuse_amount_of_work(
      c, static_cast<double>(runs_before) + runs_here * static_cast<double>(points - point),
      points);
}

std::string point_label(const SweepPoint& p) {
  if (p.assignments.empty()) return "";
  std::string s = " (sweep point " + std::to_string(p.index) + ":";
  for (const auto& [pointer, value] : p.assignments) s += " " + pointer + "=" + value.dump();
  return s + ")";
}

}  // namespace

struct PrepareCache {
  std::map<std::string, std::shared_ptr<const LoadedData>> datasets;    // by dataset JSON + seed
  std::map<std::string, std::shared_ptr<const PointTheory>> theories;   // by data + theory spec
  std::map<std::string, std::shared_ptr<const PluginLibrary>> plugins;  // by name or path
  // By data, unit and what the unit says makes the figure: one per learner quantity, however
  // many learners share it (theory/learner_quantity_unit.hpp).
  std::map<std::string, std::shared_ptr<const CertifiedQuantity>> learner_quantities;
};

const PreparedPoint& Experiment::point(std::size_t index) const {
  PLAB_CHECK(index >= first_point && index - first_point < points.size());
  return points[index - first_point];
}

RunId Experiment::locate(std::size_t run_index) const {
  const auto it =
      std::upper_bound(points.begin(), points.end(), run_index,
                       [](std::size_t i, const PreparedPoint& p) { return i < p.first_run; });
  PLAB_CHECK(it != points.begin());
  const PreparedPoint& p = *(it - 1);
  const std::size_t within = run_index - p.first_run;
  PLAB_CHECK(within < p.runs());
  const auto repeats = static_cast<std::size_t>(p.config.repeats);
  return RunId{p.sweep.index, within / repeats, within % repeats};
}

namespace {

// Prepares grid points [begin, end) and appends them to e.points.
void prepare_range(Experiment& e, std::size_t begin, std::size_t end,
                   const PrepareOptions& options) {
  const std::filesystem::path base_dir = e.config_path.parent_path();
  const auto search_dirs = plugin_search_dirs(options.plugin_dirs);
  auto& datasets = e.cache->datasets;
  auto& theories = e.cache->theories;
  auto& plugins = e.cache->plugins;

  const std::size_t count = e.point_count;
  for (std::size_t index = begin; index < end; ++index) {
    PreparedPoint p;
    p.sweep = make_point(e.document, e.axes, index);
    try {
      p.config = parse_experiment(p.sweep.document, base_dir);
      check_curve_length(p.config);
      if (!e.large) {
        check_amount_of_work(p.config, e.total_runs, index, count);
      } else if (index == 0) {  // every point makes as many runs as point 0
        const double runs = static_cast<double>(p.config.repeats) *
                            static_cast<double>(p.config.learners.size()) *
                            static_cast<double>(count);
        if (runs > static_cast<double>(kMaxTotalRuns)) refuse_amount_of_work(p.config, runs, count);
      }
      check_initial_weights_fit(p.config.init);
      if (index == 0) e.name = p.config.name;
      // Synthetic data depends on the seed too; files and inline data do not.
      std::string data_key = p.sweep.document["dataset"].dump();
      if (p.config.dataset.kind == DatasetKind::kSynthetic)
        data_key += "#" + std::to_string(p.config.seed);
      auto& loaded = datasets[data_key];
      if (!loaded) {
        // A large file takes a while: a log says so, and then every 10 s that plab lives.
        const std::string reading =
            "reading the data of sweep point " + std::to_string(p.sweep.index) + " (" +
            (p.config.dataset.reads_file()
                 ? "'" + p.config.dataset.path.string() + "'"
                 : std::string(dataset_kind_name(p.config.dataset.kind)) + " data") +
            ")";
        const SlowMethodNotice notice(reading + " takes more than 1 s", reading);
        loaded = std::make_shared<const LoadedData>(
            load_dataset_with_teacher(p.config.dataset, p.config.seed));
        for (const std::string& note : loaded->notes) {  // once, however many points read it
          if (std::find(e.notes.begin(), e.notes.end(), note) == e.notes.end())
            e.notes.push_back(note);
        }
        if (const std::string note =
                regression_target_note(loaded->data.class_names().size(), loaded->data.rows());
            !note.empty()) {
          if (options.say_note_now) {
            options.say_note_now(note);
          } else {
            e.notes.push_back(note);
          }
        }
      }
      p.data = std::shared_ptr<const Dataset>(loaded, &loaded->data);
      check_given_reference(p.config.theory, *p.data);
      check_folds(p.config.protocol, *p.data);
      check_report_plane(p.config.report, *p.data);
      bool need_least_squares = false;
      bool need_hinge = false;
      std::set<QuantityRequest> quantities;

      for (const LearnerSpec& spec : p.config.learners) {
        auto& plugin = plugins[spec.plugin];
        if (!plugin) {
          plugin = load_plugin(spec.plugin, search_dirs);
          e.libraries.push_back(plugin);
        }
        const PluginDescriptor& d = plugin->descriptor();
        check_task(d, *p.data, spec);
        check_storage(d, *p.data, spec);
        check_order(d, p.config.protocol, spec, e.notes);
        PreparedLearner l{
            spec.name, plugin, resolve_params(d, spec.params, spec.pointer + "/params"), Json(), {},
            {},        {}};
        l.params_json = params_to_json(l.params);
        check_learner_memory(d.name, l.params, p.data->rows(), spec.pointer + "/params");
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
        check_step_fits(l.bound, *p.data, spec.pointer + "/params");
        if (p.config.init.kind == InitKind::kGiven && p.config.init.w.size() != l.shape.size()) {
          throw_config_error("/init/w", "has " + std::to_string(p.config.init.w.size()) +
                                            " values, but learner '" + spec.name + "' has " +
                                            std::to_string(l.shape.size()) + " weights (" +
                                            std::to_string(l.shape.rows) + " x " +
                                            std::to_string(l.shape.cols) +
                                            (p.data->augmented() ? ", bias first" : "") + ")");
        }
        for (const LearnerQuantityUnit* unit : learner_units_needed(l.bound)) {
          auto& quantity = e.cache->learner_quantities[data_key + "|" + unit->key() + "|" +
                                                       unit->same_figure_key(l.bound)];
          if (!quantity) quantity = unit->compute(*p.data, l.bound);
          if (const std::string refusal = unit->refusal(*quantity); !refusal.empty())
            throw_config_error(spec.pointer + "/params", refusal);
          l.quantities[unit->key()] = quantity;
        }
        need_least_squares = need_least_squares || l.bound.form == BoundForm::kLeastSquares;
        need_hinge = need_hinge || hinge_bound_covers(l.bound.form);
        if (const BoundUnit* unit = find_bound_unit(l.bound.form)) {
          for (const QuantityRequest& q : unit->needs(l.bound)) quantities.insert(q);
        }
        p.learners.push_back(std::move(l));
      }
      // The oracle runs once per (data set, theory block), before any run (docs/bounds.md).
      std::string theory_key = data_key + "|" + p.sweep.document.value("theory", Json()).dump() +
                               (need_least_squares ? "|ls" : "") + (need_hinge ? "|hinge" : "");
      for (const QuantityRequest& q : quantities) theory_key += "|" + q.key + "/" + q.variant;
      auto& theory = theories[theory_key];
      if (!theory) {
        theory = std::make_shared<const PointTheory>(compute_point_theory(
            *p.data, p.config.theory, loaded->teacher, need_least_squares, need_hinge, quantities));
      }
      p.theory = theory;
    } catch (const Error& error) {
      const std::string where = point_label(p.sweep);
      if (where.empty() || dynamic_cast<const InterruptedError*>(&error) != nullptr) throw;
      if (dynamic_cast<const PluginError*>(&error) != nullptr)
        throw PluginError(error.what() + where);
      throw ConfigError(error.what() + where);
    }
    if (e.large) {
      // Run numbers come from the point index: every point must make as many runs.
      if (p.runs() != e.runs_per_point && index != 0) {
        throw ConfigError("config error at /sweep: sweep point " + std::to_string(index) +
                          " makes " + std::to_string(p.runs()) + " runs but point 0 makes " +
                          std::to_string(e.runs_per_point) + "; in a sweep of more than " +
                          std::to_string(kMaxListedPoints) +
                          " points every point must make equally many runs" + point_label(p.sweep));
      }
      p.first_run = index * e.runs_per_point;
    } else {
      p.first_run = e.total_runs;
      e.total_runs += p.runs();
    }
    p.sweep.document = Json();  // parsed into p.config; a window may hold many points
    e.points.push_back(std::move(p));
  }
  check_same_data_bytes(e.points);
}

// A large sweep makes equally many runs at every point; an axis over /repeats or the whole
// /learners list could change that, and is found here rather than at point 5,000,000.
void check_large_sweep_axes(const Experiment& e) {
  for (const SweepAxis& axis : e.axes) {
    for (const std::string& pointer : axis.pointers) {
      if (pointer == "/repeats" || pointer.starts_with("/repeats/") || pointer == "/learners") {
        throw_config_error(pointer_append("/sweep", pointer),
                           "a sweep of " + std::to_string(e.point_count) + " points (more than " +
                               std::to_string(kMaxListedPoints) +
                               ") must make equally many runs at every point, so it cannot "
                               "sweep " +
                               pointer + "; sweep a learner's params instead, or split it");
      }
    }
  }
}

Experiment prepare_points(const ExperimentSource& source, const PrepareOptions& options) {
  Experiment e;
  e.config_path = source.config_path;
  e.document = source.document;
  e.changes = source.changes;
  e.axes = read_sweep_axes(e.document);
  e.point_count = count_points(e.axes);
  e.large = e.point_count > kMaxListedPoints;
  e.cache = std::make_shared<PrepareCache>();
  if (!e.large) {
    prepare_range(e, 0, e.point_count, options);
    return e;
  }
  check_large_sweep_axes(e);
  prepare_range(e, 0, 1, options);
  const PreparedPoint& first = e.points.front();
  e.runs_per_point = first.runs();
  e.total_runs = e.runs_per_point * e.point_count;
  return e;
}

}  // namespace

void prepare_window(Experiment& e, std::size_t first_run, std::size_t end_run,
                    const PrepareOptions& options) {
  if (!e.large) return;
  // Clamped to the grid: make_point would wrap an index past it round to point 0.
  const std::size_t end =
      std::min(e.point_count,
               end_run <= first_run ? 0 : (end_run + e.runs_per_point - 1) / e.runs_per_point);
  const std::size_t begin = std::min(first_run / e.runs_per_point, end);
  if (end - begin > kMaxWindowPoints) {
    const std::size_t shards = (e.point_count + kMaxWindowPoints - 2) / (kMaxWindowPoints - 1);
    throw UsageError("the sweep has " + std::to_string(e.point_count) +
                     " points, and this run would make the runs of " + std::to_string(end - begin) +
                     " of them; plab prepares at most " + std::to_string(kMaxWindowPoints) +
                     " sweep points in one process: run it in shards, --shard I/N with N >= " +
                     std::to_string(shards) + " (plab merge joins them)");
  }
  if (e.first_point == begin && e.points.size() == end - begin) return;  // prepared already
  e.points.clear();
  e.first_point = begin;
  try {
    prepare_range(e, begin, end, options);
  } catch (const ConfigError& error) {
    const std::string message = error.what();
    if (!message.starts_with("config error at /")) throw;
    throw ConfigError(e.config_path.string() + ": " + message);
  }
}

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
