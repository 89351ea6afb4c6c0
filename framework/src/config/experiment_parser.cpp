// Config validation: every accepted key, its type and range, in one place.
#include <charconv>
#include <cmath>
#include <limits>
#include <set>
#include <type_traits>
#include <utility>

#include "config/experiment_config.hpp"
#include "config/json_integer.hpp"
#include "config/object_reader.hpp"
#include "config/tag_text.hpp"

namespace plab {

namespace {

// Any count a 64-bit integer holds; the engine refuses too much work with an estimate of it.
constexpr std::int64_t kMaxRepeats = std::numeric_limits<std::int64_t>::max();
constexpr std::int64_t kMaxEpochs = 1'000'000'000;

std::string label_text(const Json& value, const std::string& pointer) {
  if (value.is_string()) {
    // As a CSV's empty label cell: an empty name is a forgotten label, not a class.
    if (value.get<std::string>().empty()) {
      throw_config_error(pointer,
                         "the label is the empty string; every row needs its class (a name or a "
                         "number), as a CSV file's label cell does");
    }
    return value.get<std::string>();
  }
  // Unsigned first: 2^63 and above read as int64 would wrap to a negative label.
  if (value.is_number_unsigned()) return std::to_string(value.get<std::uint64_t>());
  if (value.is_number_integer()) return std::to_string(value.get<std::int64_t>());
  if (value.is_number_float()) {
    const double d = value.get<double>();
    if (std::isfinite(d) && std::nearbyint(d) == d && std::fabs(d) < 1e15) {
      return std::to_string(static_cast<std::int64_t>(d));
    }
    char buffer[32];
    const auto end = std::to_chars(buffer, buffer + sizeof buffer, d).ptr;
    return std::string(buffer, end);
  }
  throw_config_error(pointer,
                     "a label must be a number or a string, found " + describe_json(value));
}

// The config's words for the orders (config/config_kinds.hpp holds the other kinds' words):
// with those, the only words compared.
constexpr KindWord<SampleOrder> kOrderWords[] = {
    {SampleOrder::kCyclic, "cyclic"},
    {SampleOrder::kShuffle, "shuffle"},
    {SampleOrder::kRandomMistake, "random_mistake"},
    {SampleOrder::kWorstMistake, "worst_mistake"},
};

// Reads `key` as one of the words of `table` (a ConfigError lists them) into its value.
// Without a fallback the key is required.
template <typename Kind, std::size_t N>
Kind choose(ObjectReader& in, std::string_view key, const KindWord<Kind> (&table)[N],
            std::type_identity_t<std::optional<Kind>> fallback = std::nullopt) {
  std::vector<std::string> words;
  for (const auto& [kind, word] : table) words.emplace_back(word);
  std::optional<std::string> fallback_word;
  if (fallback) fallback_word = kind_word(table, *fallback);
  const std::string chosen = in.choice(key, words, fallback_word);
  return *kind_of_word(table, chosen);  // in.choice accepts only the table's words
}

// The sparse generator's request (data/sparse_synthetic.hpp).
void parse_sparse_generator(ObjectReader& in, SyntheticSpec& s) {
  s.dim = static_cast<std::size_t>(in.integer("dim", 1, 100'000'000, 1000));
  s.nonzeros = static_cast<std::size_t>(
      in.integer("nonzeros", 1, static_cast<std::int64_t>(s.dim),
                 std::min<std::int64_t>(10, static_cast<std::int64_t>(s.dim))));
  s.teacher_nonzeros = static_cast<std::size_t>(
      in.integer("teacher_nonzeros", 1, static_cast<std::int64_t>(s.dim),
                 std::min<std::int64_t>(10, static_cast<std::int64_t>(s.dim))));
  s.zipf = in.number("zipf", 1.0);
  if (!(s.zipf >= 0 && s.zipf <= 10)) {
    throw_config_error(in.pointer_of("zipf"), "expected an exponent from 0 (uniform) to 10");
  }
  s.margin = in.number("margin", 0.01);
  if (!(s.margin > 0 && s.margin < 1)) {
    throw_config_error(in.pointer_of("margin"),
                       "expected a number > 0 and < 1 (the teacher is a unit vector and every "
                       "feature value lies in [-1, 1])");
  }
  s.flip = in.number("flip", 0.0);
  if (s.flip < 0 || s.flip > 1) {
    throw_config_error(in.pointer_of("flip"), "expected a probability from 0 to 1");
  }
}

// `precision` after `storage`: float32 keeps a float copy of dense rows only (TrainingSet's
// features32); sparse rows have no float form, so the pair is refused here, before loading.
void parse_precision(ObjectReader& in, DatasetSpec& d) {
  d.precision = choose(in, "precision", kPrecisionWords, FeaturePrecision::kFloat64);
  if (d.precision == FeaturePrecision::kFloat32 && d.storage == FeatureStorage::kSparse) {
    throw_config_error(in.pointer_of("precision"),
                       "\"float32\" is for dense storage only (sparse rows keep their values as "
                       "doubles); use \"precision\": \"float64\" with sparse storage, or "
                       "\"storage\": \"dense\"");
  }
}

DatasetSpec parse_dataset(ObjectReader in, const std::filesystem::path& base_dir) {
  DatasetSpec d;
  d.kind = choose(in, "kind", kDatasetKindWords);
  if (d.kind == DatasetKind::kSynthetic) {
    SyntheticSpec& s = d.synthetic;
    s.generator = choose(in, "generator", kGeneratorWords);
    s.rows = static_cast<std::size_t>(in.integer("rows", 2, 100'000'000, 100));
    if (s.generator == SyntheticGenerator::kSparse) {
      parse_sparse_generator(in, s);
      d.storage = choose(in, "storage", kStorageWords, FeatureStorage::kSparse);
      parse_precision(in, d);
      if (in.has("seed")) d.seed = in.seed("seed", 0);
      in.finish("for a synthetic dataset with generator 'sparse'");
      return d;
    }
    if (s.generator == SyntheticGenerator::kDisjunction) {
      s.dim = static_cast<std::size_t>(in.integer("dim", 1, 100'000, 2));
      s.literals =
          static_cast<std::size_t>(in.integer("literals", 1, static_cast<std::int64_t>(s.dim), 2));
      s.density = in.number("density", 0.5);
      if (!(s.density > 0 && s.density < 1)) {
        throw_config_error(in.pointer_of("density"), "expected a probability above 0, below 1");
      }
    } else if (s.generator != SyntheticGenerator::kXor) {
      s.dim = static_cast<std::size_t>(in.integer("dim", 1, 100'000, 2));
      s.margin = in.number("margin", 0.1);
      s.radius = in.number("radius", 2.0);
      if (s.margin <= 0) throw_config_error(in.pointer_of("margin"), "expected a number > 0");
      if (s.radius <= 1) {
        throw_config_error(in.pointer_of("radius"),
                           "expected a number > 1 (the augmented bias alone has norm 1)");
      }
    }
    if (s.generator == SyntheticGenerator::kNoisy) {
      s.flip = in.number("flip", 0.1);
      if (s.flip < 0 || s.flip > 1) {
        throw_config_error(in.pointer_of("flip"), "expected a probability from 0 to 1");
      }
    }
    if (s.generator == SyntheticGenerator::kMulticlass) {
      s.classes = static_cast<std::size_t>(in.integer("classes", 2, 1000, 3));
    }
    if (in.has("seed")) d.seed = in.seed("seed", 0);
    d.storage = choose(in, "storage", kStorageWords, FeatureStorage::kDense);
    parse_precision(in, d);
    in.finish(std::string("for a synthetic dataset with generator '") +
              generator_name(s.generator) + "'");
    return d;
  }
  if (d.kind == DatasetKind::kCsv) {
    d.path = base_dir / in.text("path");
    if (in.has("label")) {
      const Json& label = in.value("label");
      if (label.is_string()) {
        d.label_name = label.get<std::string>();
      } else if (const auto index = exact_uint64(label)) {
        d.label_index = static_cast<std::size_t>(*index);
      } else {
        throw_config_error(in.pointer_of("label"),
                           "expected a column name (string) or a 0-based column index, found " +
                               describe_json(label));
      }
    }
    if (in.has("header")) d.header = in.flag("header", true);
  } else if (d.kind == DatasetKind::kSvmlight) {
    d.path = base_dir / in.text("path");
    d.zero_based = in.flag("zero_based", false);
    if (in.has("n_features")) {
      d.n_features = static_cast<std::size_t>(in.integer("n_features", 1, 0xFFFF'FFFEll, 1));
    }
  } else {
    const Json& x = in.value("x");
    const std::string xp = in.pointer_of("x");
    if (!x.is_array() || x.empty()) {
      throw_config_error(
          xp, "expected a non-empty array of rows (arrays of numbers), found " + describe_json(x));
    }
    for (std::size_t i = 0; i < x.size(); ++i) {
      const std::string rp = pointer_append(xp, i);
      if (!x[i].is_array() || x[i].empty()) {
        throw_config_error(rp,
                           "expected a non-empty array of numbers (one row of features), "
                           "found " +
                               describe_json(x[i]));
      }
      std::vector<double> row;
      for (std::size_t j = 0; j < x[i].size(); ++j) {
        const Json& cell = x[i][j];
        if (!cell.is_number() || !std::isfinite(cell.get<double>())) {
          throw_config_error(pointer_append(rp, j),
                             "expected a finite number, found " + describe_json(cell));
        }
        row.push_back(cell.get<double>());
      }
      if (!d.x.empty() && row.size() != d.x.front().size()) {
        throw_config_error(rp, "row has " + std::to_string(row.size()) + " values but row 0 has " +
                                   std::to_string(d.x.front().size()));
      }
      d.x.push_back(std::move(row));
    }
    const Json& y = in.value("y");
    const std::string yp = in.pointer_of("y");
    if (!y.is_array() || y.size() != d.x.size()) {
      throw_config_error(yp, "expected an array of " + std::to_string(d.x.size()) +
                                 " labels (one per row of x), found " + describe_json(y));
    }
    for (std::size_t i = 0; i < y.size(); ++i)
      d.y.push_back(label_text(y[i], pointer_append(yp, i)));
  }
  if (in.has("positive")) d.positive = in.texts("positive");
  if (in.has("classes")) d.classes = in.texts("classes");
  if (in.has("keep_classes")) {
    d.keep_classes = in.texts("keep_classes");
    if (d.keep_classes->empty()) {
      throw_config_error(in.pointer_of("keep_classes"), "list at least one label to keep");
    }
  }
  if (d.positive && d.classes) {
    throw_config_error(in.pointer_of("classes"),
                       "give either 'positive' (a binary task) or 'classes' (a multi-class task), "
                       "not both");
  }
  if (d.positive && d.positive->empty()) {
    throw_config_error(in.pointer_of("positive"), "list at least one positive class");
  }
  d.augment = in.flag("augment", true);
  d.scale = choose(in, "scale", kScaleWords, FeatureScale::kNone);
  d.storage = choose(in, "storage", kStorageWords, FeatureStorage::kDense);
  if (d.storage == FeatureStorage::kSparse && d.scale == FeatureScale::kStandardize) {
    throw_config_error(in.pointer_of("scale"),
                       "\"standardize\" centres every column, which turns the stored zeros of "
                       "sparse storage into non-zeros (the data would be dense); scale the data "
                       "before, or use \"storage\": \"dense\"");
  }
  parse_precision(in, d);
  in.finish(std::string("for a dataset of kind '") + dataset_kind_name(d.kind) + "'");
  return d;
}

std::vector<LearnerSpec> parse_learners(const Json& list, const std::string& pointer,
                                        const std::filesystem::path& base_dir) {
  if (!list.is_array() || list.empty()) {
    throw_config_error(pointer,
                       "expected a non-empty array of learners like "
                       "{\"name\": \"classic\", \"plugin\": \"perceptron\"}, found " +
                           describe_json(list));
  }
  std::vector<LearnerSpec> out;
  std::set<std::string> names;
  for (std::size_t i = 0; i < list.size(); ++i) {
    ObjectReader in(list[i], pointer_append(pointer, i));
    LearnerSpec s;
    s.pointer = in.pointer();
    s.plugin = in.text("plugin");
    if (s.plugin.empty()) throw_config_error(in.pointer_of("plugin"), "the plugin name is empty");
    const bool is_path = s.plugin.find('/') != std::string::npos || s.plugin.ends_with(".so");
    if (is_path) s.plugin = (base_dir / s.plugin).lexically_normal().string();
    std::string default_name = s.plugin;
    if (is_path) default_name = std::filesystem::path(s.plugin).stem().string();
    s.name = in.text("name", default_name);
    if (!is_safe_name(s.name)) {
      throw_config_error(in.pointer_of("name"),
                         "learner name '" + s.name + "' may only use A-Z a-z 0-9 . _ -");
    }
    if (!names.insert(s.name).second) {
      throw_config_error(in.pointer_of("name"),
                         "learner name '" + s.name + "' is used twice; names must be unique");
    }
    s.params = Json::object();
    if (in.has("params")) {
      s.params = in.value("params");
      if (!s.params.is_object()) {
        throw_config_error(in.pointer_of("params"),
                           "expected an object of plugin params, found " + describe_json(s.params));
      }
    }
    in.finish("for a learner");
    out.push_back(std::move(s));
  }
  return out;
}

InitSpec parse_init(ObjectReader in) {
  InitSpec s;
  s.kind = choose(in, "kind", kInitKindWords, InitKind::kZero);
  // `scale` is accepted with every kind (and used by the random ones), so that a sweep over
  // /init/kind does not have to remove it.
  s.scale = in.number("scale", 1.0);
  if (s.scale < 0) throw_config_error(in.pointer_of("scale"), "expected a number >= 0");
  if (s.kind == InitKind::kGiven) {
    s.w = in.numbers("w");
  }
  in.finish(std::string("for an init of kind '") + init_kind_name(s.kind) + "'");
  return s;
}

ProtocolSpec parse_protocol(ObjectReader in) {
  ProtocolSpec s;
  s.kind = choose(in, "kind", kProtocolWords, ProtocolKind::kConvergence);
  s.max_epochs = in.integer("max_epochs", 1, kMaxEpochs, 1000);
  s.order_given = in.has("order");
  s.order = choose(in, "order", kOrderWords, SampleOrder::kCyclic);
  s.record_weights = in.flag("record_weights", false);
  s.record_curve = in.flag("record_curve", false);
  s.record_sample_mistakes = in.flag("record_sample_mistakes", false);
  if (s.kind == ProtocolKind::kHoldout) {
    if (in.has("folds") && in.has("test_fraction")) {
      throw_config_error(in.pointer_of("folds"),
                         "give either 'test_fraction' (one split per "
                         "repeat) or 'folds' (cross-validation), not both");
    }
    s.folds = in.integer("folds", 2, 1000, 0);
    s.test_fraction = in.number("test_fraction", 0.3);
    if (!(s.test_fraction > 0.0 && s.test_fraction < 1.0)) {
      throw_config_error(
          in.pointer_of("test_fraction"),
          "expected a fraction strictly between 0 and 1, found " + Json(s.test_fraction).dump());
    }
  }
  in.finish("for a protocol");
  return s;
}

TheorySpec parse_theory(ObjectReader in, MarginSource default_margin) {
  TheorySpec s;
  s.margin = choose(in, "margin", kMarginSourceWords, default_margin);
  if (s.margin == MarginSource::kGiven) s.u = in.numbers("u");
  s.oracle_seconds = in.number("oracle_seconds", 60.0);
  if (!(s.oracle_seconds > 0.0)) {
    throw_config_error(in.pointer_of("oracle_seconds"),
                       "must be a positive number of seconds (the margin oracle's clock limit)");
  }
  // Counted multiply-adds per oracle method; at most 2^53, where JSON numbers stay exact.
  s.oracle_work = static_cast<std::uint64_t>(in.integer("oracle_work", 1, std::int64_t{1} << 53,
                                                        static_cast<std::int64_t>(s.oracle_work)));
  in.finish(std::string("for a theory block with margin '") + margin_source_name(s.margin) + "'");
  return s;
}

ReportSpec parse_report(ObjectReader in) {
  ReportSpec s;
  if (in.has("plane")) {
    s.plane = in.texts("plane");
    if (s.plane.size() != 2) {
      throw_config_error(in.pointer_of("plane"),
                         "names " + std::to_string(s.plane.size()) +
                             " features; give exactly two (the x and y axes of the pictures)");
    }
    if (s.plane[0] == s.plane[1]) {
      throw_config_error(in.pointer_of("plane"),
                         "names '" + s.plane[0] + "' twice; give two different features");
    }
  }
  in.finish("in the report block");
  return s;
}

}  // namespace

const char* order_name(SampleOrder order) { return kind_word(kOrderWords, order); }

std::optional<SampleOrder> parse_order(std::string_view word) {
  return kind_of_word(kOrderWords, word);
}

bool is_safe_name(const std::string& name) {
  if (name.empty() || name == "." || name == "..") return false;
  for (char c : name) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                    c == '.' || c == '_' || c == '-';
    if (!ok) return false;
  }
  return true;
}

ExperimentConfig parse_experiment(const Json& document, const std::filesystem::path& base_dir) {
  ObjectReader in(document, "");
  ExperimentConfig c;
  c.name = in.text("name");
  if (!is_safe_name(c.name)) {
    throw_config_error("/name",
                       "'" + c.name + "' cannot name a results folder: use only A-Z a-z 0-9 . _ -");
  }
  c.seed = in.seed("seed", 0);
  c.repeats = in.integer("repeats", 1, kMaxRepeats, 1);
  c.dataset = parse_dataset(in.object("dataset"), base_dir);
  c.learners = parse_learners(in.value("learners"), "/learners", base_dir);
  if (in.has("init")) c.init = parse_init(in.object("init"));
  if (in.has("protocol")) c.protocol = parse_protocol(in.object("protocol"));
  // Synthetic data knows its teacher; real data asks the SVM oracle (docs/bounds.md, "The
  // margin oracle").
  const bool has_teacher = c.dataset.kind == DatasetKind::kSynthetic &&
                           c.dataset.synthetic.generator != SyntheticGenerator::kXor;
  c.theory.margin = has_teacher ? MarginSource::kTeacher : MarginSource::kSvm;
  if (in.has("theory")) c.theory = parse_theory(in.object("theory"), c.theory.margin);
  if (c.theory.margin == MarginSource::kTeacher && !has_teacher) {
    throw_config_error("/theory/margin",
                       "'teacher' needs a synthetic dataset with a teacher "
                       "(generator separable, noisy or multiclass); use "
                       "'svm' or 'given'");
  }
  if (in.has("report")) c.report = parse_report(in.object("report"));
  // Annotations: what they hold never changes a run (config/experiment_identity.hpp).
  if (in.has("$schema")) (void)in.text("$schema");  // an editor's completion and checks
  if (in.has("tags")) {
    c.tags = in.texts("tags");
    for (std::size_t i = 0; i < c.tags.size(); ++i) {
      if (const auto problem = tag_problem(c.tags[i])) {
        throw_config_error(pointer_append(in.pointer_of("tags"), i),
                           "the tag " + Json(c.tags[i]).dump() + " " + *problem +
                               "; a tag is a label on one line (the report's Tags line)");
      }
    }
  }
  if (in.has("note")) {
    c.note = in.text("note");
    if (const auto problem = note_problem(c.note)) {
      throw_config_error(in.pointer_of("note"), "the note " + *problem +
                                                    "; a note is text about the experiment "
                                                    "(manifest.json and the report's header): "
                                                    "write one, or leave the key out");
    }
  }
  in.has("sweep");  // expanded before parsing; see sweep.hpp
  in.finish("at the top level of an experiment");
  return c;
}

}  // namespace plab
